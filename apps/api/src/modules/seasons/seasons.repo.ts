import { and, asc, desc, eq, inArray, isNull, sql, type Column } from 'drizzle-orm';
import type { PgSelectBuilder } from 'drizzle-orm/pg-core';
import { AGREEMENT_TYPE_ID, seasonPlanLabel, type SeasonPlan } from '@fm/domain';
import { rowsPlannedPerExecution, type Executor } from '../../db/client';
import { heavyWork } from '../../db/heavy-work';
import { companies, crops, cropSequences, farms, fieldCrops, fields, seasonPlans, seasons } from '../../db/schema/index';
import { plotNameSearchPage, withoutPlotName } from './field-crop-search';
import { listPage, planList, type ListPlan, type ListSpec } from '../../http/list-query';
import { idsThenRows, listStatements, type StatementShape } from '../../http/list-statement';
import { partnersJson } from '../land/index';

export const seasonList: ListSpec = {
  resource: 'season',
  fields: {
    season_id: { column: seasons.season_id, type: 'number' },
    name: { column: seasons.name, type: 'string' },
    active: { column: seasons.active, type: 'boolean' },
  },
  defaultOrder: [desc(seasons.name), desc(seasons.season_id)],
};

const planActive = sql<boolean>`(${seasons.active} and ${companies.active} and ${farms.active})`;

export const seasonPlanList: ListSpec = {
  resource: 'season_plan',
  fields: {
    season_plan_id: { column: seasonPlans.season_plan_id, type: 'number' },
    season_id: { column: seasonPlans.season_id, type: 'number' },
    company_id: { column: seasonPlans.company_id, type: 'number' },
    farm_id: { column: seasonPlans.farm_id, type: 'number' },
    active: { column: planActive, type: 'boolean' },
    // the plan's own copies of the names (triggers of migration 0003): filters and order served by its indexes
    'season.name': { column: seasonPlans.season_name, type: 'string' },
    'company.name': { column: seasonPlans.company_name, type: 'string' },
    'farm.name': { column: seasonPlans.farm_name, type: 'string' },
  },
  // as season_plans_list_idx (workspace_id, season_name desc nulls last, company_name, farm_name, season_plan_id)
  defaultOrder: [sql`${seasonPlans.season_name} desc nulls last`, asc(seasonPlans.company_name), asc(seasonPlans.farm_name), asc(seasonPlans.season_plan_id)],
  searchesOnlyInFilters: true,
};

export const fieldCropList: ListSpec = {
  resource: 'field_crop',
  fields: {
    field_crop_id: { column: fieldCrops.field_crop_id, type: 'number' },
    season_plan_id: { column: fieldCrops.season_plan_id, type: 'number' },
    field_id: { column: fieldCrops.field_id, type: 'number' },
    crop_id: { column: fieldCrops.crop_id, type: 'number' },
    crop_sequence_id: { column: fieldCrops.crop_sequence_id, type: 'number' },
    hectares: { column: fieldCrops.hectares, type: 'number' },
    // the crop's own copy of the plot's name (trigger of migration 0003): served by field_crops_list_idx and the trigram index
    'field.name': { column: fieldCrops.field_name, type: 'string' },
    'field.deleted_at': { column: fields.deleted_at, type: 'date', sortable: false },
    'crop.name': { column: crops.name, type: 'string' },
  },
  defaultOrder: [asc(fieldCrops.field_name), asc(fieldCrops.crop_sequence_id), asc(fieldCrops.field_crop_id)],
};

export type SeasonRow = typeof seasons.$inferSelect;

/** WHERE condition on field crops (also in UPDATE and DELETE): their season plan belongs to the workspace. */
export const planOfWorkspace = (workspaceId: number) =>
  sql`exists (select 1 from ${seasonPlans} where ${seasonPlans.season_plan_id} = ${fieldCrops.season_plan_id} and ${seasonPlans.workspace_id} = ${workspaceId})`;

const seasonsList = listStatements({
  columns: { season_id: seasons.season_id, name: seasons.name, active: seasons.active },
  id: seasons.season_id,
  from: (select, s) => select.from(seasons).where(and(eq(seasons.workspace_id, s.param('workspace')), s.where)),
});

export async function listSeasons(db: Executor, workspaceId: number, plan: ListPlan) {
  const values = { workspace: workspaceId };
  return listPage(db, plan, () => seasonsList.page(db, plan, values), seasonsList.matching(db, plan, values));
}

export async function findSeason(db: Executor, workspaceId: number, seasonId: number): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(and(eq(seasons.workspace_id, workspaceId), eq(seasons.season_id, seasonId)));
  return row;
}

