import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { GRAIN_MSG } from '@fm/domain';
import type { Executor } from '../../db/client';
import { agreementPartners, carriers, companies, destinations, fieldCrops, seasonPlans, transports } from '../../db/schema/index';
import { AppError, notFound } from '../../http/errors';
import { sharedInto } from '../../http/sharing';

/**
 * Checks the ids of movement-like bodies against the workspace, in a few batched queries (a bulk load sends
 * thousands): season plan (by id or by season, company and farm) and its plot, destination, transport and carrier
 * (shared into the workspace; the carrier of the transport), partner (required for an agreement company, one of its
 * partners). Another workspace's record answers 404 without naming it; a rule answers 422 with the row's location.
 * Plates default from the carrier.
 */
export type PlanRef = { season_plan_id: number | null; season_id: number | null; company_id: number | null; farm_id: number | null };
export type OriginInput = PlanRef & { field_crop_id: number; partner_id: number | null };
export type TransportInput = { destination_id: number; transport_id: number; carrier_id: number | null; chassis_patent: string | null; trailer_patent: string | null };

export type ResolvedOrigin = { season_id: number; company_id: number; farm_id: number; field_id: number; field_crop_id: number; crop_id: number; crop_sequence_id: number; partner_id: number | null };
export type ResolvedTransport = { destination_id: number; destination_type: string; destination_name: string; transport_id: number; carrier_id: number | null; chassis_patent: string | null; trailer_patent: string | null };

