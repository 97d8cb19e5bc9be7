import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { AGREEMENT_TYPE_ID, bulkKey, groupBy, type BulkLookups } from '@fm/domain';
import type { Executor } from '../../../db/client';
import { agreementPartners, carriers, companies, destinations, farms, fieldCrops, fields, seasonPlans, seasons, transports } from '../../../db/schema/index';
import { sharedInto } from '../../../http/sharing';
import type { TemplateLists } from './bulk-template';

/** The label of a season plan, as the movement form shows it: 'Campaña - Empresa - Establecimiento'. */
export const planLabel = (p: { season_name: string; company_name: string; farm_name: string }) => `${p.season_name} - ${p.company_name} - ${p.farm_name}`;

/**
 * What a bulk file may name in this workspace: active seasons' plans of active farms with their plots and partners,
 * active Acopio destinations, active transports with their drivers. Six statements, whatever the file's size.
 */
export async function loadBulkChoices(db: Executor, workspaceId: number) {
  const plans = await db
    .select({
      season_plan_id: seasonPlans.season_plan_id,
      company_id: seasonPlans.company_id,
      season_name: seasons.name,
      company_name: companies.name,
      company_type_id: companies.company_type_id,
      farm_name: farms.name,
    })
    .from(seasonPlans)
    .innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id))
    .where(and(eq(seasonPlans.workspace_id, workspaceId), eq(seasons.active, true), eq(farms.active, true)))
    .orderBy(asc(seasons.name), asc(companies.name), asc(farms.name));
  const planIds = plans.map((p) => p.season_plan_id);
  const companyIds = [...new Set(plans.map((p) => p.company_id))];
  const [plots, partners, acopios, transportRows] = await Promise.all([
    planIds.length
      ? db
          .select({ season_plan_id: fieldCrops.season_plan_id, field_crop_id: fieldCrops.field_crop_id, name: fields.name })
          .from(fieldCrops)
          .innerJoin(fields, eq(fields.field_id, fieldCrops.field_id))
          .where(and(eq(fieldCrops.workspace_id, workspaceId), inArray(fieldCrops.season_plan_id, planIds), isNull(fieldCrops.deleted_at), isNull(fields.deleted_at)))
          .orderBy(asc(fields.name))
      : [],
    companyIds.length
      ? db
          .select({ company_id: agreementPartners.company_id, partner_id: agreementPartners.partner_id, name: companies.name })
          .from(agreementPartners)
          .innerJoin(companies, eq(companies.company_id, agreementPartners.partner_id))
          .where(inArray(agreementPartners.company_id, companyIds))
      : [],
    db
      .select({ destination_id: destinations.destination_id, name: destinations.name })
      .from(destinations)
      .where(and(eq(destinations.destination_type, 'Acopio'), eq(destinations.active, true), sharedInto('destinations', destinations.destination_id, workspaceId)))
      .orderBy(asc(destinations.name)),
    db
      .select({ transport_id: transports.transport_id, name: transports.name })
      .from(transports)
      .where(and(eq(transports.active, true), sharedInto('transports', transports.transport_id, workspaceId)))
      .orderBy(asc(transports.name)),
  ]);
  const transportIds = transportRows.map((t) => t.transport_id);
  const drivers = transportIds.length
    ? await db
        .select({ carrier_id: carriers.carrier_id, transport_id: carriers.transport_id, name: carriers.name, chassis_patent: carriers.chassis_patent, trailer_patent: carriers.trailer_patent })
        .from(carriers)
        .where(and(inArray(carriers.transport_id, transportIds), eq(carriers.active, true)))
        .orderBy(asc(carriers.name))
    : [];
  return { plans, plots, partners, acopios, transports: transportRows, drivers };
}
type Choices = Awaited<ReturnType<typeof loadBulkChoices>>;

/** The choices keyed for `validateBulkRows`. */
export function bulkLookups(c: Choices): BulkLookups {
  const plots = groupBy(c.plots, (p) => p.season_plan_id);
  const partners = groupBy(c.partners, (p) => p.company_id);
  const drivers = groupBy(c.drivers, (d) => d.transport_id);
  return {
    plans: new Map(
      c.plans.map((p) => [
        bulkKey(planLabel(p)),
        {
          season_plan_id: p.season_plan_id,
          agreement: p.company_type_id === AGREEMENT_TYPE_ID,
          partners: new Map((partners.get(p.company_id) ?? []).map((x) => [bulkKey(x.name), x.partner_id])),
          plots: new Map((plots.get(p.season_plan_id) ?? []).map((x) => [bulkKey(x.name), x.field_crop_id])),
        },
      ]),
    ),
    destinations: new Map(c.acopios.map((d) => [bulkKey(d.name), d.destination_id])),
    transports: new Map(
      c.transports.map((t) => [
        bulkKey(t.name),
        { transport_id: t.transport_id, drivers: new Map((drivers.get(t.transport_id) ?? []).map((d) => [bulkKey(d.name), { carrier_id: d.carrier_id, chassis_patent: d.chassis_patent, trailer_patent: d.trailer_patent }])) },
      ]),
    ),
  };
}

/** The template's dropdown lists (unique names, in order). */
export function templateLists(c: Choices): TemplateLists {
  const unique = (names: string[]) => [...new Set(names)];
  return {
    farms: c.plans.map(planLabel),
    plots: unique(c.plots.map((p) => p.name)),
    destinations: c.acopios.map((d) => d.name),
    partners: unique(c.partners.map((p) => p.name)),
    transports: c.transports.map((t) => t.name),
    drivers: unique(c.drivers.map((d) => d.name)),
  };
}