/** The workspace's season with that name (names are unique per workspace). */
export async function findSeasonByName(db: Executor, workspaceId: number, name: string): Promise<SeasonRow | undefined> {
  const [row] = await db.select().from(seasons).where(and(eq(seasons.workspace_id, workspaceId), eq(seasons.name, name)));
  return row;
}

export async function seasonNameTaken(db: Executor, workspaceId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: seasons.season_id }).from(seasons).where(and(eq(seasons.workspace_id, workspaceId), eq(seasons.name, name)));
  return rows.some((r) => r.id !== exceptId);
}

const planColumns = {
  season_plan_id: seasonPlans.season_plan_id,
  season: { season_id: seasons.season_id, name: seasons.name, active: seasons.active },
  company: {
    company_id: companies.company_id,
    name: companies.name,
    tax_identifier: companies.tax_identifier,
    active: companies.active,
    company_type_id: companies.company_type_id,
    // in the rows' statement: a page of plans reads its agreements' partners without a statement of its own
    partners: partnersJson(companies.company_id),
  },
  farm: { farm_id: farms.farm_id, name: farms.name, active: farms.active },
};
/** Season plans with their season, company and farm: the list's FROM and joins for its page and count. */
const plansWithNames = (select: PgSelectBuilder<typeof planColumns>) =>
  select
    .from(seasonPlans)
    .innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id));
const planSelect = (db: Executor) => plansWithNames(db.select(planColumns));
type PlanRow = Awaited<ReturnType<ReturnType<typeof planSelect>['execute']>>[number];
export type PlanFilter = { season_id?: number; company_id?: number; farm_id?: number };

function planWhere(workspaceId: number, plan: ListPlan, by: PlanFilter) {
  return and(
    eq(seasonPlans.workspace_id, workspaceId),
    by.season_id ? eq(seasonPlans.season_id, by.season_id) : undefined,
    by.company_id ? eq(seasonPlans.company_id, by.company_id) : undefined,
    by.farm_id ? eq(seasonPlans.farm_id, by.farm_id) : undefined,
    plan.where,
  );
}

/** planWhere with placeholders: `by` names which of season/company/farm the request filters by. */
type PlanFilterName = keyof PlanFilter;
function planShapeWhere(s: StatementShape, given: PlanFilterName[]) {
  const by = (name: PlanFilterName, column: Column) => (given.includes(name) ? eq(column, s.param(name)) : undefined);
  return and(eq(seasonPlans.workspace_id, s.param('workspace')), by('season_id', seasonPlans.season_id), by('company_id', seasonPlans.company_id), by('farm_id', seasonPlans.farm_id), s.where);
}
/** Which of season/company/farm the request filters by, and whether the filters or order read `active` (joined). */
type PlansVariant = { given: PlanFilterName[]; active: boolean };
function matchingPlans(db: Executor, s: StatementShape, v: PlansVariant) {
  const base = db.select({ id: seasonPlans.season_plan_id }).from(seasonPlans);
  const joined = v.active
    ? base.innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id)).innerJoin(companies, eq(companies.company_id, seasonPlans.company_id)).innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id))
    : base;
  return joined.where(planShapeWhere(s, v.given)).$dynamic();
}
const plansList = idsThenRows({ matching: matchingPlans, id: seasonPlans.season_plan_id, rows: planSelect, name: 'season_plans_by_id' });

/**
 * One page of season plans (rows to shape with shapePlans) and its total: the page's ids from season_plans alone (its
 * own copies of the names serve filters and order; joined only for `active`), then their rows by a text PostgreSQL
 * plans once (the 4-relation page was planned on every request: 1.4 ms to run in 0.3 ms at 1M rows).
 */
export async function listPlans(db: Executor, workspaceId: number, plan: ListPlan, by: PlanFilter = {}) {
  const values = { workspace: workspaceId, season_id: by.season_id, company_id: by.company_id, farm_id: by.farm_id };
  const variant: PlansVariant = { given: (['season_id', 'company_id', 'farm_id'] as const).filter((k) => by[k]), active: plan.columns.has(planActive) };
  return listPage(db, plan, () => plansList.page(db, plan, values, variant), plansList.matching(db, plan, values, variant));
}

export async function findPlanRow(db: Executor, workspaceId: number, seasonPlanId: number): Promise<PlanRow | undefined> {
  const [row] = await planSelect(db).where(and(eq(seasonPlans.workspace_id, workspaceId), eq(seasonPlans.season_plan_id, seasonPlanId)));
  return row;
}

