import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  CarrierBody,
  CarrierUpdateBody,
  ContactBody,
  ContactUpdateBody,
  DestinationBody,
  DestinationUpdateBody,
  destinationFarmError,
  livestockAgentLabel,
  livestockAgentRoleError,
  LivestockAgentBody,
  LivestockAgentUpdateBody,
  MASTER_DATA_MSG,
} from '@fm/domain';
import { buyers, carriers, contractors, destinations, farms, livestockAgents, providers, transports } from '../../db/schema/index';
import { invalid } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import type { FieldMap } from '../../http/list-query';
import { refVisible, type RefTarget, type ResourceDef, type ResourceTable } from './crud.repo';

/** List fields every contact-like resource (provider, buyer, transport, contractor, agent) offers. */
function contactFields(table: typeof providers | typeof buyers | typeof transports | typeof contractors | typeof livestockAgents, id: PgColumn): FieldMap {
  return {
    [id.name]: { column: id, type: 'number' },
    name: { column: table.name, type: 'string' },
    tax_identifier: { column: table.tax_identifier, type: 'string' },
    contact_name: { column: table.contact_name, type: 'string' },
    email: { column: table.email, type: 'string' },
    phone: { column: table.phone, type: 'string' },
    observations: { column: table.observations, type: 'string', sortable: false },
    active: { column: table.active, type: 'boolean' },
    created_at: { column: table.created_at, type: 'date' },
  };
}

function contactResource(
  table: typeof providers | typeof buyers | typeof transports | typeof contractors,
  id: PgColumn,
  names: { path: string; type: 'providers' | 'buyers' | 'transports' | 'contractors'; resource: string; noun: string },
): ResourceDef {
  return {
    ...names,
    feature: 'resources',
    table: table as ResourceTable,
    id,
    idParam: id.name,
    sharing: names.type,
    createBody: ContactBody,
    updateBody: ContactUpdateBody,
    fields: contactFields(table, id),
  };
}

export const providersDef = contactResource(providers, providers.provider_id, { path: 'providers', type: 'providers', resource: 'provider', noun: 'proveedor' });
export const buyersDef = contactResource(buyers, buyers.buyer_id, { path: 'buyers', type: 'buyers', resource: 'buyer', noun: 'comprador' });
export const transportsDef = contactResource(transports, transports.transport_id, { path: 'transports', type: 'transports', resource: 'transport', noun: 'transporte' });
export const contractorsDef = contactResource(contractors, contractors.contractor_id, { path: 'contractors', type: 'contractors', resource: 'contractor', noun: 'contratista' });

export const livestockAgentsDef: ResourceDef = {
  path: 'livestock-agents',
  feature: 'resources',
  type: 'livestock_agents',
  resource: 'livestock_agent',
  noun: 'consignatario',
  table: livestockAgents as ResourceTable,
  id: livestockAgents.livestock_agent_id,
  idParam: 'livestock_agent_id',
  sharing: 'livestock_agents',
  createBody: LivestockAgentBody,
  updateBody: LivestockAgentUpdateBody,
  fields: {
    ...contactFields(livestockAgents, livestockAgents.livestock_agent_id),
    is_seller: { column: livestockAgents.is_seller, type: 'boolean' },
    is_buyer: { column: livestockAgents.is_buyer, type: 'boolean' },
  },
  async validate(_db, _scope, row) {
    const error = livestockAgentRoleError(row as { is_seller?: boolean; is_buyer?: boolean });
    if (error) throw invalid(error.field, error.msg);
  },
  present: (row) => ({ ...row, label: livestockAgentLabel(Boolean(row.is_seller), Boolean(row.is_buyer)) }),
};

const transportRef: RefTarget = { table: transports as ResourceTable, id: transports.transport_id, sharing: 'transports' };
const farmRef: RefTarget = { table: farms as ResourceTable, id: farms.farm_id, sharing: 'farms' };
const buyerRef: RefTarget = { table: buyers as ResourceTable, id: buyers.buyer_id, sharing: 'buyers' };

