import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { seasonPlanLabel, type Boundary, type Farm, type Field } from '@fm/domain';
import type { Executor } from '../../db/client';
import { cities, companies, districts, farms, fieldCrops, fields, seasonPlans, seasons, states } from '../../db/schema/index';
import { listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { sharedWorkspacesJson } from '../../http/sharing';
import type { Use } from '../../http/usage-checks';
import { scopeValues, visibleIn, visibleInShape, type ResourceScope } from '../../http/resource-scope';
import { idsThenRows, listStatements, type StatementShape } from '../../http/list-statement';
import { oncePerDb } from '../../db/once-per-db';

export const farmList: ListSpec = {
  resource: 'farm',
  fields: {
    farm_id: { column: farms.farm_id, type: 'number' },
    name: { column: farms.name, type: 'string' },
    active: { column: farms.active, type: 'boolean' },
    city_id: { column: farms.city_id, type: 'number' },
    'city.name': { column: cities.name, type: 'string' },
    state_id: { column: cities.state_id, type: 'number' },
    'state.name': { column: states.name, type: 'string' },
  },
  defaultOrder: [asc(farms.name), asc(farms.farm_id)],
  searchesOnlyInFilters: true,
};

export const fieldList: ListSpec = {
  resource: 'field',
  fields: {
    field_id: { column: fields.field_id, type: 'number' },
    farm_id: { column: fields.farm_id, type: 'number' },
    name: { column: fields.name, type: 'string' },
    hectares: { column: fields.hectares, type: 'number' },
    active: { column: fields.active, type: 'boolean' },
    'farm.name': { column: farms.name, type: 'string' },
  },
  defaultOrder: [asc(farms.name), asc(fields.name), asc(fields.field_id)],
  searchesOnlyInFilters: true,
};

export const farmVisible = (scope: ResourceScope) => visibleIn(scope, 'farms', farms.farm_id, farms.user_id);
/** WHERE condition on plots (also in UPDATE and DELETE): the plot's farm is visible in the scope. */
export const fieldVisible = (scope: ResourceScope) => sql`exists (select 1 from ${farms} where ${farms.farm_id} = ${fields.farm_id} and ${farmVisible(scope)})`;
export type FarmRow = typeof farms.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;

const farmColumns = {
  farm_id: farms.farm_id,
  name: farms.name,
  active: farms.active,
  city_id: farms.city_id,
  city_name: cities.name,
  district_id: districts.district_id,
  district_name: districts.name,
  state_id: states.state_id,
  state_name: states.name,
  // in the rows' statement, so a page of farms needs no statement of its own for them (issue 8): the hectares of
  // the active plots and how many plots (not deleted), never the plots' boundaries (~165 plots a farm at 1M rows);
  // and the workspaces the farm is shared into
  plots: sql<{ hectares: number | null; count: number }>`(select json_build_object('hectares', sum(f.hectares) filter (where f.active), 'count', count(*))
    from ${fields} f where f.farm_id = ${farms.farm_id} and f.deleted_at is null)`,
  workspaces: sharedWorkspacesJson('farms', farms.farm_id),
};

function farmSelect(db: Executor) {
  return db
    .select(farmColumns)
    .from(farms)
    .leftJoin(cities, eq(cities.city_id, farms.city_id))
    .leftJoin(states, eq(states.state_id, cities.state_id))
    .leftJoin(districts, eq(districts.district_id, cities.district_id));
}

/**
 * One page of the farms visible in the scope and its total: the page's ids (joined to the locality and province only
 * when a filter or the order names them), then their rows by a text PostgreSQL plans once (the 5-relation page was
 * planned on every request: 1.4 ms to run in 0.3 ms at 1M rows).
 */
export async function listFarms(db: Executor, scope: ResourceScope, plan: ListPlan) {
  const values = scopeValues(scope);
  const variant: FarmsVariant = { scope: scope.kind, places: namesPlaces(plan) };
  return listPage(db, plan, () => farmsList.page(db, plan, values, variant), farmsList.matching(db, plan, values, variant));
}

type FarmsVariant = { scope: ResourceScope['kind']; places: boolean };
/** Whether the plan's filters or order name the locality's or the province's columns. */
const namesPlaces = (plan: ListPlan) => [cities.name, cities.state_id, states.name].some((c) => plan.columns.has(c));
const farmShapeWhere = (s: StatementShape, kind: ResourceScope['kind']) => and(visibleInShape(s, kind, 'farms', farms.farm_id, farms.user_id), s.where);
function matchingFarms(db: Executor, s: StatementShape, v: FarmsVariant) {
  const base = db.select({ id: farms.farm_id }).from(farms);
  const joined = v.places ? base.leftJoin(cities, eq(cities.city_id, farms.city_id)).leftJoin(states, eq(states.state_id, cities.state_id)) : base;
  return joined.where(farmShapeWhere(s, v.scope)).$dynamic();
}
const farmsList = idsThenRows({ matching: matchingFarms, id: farms.farm_id, rows: farmSelect, name: 'farms_by_id' });

type FarmListRow = Awaited<ReturnType<ReturnType<typeof farmSelect>['execute']>>[number];

export async function findFarmRow(db: Executor, scope: ResourceScope, farmId: number): Promise<FarmListRow | undefined> {
  const [row] = await farmSelect(db).where(and(eq(farms.farm_id, farmId), farmVisible(scope)));
  return row;
}

export async function findFarm(db: Executor, scope: ResourceScope, farmId: number): Promise<FarmRow | undefined> {
  const [row] = await db.select().from(farms).where(and(eq(farms.farm_id, farmId), farmVisible(scope)));
  return row;
}

export function shapeField(f: FieldRow): Field {
  return {
    field_id: f.field_id,
    farm_id: f.farm_id,
    name: f.name,
    hectares: Number(f.hectares),
    boundary: (f.boundary as Boundary | null) ?? null,
    boundary_hectares: f.boundary_hectares === null ? null : Number(f.boundary_hectares),
    active: f.active,
    field_mapping_synced_at: f.field_mapping_synced_at?.toISOString() ?? null,
  };
}

/** Plots (not deleted) of each farm, by farm id. */
export async function fieldsOf(db: Executor, farmIds: number[]): Promise<Map<number, Field[]>> {
  const out = new Map<number, Field[]>();
  if (!farmIds.length) return out;
  const rows = await plotsOfFarms(db).execute({ ids: farmIds });
  for (const r of rows) out.set(r.farm_id, [...(out.get(r.farm_id) ?? []), shapeField(r)]);
  return out;
}

type PlotTotals = { hectares: number; count: number };

// every page of farms with its plots runs it: built once, the ids as one array parameter (decision 0026)
const plotsOfFarms = oncePerDb((db) =>
  db
    .select()
    .from(fields)
    .where(and(sql`${fields.farm_id} = any(${sql.placeholder('ids')}::int[])`, isNull(fields.deleted_at)))
    .orderBy(asc(fields.name), asc(fields.field_id))
    .prepare('plots_of_farms'),
);

const plotTotals = (plots: Field[]): PlotTotals => ({ hectares: plots.filter((f) => f.active).reduce((acc, f) => acc + f.hectares, 0), count: plots.length });

/** API shape of farms: city, district and province derived from the locality; plots when asked, their count always. */
export async function shapeFarms(db: Executor, rows: FarmListRow[], withFields: boolean): Promise<Farm[]> {
  const ids = rows.map((r) => r.farm_id);
  const plots = withFields ? await fieldsOf(db, ids) : new Map<number, Field[]>();
  return rows.map((r) => {
    const farmFields = plots.get(r.farm_id) ?? [];
    const totals = withFields ? plotTotals(farmFields) : { hectares: r.plots.hectares ?? 0, count: r.plots.count };
    return {
      farm_id: r.farm_id,
      name: r.name,
      active: r.active,
      city_id: r.city_id,
      city: r.city_id !== null && r.city_name !== null && r.district_id !== null ? { city_id: r.city_id, name: r.city_name, district_id: r.district_id, district_name: r.district_name ?? '' } : null,
      state: r.state_id !== null && r.state_name !== null ? { state_id: r.state_id, name: r.state_name } : null,
      ...(withFields ? { fields: farmFields } : {}),
      hectares: Math.round(totals.hectares * 100) / 100,
      fields_count: totals.count,
      workspaces: r.workspaces,
    };
  });
}

/** One page of the plots (not deleted) of the farms visible in the scope, with their farm's name, and its total. */
export async function listFields(db: Executor, scope: ResourceScope, plan: ListPlan, farmId?: number) {
  const values = { ...scopeValues(scope), farm: farmId };
  const variant: FieldsVariant = { scope: scope.kind, farm: farmId !== undefined };
  return listPage(db, plan, () => fieldsList.page(db, plan, values, variant), fieldsList.matching(db, plan, values, variant));
}

type FieldsVariant = { scope: ResourceScope['kind']; farm: boolean };
const fieldShapeWhere = (s: StatementShape, variant: FieldsVariant) =>
  and(isNull(fields.deleted_at), visibleInShape(s, variant.scope, 'farms', farms.farm_id, farms.user_id), variant.farm ? eq(fields.farm_id, s.param('farm')) : undefined, s.where);
const fieldsList = listStatements({
  columns: { field: fields, farm_name: farms.name },
  id: fields.field_id,
  from: (select, s, variant: FieldsVariant) => select.from(fields).innerJoin(farms, eq(farms.farm_id, fields.farm_id)).where(fieldShapeWhere(s, variant)),
});

/** A plot (not deleted) whose farm is visible in the scope. */
export async function findField(db: Executor, scope: ResourceScope, fieldId: number): Promise<FieldRow | undefined> {
  const [row] = await db
    .select({ field: fields })
    .from(fields)
    .innerJoin(farms, eq(farms.farm_id, fields.farm_id))
    .where(and(eq(fields.field_id, fieldId), isNull(fields.deleted_at), farmVisible(scope)));
  return row?.field;
}

/** The season plans with a (not deleted) crop on the plot, labelled, with whether each is in `workspaceId`. */
export async function plansUsingField(db: Executor, fieldId: number, workspaceId: number): Promise<Use[]> {
  const rows = await db
    .selectDistinct({ season: seasons.name, company: companies.name, farm: farms.name, workspace_id: seasonPlans.workspace_id })
    .from(fieldCrops)
    .innerJoin(seasonPlans, eq(seasonPlans.season_plan_id, fieldCrops.season_plan_id))
    .innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id))
    .where(and(eq(fieldCrops.field_id, fieldId), isNull(fieldCrops.deleted_at)))
    .orderBy(asc(seasons.name), asc(companies.name));
  return rows.map((r) => ({ name: seasonPlanLabel(r.season, r.company, r.farm), inViewerWorkspace: r.workspace_id === workspaceId }));
}