/** Spec shape of a season plan: active only when season, company and farm are all active; label season - company - farm. */
export function shapePlans(rows: PlanRow[]): SeasonPlan[] {
  return rows.map((r) => ({
    season_plan_id: r.season_plan_id,
    company: {
      company_id: r.company.company_id,
      name: r.company.name,
      tax_identifier: r.company.tax_identifier,
      active: r.company.active,
      is_an_agreement: r.company.company_type_id === AGREEMENT_TYPE_ID,
      partners: r.company.partners,
    },
    farm: r.farm,
    season: r.season,
    active: r.season.active && r.company.active && r.farm.active,
    label: seasonPlanLabel(r.season.name, r.company.name, r.farm.name),
  }));
}

/**
 * The unpaged list (`?season_id=`, the sowing plan's selector) shaped by the database as JSON text, in the order
 * and shape of shapePlans: one statement however many plans, nothing rebuilt row by row in JavaScript.
 */
export async function plansJson(db: Executor, workspaceId: number, plan: ListPlan, by: PlanFilter = {}): Promise<string> {
  const partners = partnersJson(companies.company_id);
  // planned per execution: a generic plan walked the list index for one season's plans (36 ms against 4 at 1M rows)
  const [row] = await heavyWork(db, () =>
    rowsPlannedPerExecution<{ json: string }>(
    db,
    sql`select coalesce(json_agg(p.j), '[]'::json)::text as json from (
      select json_build_object(
        'season_plan_id', ${seasonPlans.season_plan_id},
        'company', json_build_object('company_id', ${companies.company_id}, 'name', ${companies.name}, 'tax_identifier', ${companies.tax_identifier},
          'active', ${companies.active}, 'is_an_agreement', ${companies.company_type_id} = ${AGREEMENT_TYPE_ID}, 'partners', ${partners}),
        'farm', json_build_object('farm_id', ${farms.farm_id}, 'name', ${farms.name}, 'active', ${farms.active}),
        'season', json_build_object('season_id', ${seasons.season_id}, 'name', ${seasons.name}, 'active', ${seasons.active}),
        'active', ${seasons.active} and ${companies.active} and ${farms.active},
        'label', ${seasons.name} || ' - ' || ${companies.name} || ' - ' || ${farms.name}) as j
      from ${seasonPlans}
      join ${seasons} on ${seasons.season_id} = ${seasonPlans.season_id}
      join ${companies} on ${companies.company_id} = ${seasonPlans.company_id}
      join ${farms} on ${farms.farm_id} = ${seasonPlans.farm_id}
      where ${planWhere(workspaceId, plan, by)}
      order by ${sql.join(plan.orderBy, sql`, `)}
      limit ${plan.limit}
    ) p`,
    ),
  );
  return row?.json ?? '[]';
}

export async function planLabelsOfSeason(db: Executor, seasonId: number): Promise<string[]> {
  const rows = await planSelect(db).where(eq(seasonPlans.season_id, seasonId)).limit(3);
  return rows.map((r) => seasonPlanLabel(r.season.name, r.company.name, r.farm.name));
}

/** Field crops (not deleted) of season plans of the workspace, with plot, crop and sequence names. */
export async function listFieldCropRows(db: Executor, workspaceId: number, plan: ListPlan, extra: { season_plan_id?: number; ids?: number[] } = {}) {
  return fieldCropsList.page(db, plan, ...fieldCropValues(workspaceId, plan, extra));
}

type FieldCropExtra = { season_plan_id?: number; ids?: number[] };
/** Whether the request narrows to a plan and/or to ids, and whether its filters or order name the plot's or the crop's columns. */
type FieldCropVariant = { plan: boolean; ids: boolean; field: boolean; crop: boolean };
const fieldCropValues = (workspaceId: number, plan: ListPlan, extra: FieldCropExtra) =>
  [
    { workspace: workspaceId, season_plan_id: extra.season_plan_id, ids: extra.ids },
    { plan: Boolean(extra.season_plan_id), ids: Boolean(extra.ids), field: plan.columns.has(fields.deleted_at), crop: plan.columns.has(crops.name) } satisfies FieldCropVariant,
  ] as const;

/** fieldCropWhere with placeholders; `variant` says whether the request narrows to a plan and/or to ids. */
function fieldCropShapeWhere(s: StatementShape, variant: FieldCropVariant) {
  return and(
    eq(fieldCrops.workspace_id, s.param('workspace')),
    isNull(fieldCrops.deleted_at),
    variant.plan ? eq(fieldCrops.season_plan_id, s.param('season_plan_id')) : undefined,
    variant.ids ? sql`${fieldCrops.field_crop_id} = any(${s.param('ids')}::int[])` : undefined,
    s.where,
  );
}