export const PLOT_NOT_FOUND = 'No se encontró el lote';
export const CARRIER_NOT_FOUND = 'No se encontró el chofer';
const fail = (loc: (string | number)[], msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', ...loc], msg }]);

type Plan = { season_plan_id: number; season_id: number; company_id: number; farm_id: number; company_type_id: number };

async function plansOf(db: Executor, workspaceId: number, refs: PlanRef[]): Promise<Plan[]> {
  const byId = [...new Set(refs.flatMap((r) => (r.season_plan_id !== null ? [r.season_plan_id] : [])))];
  const byKey = refs.filter((r) => r.season_plan_id === null && r.season_id !== null && r.company_id !== null && r.farm_id !== null);
  const conds: SQL[] = [];
  if (byId.length) conds.push(inArray(seasonPlans.season_plan_id, byId));
  const seasonIds = [...new Set(byKey.map((r) => r.season_id as number))];
  if (byKey.length) conds.push(and(inArray(seasonPlans.season_id, seasonIds), inArray(seasonPlans.company_id, [...new Set(byKey.map((r) => r.company_id as number))])) as SQL);
  if (!conds.length) return [];
  return db
    .select({
      season_plan_id: seasonPlans.season_plan_id,
      season_id: seasonPlans.season_id,
      company_id: seasonPlans.company_id,
      farm_id: seasonPlans.farm_id,
      company_type_id: companies.company_type_id,
    })
    .from(seasonPlans)
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .where(and(eq(seasonPlans.workspace_id, workspaceId), or(...conds)));
}

const planKey = (season: number, company: number, farm: number) => `${season}|${company}|${farm}`;

/** Resolves the origin plan and plot of each body (row index `rowOf(i)` in locations, `[]` for a single body). */
export async function resolveOrigins(db: Executor, workspaceId: number, rows: OriginInput[], locOf: (i: number) => (string | number)[] = () => []): Promise<ResolvedOrigin[]> {
  const plans = await plansOf(db, workspaceId, rows);
  const planById = new Map(plans.map((p) => [p.season_plan_id, p]));
  const planByKey = new Map(plans.map((p) => [planKey(p.season_id, p.company_id, p.farm_id), p]));
  const plotIds = [...new Set(rows.map((r) => r.field_crop_id))];
  const plots = new Map(
    (
      await db
        .select({ field_crop_id: fieldCrops.field_crop_id, season_plan_id: fieldCrops.season_plan_id, field_id: fieldCrops.field_id, crop_id: fieldCrops.crop_id, crop_sequence_id: fieldCrops.crop_sequence_id })
        .from(fieldCrops)
        .where(and(eq(fieldCrops.workspace_id, workspaceId), inArray(fieldCrops.field_crop_id, plotIds), isNull(fieldCrops.deleted_at)))
    ).map((p) => [p.field_crop_id, p]),
  );
  const agreementIds = [...new Set(plans.filter((p) => p.company_type_id === 2).map((p) => p.company_id))];
  const partnerPairs = new Set(
    agreementIds.length
      ? (await db.select({ c: agreementPartners.company_id, p: agreementPartners.partner_id }).from(agreementPartners).where(inArray(agreementPartners.company_id, agreementIds))).map((r) => `${r.c}|${r.p}`)
      : [],
  );
  return rows.map((r, i) => {
    const plan = r.season_plan_id !== null ? planById.get(r.season_plan_id) : planByKey.get(planKey(r.season_id ?? 0, r.company_id ?? 0, r.farm_id ?? 0));
    if (!plan) throw notFound(GRAIN_MSG.planNotFound);
    const plot = plots.get(r.field_crop_id);
    if (!plot) throw notFound(PLOT_NOT_FOUND);
    if (plot.season_plan_id !== plan.season_plan_id) throw fail([...locOf(i), 'field_crop_id'], GRAIN_MSG.plotNotInPlan);
    if (plan.company_type_id === 2) {
      if (r.partner_id === null) throw fail([...locOf(i), 'partner_id'], GRAIN_MSG.partnerRequired);
      if (!partnerPairs.has(`${plan.company_id}|${r.partner_id}`)) throw fail([...locOf(i), 'partner_id'], GRAIN_MSG.partnerNotInAgreement);
    } else if (r.partner_id !== null) throw fail([...locOf(i), 'partner_id'], GRAIN_MSG.partnerNotInAgreement);
    return {
      season_id: plan.season_id,
      company_id: plan.company_id,
      farm_id: plan.farm_id,
      field_id: plot.field_id,
      field_crop_id: plot.field_crop_id,
      crop_id: plot.crop_id,
      crop_sequence_id: plot.crop_sequence_id,
      partner_id: r.partner_id,
    };
  });
}

/** Destinations shared into the workspace, by id (404 for any other). */
export async function visibleDestinations(db: Executor, workspaceId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({ destination_id: destinations.destination_id, name: destinations.name, destination_type: destinations.destination_type, farm_id: destinations.farm_id })
        .from(destinations)
        .where(and(inArray(destinations.destination_id, unique), sharedInto('destinations', destinations.destination_id, workspaceId)))
    : [];
  if (rows.length !== unique.length) throw notFound(GRAIN_MSG.destinationNotFound);
  return new Map(rows.map((d) => [d.destination_id, d]));
}

/** Destination, transport and carrier of each body, with the plates (the carrier's when not given). */
export async function resolveTransports(db: Executor, workspaceId: number, rows: TransportInput[], locOf: (i: number) => (string | number)[] = () => []): Promise<ResolvedTransport[]> {
  const dests = await visibleDestinations(db, workspaceId, rows.map((r) => r.destination_id));
  const transportIds = [...new Set(rows.map((r) => r.transport_id))];
  const visibleTransports = new Set(
    (await db.select({ id: transports.transport_id }).from(transports).where(and(inArray(transports.transport_id, transportIds), sharedInto('transports', transports.transport_id, workspaceId)))).map((t) => t.id),
  );
  const carrierIds = [...new Set(rows.flatMap((r) => (r.carrier_id !== null ? [r.carrier_id] : [])))];
  const carrierRows = new Map(
    (carrierIds.length
      ? await db
          .select({ carrier_id: carriers.carrier_id, transport_id: carriers.transport_id, chassis_patent: carriers.chassis_patent, trailer_patent: carriers.trailer_patent })
          .from(carriers)
          .where(and(inArray(carriers.carrier_id, carrierIds), sharedInto('transports', carriers.transport_id, workspaceId)))
      : []
    ).map((c) => [c.carrier_id, c]),
  );
  return rows.map((r, i) => {
    const d = dests.get(r.destination_id);
    if (!d) throw notFound(GRAIN_MSG.destinationNotFound);
    if (!visibleTransports.has(r.transport_id)) throw notFound(GRAIN_MSG.transportNotFound);
    const c = r.carrier_id !== null ? carrierRows.get(r.carrier_id) : undefined;
    if (r.carrier_id !== null && !c) throw notFound(CARRIER_NOT_FOUND);
    if (c && c.transport_id !== r.transport_id) throw fail([...locOf(i), 'carrier_id'], GRAIN_MSG.carrierNotInTransport);
    return {
      destination_id: d.destination_id,
      destination_type: d.destination_type,
      destination_name: d.name,
      transport_id: r.transport_id,
      carrier_id: r.carrier_id,
      chassis_patent: r.chassis_patent ?? c?.chassis_patent ?? null,
      trailer_patent: r.trailer_patent ?? c?.trailer_patent ?? null,
    };
  });
}

/** The partner of a movement out of a stock: required and one of the partners when the company is an agreement. */
export async function checkPartner(db: Executor, companyId: number, partnerId: number | null): Promise<void> {
  const [c] = await db.select({ type: companies.company_type_id }).from(companies).where(eq(companies.company_id, companyId));
  if (c?.type !== 2) {
    if (partnerId !== null) throw fail(['partner_id'], GRAIN_MSG.partnerNotInAgreement);
    return;
  }
  if (partnerId === null) throw fail(['partner_id'], GRAIN_MSG.partnerRequired);
  const [p] = await db
    .select({ id: agreementPartners.partner_id })
    .from(agreementPartners)
    .where(and(eq(agreementPartners.company_id, companyId), eq(agreementPartners.partner_id, partnerId)));
  if (!p) throw fail(['partner_id'], GRAIN_MSG.partnerNotInAgreement);
}