/** Name of a referenced record; the outer column is table-qualified (drizzle leaves single-table selects unqualified). */
const nameOf = (target: typeof transports | typeof farms | typeof buyers, targetId: string, outer: string, fk: string) =>
  sql<string | null>`(select r.name from ${target} r where r.${sql.identifier(targetId)} = ${sql.identifier(outer)}.${sql.identifier(fk)})`;

const transportName = nameOf(transports, 'transport_id', 'carriers', 'transport_id');

/** Choferes: visible wherever their transport is shared. */
export const carriersDef: ResourceDef = {
  path: 'carriers',
  feature: 'resources',
  type: 'carriers',
  resource: 'carrier',
  noun: 'chofer',
  table: carriers as ResourceTable,
  id: carriers.carrier_id,
  idParam: 'carrier_id',
  sharing: null,
  visibleIn: (workspaceId) => sharedInto('transports', carriers.transport_id, workspaceId),
  createBody: CarrierBody,
  updateBody: CarrierUpdateBody,
  fields: {
    carrier_id: { column: carriers.carrier_id, type: 'number' },
    transport_id: { column: carriers.transport_id, type: 'number' },
    transport_name: { column: transportName, type: 'string' },
    name: { column: carriers.name, type: 'string' },
    tax_identifier: { column: carriers.tax_identifier, type: 'string' },
    chassis_patent: { column: carriers.chassis_patent, type: 'string' },
    trailer_patent: { column: carriers.trailer_patent, type: 'string' },
    active: { column: carriers.active, type: 'boolean' },
  },
  queryParams: ['transport_id'],
  extraColumns: { transport_name: transportName },
  async validate(db, scope, row) {
    if (!(await refVisible(db, scope, transportRef, Number(row.transport_id)))) throw invalid('transport_id', MASTER_DATA_MSG.transportNotFound);
  },
};

const farmName = nameOf(farms, 'farm_id', 'destinations', 'farm_id');
const buyerName = nameOf(buyers, 'buyer_id', 'destinations', 'buyer_id');

/** Acopio (optionally a buyer's) or Silo / Silobolsa on a farm. */
export const destinationsDef: ResourceDef = {
  path: 'destinations',
  feature: 'destinations',
  type: 'destinations',
  resource: 'destination',
  noun: 'destino',
  table: destinations as ResourceTable,
  id: destinations.destination_id,
  idParam: 'destination_id',
  sharing: 'destinations',
  createBody: DestinationBody,
  updateBody: DestinationUpdateBody,
  fields: {
    destination_id: { column: destinations.destination_id, type: 'number' },
    name: { column: destinations.name, type: 'string' },
    destination_type: { column: destinations.destination_type, type: 'string' },
    farm_id: { column: destinations.farm_id, type: 'number' },
    farm_name: { column: farmName, type: 'string' },
    buyer_id: { column: destinations.buyer_id, type: 'number' },
    buyer_name: { column: buyerName, type: 'string' },
    active: { column: destinations.active, type: 'boolean' },
  },
  queryParams: ['destination_type'],
  extraColumns: { farm_name: farmName, buyer_name: buyerName },
  async validate(db, scope, row) {
    const farmError = destinationFarmError(row as { destination_type?: string; farm_id?: number | null });
    if (farmError) throw invalid(farmError.field, farmError.msg);
    if (row.farm_id && !(await refVisible(db, scope, farmRef, Number(row.farm_id)))) throw invalid('farm_id', MASTER_DATA_MSG.farmNotFound);
    if (row.buyer_id && !(await refVisible(db, scope, buyerRef, Number(row.buyer_id)))) throw invalid('buyer_id', MASTER_DATA_MSG.buyerNotFound);
  },
};

export const RESOURCE_DEFS: ResourceDef[] = [providersDef, buyersDef, livestockAgentsDef, transportsDef, carriersDef, destinationsDef, contractorsDef];