/**
 * The field crops a request lists: field_crops alone (an index walk on field_crops_list_idx), joined to the plot or the
 * crop only when the filters or the order name them. Each is a required foreign key: the join neither narrows nor
 * multiplies the rows.
 */
function matchingFieldCrops(db: Executor, s: StatementShape, v: FieldCropVariant) {
  let q = db.select({ id: fieldCrops.field_crop_id }).from(fieldCrops).$dynamic();
  if (v.field) q = q.innerJoin(fields, eq(fields.field_id, fieldCrops.field_id));
  if (v.crop) q = q.innerJoin(crops, eq(crops.crop_id, fieldCrops.crop_id));
  return q.where(fieldCropShapeWhere(s, v));
}

function fieldCropSelect(db: Executor) {
  return db
    .select({
      field_crop_id: fieldCrops.field_crop_id,
      season_plan_id: fieldCrops.season_plan_id,
      field_id: fieldCrops.field_id,
      field: { field_id: fields.field_id, name: fields.name, hectares: fields.hectares, deleted_at: fields.deleted_at },
      crop_id: fieldCrops.crop_id,
      crop_name: crops.name,
      crop_sequence_id: fieldCrops.crop_sequence_id,
      crop_sequence_name: cropSequences.name,
      hectares: fieldCrops.hectares,
    })
    .from(fieldCrops)
    .innerJoin(fields, eq(fields.field_id, fieldCrops.field_id))
    .innerJoin(crops, eq(crops.crop_id, fieldCrops.crop_id))
    .innerJoin(cropSequences, eq(cropSequences.crop_sequence_id, fieldCrops.crop_sequence_id));
}

/** Ids first, rows by one text planned once: as one statement the 4-relation page was planned on every request (1.1 ms to run in 0.5). */
const fieldCropsList = idsThenRows({ matching: matchingFieldCrops, id: fieldCrops.field_crop_id, rows: fieldCropSelect, name: 'field_crops_by_id' });

/**
 * The crop's workspace_id is its plan's (copied by a trigger, never written by the app): the list reads it from
 * field_crops_list_idx instead of joining every plan of the workspace.
 */
function fieldCropWhere(workspaceId: number, plan: ListPlan, extra: FieldCropExtra) {
  return and(
    eq(fieldCrops.workspace_id, workspaceId),
    isNull(fieldCrops.deleted_at),
    extra.season_plan_id ? eq(fieldCrops.season_plan_id, extra.season_plan_id) : undefined,
    extra.ids ? inArray(fieldCrops.field_crop_id, extra.ids) : undefined,
    plan.where,
  );
}

/** One page of field crops (API shape) and its total. `nameSearch`: plotNameSearch of the request's filters. */
export async function listFieldCrops(db: Executor, workspaceId: number, plan: ListPlan, extra: { season_plan_id?: number; nameSearch?: string } = {}) {
  const matching = fieldCropsList.matching(db, plan, ...fieldCropValues(workspaceId, plan, extra));
  const byName =
    extra.nameSearch !== undefined && !extra.season_plan_id && plan.paginated && plan.orderBy === fieldCropList.defaultOrder
      ? await plotNameSearchPage(
          db,
          plan,
          extra.nameSearch,
          fieldCropWhere(workspaceId, planList({ filters: withoutPlotName(plan.filters) }, fieldCropList), extra),
          (ids) => listFieldCropRows(db, workspaceId, { ...plan, limit: ids.length, offset: 0 }, { ids }),
          matching,
        )
      : undefined;
  const page = byName ?? (await listPage(db, plan, () => listFieldCropRows(db, workspaceId, plan, extra), matching));
  return { ...page, data: page.data.map(shapeFieldCrop) };
}

export type FieldCropListRow = Awaited<ReturnType<typeof listFieldCropRows>>[number];

/** Field crop rows as the API answers them (dates as ISO text). */
export function shapeFieldCrop(r: FieldCropListRow) {
  return { ...r, field: { ...r.field, deleted_at: r.field.deleted_at ? r.field.deleted_at.toISOString() : null } };
}

export async function countPlanFieldCrops(db: Executor, seasonPlanId: number): Promise<string[]> {
  const rows = await db
    .select({ name: fields.name })
    .from(fieldCrops)
    .innerJoin(fields, eq(fields.field_id, fieldCrops.field_id))
    .where(and(eq(fieldCrops.season_plan_id, seasonPlanId), isNull(fieldCrops.deleted_at)))
    .orderBy(asc(fields.name));
  return rows.map((r) => r.name);
}
