import { and, desc, eq, inArray, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { Filters, WORK_ORDER_TAB_STATUSES, type WorkOrderListQuery, type WorkOrderTab } from '@fm/domain';
import type { Executor } from '../../db/client';
import { companies, farms, fieldCrops, fields, labors, supplies, workOrderFieldCrops, workOrders, workOrderSupplies } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { containsPattern, listPage, matchesFolded, type ListPlan, type ListSpec, type Page } from '../../http/list-query';
import { idsThenRows, type StatementShape } from '../../http/list-statement';
import { orderJson } from './work-orders.load';

/** The list's whitelisted fields: all the order's own columns, so its indexes serve them (decision 0011). */
export const workOrderList: ListSpec = {
  resource: 'work_order',
  fields: {
    work_order_id: { column: workOrders.work_order_id, type: 'number' },
    season_id: { column: workOrders.season_id, type: 'number' },
    company_id: { column: workOrders.company_id, type: 'number' },
    farm_id: { column: workOrders.farm_id, type: 'number' },
    labor_id: { column: workOrders.labor_id, type: 'number' },
    status_id: { column: workOrders.status_id, type: 'number' },
    contractor_id: { column: workOrders.contractor_id, type: 'number' },
    season_plan_id: { column: workOrders.season_plan_id, type: 'number' },
    created_at: { column: workOrders.created_at, type: 'date' },
    labor_start_date: { column: workOrders.labor_start_date, type: 'date' },
  },
  // as work_orders_list_idx (workspace_id, work_order_id desc)
  defaultOrder: [desc(workOrders.work_order_id)],
};

/**
 * `crop_id` is a property of the order's lots, not of the order: its conditions leave the generic filters and
 * become an EXISTS over work_order_field_crops (served by work_order_field_crops_crop_idx).
 */
export function splitCropFilter(raw: string | undefined): { filters: string | undefined; crops: number[][] } {
  if (!raw) return { filters: raw, crops: [] };
  let parsed: Filters;
  try {
    parsed = Filters.parse(JSON.parse(raw));
  } catch {
    return { filters: raw, crops: [] }; // planList answers the 400
  }
  const isCrop = (f: string) => f === 'crop_id' || f === 'work_order.crop_id' || f === 'crop.crop_id';
  const conds = (parsed.AND ?? []).filter((c) => isCrop(c.field));
  if ((parsed.OR ?? []).some((c) => isCrop(c.field))) throw badRequest("El filtro 'crop_id' solo se admite en AND");
  if (!conds.length) return { filters: raw, crops: [] };
  const crops = conds.map((c) => {
    const values = (Array.isArray(c.value) ? c.value : [c.value]).map(Number);
    if ((c.condition !== 'is' && c.condition !== 'in') || values.some((v) => !Number.isInteger(v))) throw badRequest("Valor de filtro inválido para 'crop_id'");
    return values;
  });
  const rest = { ...(parsed.AND ? { AND: parsed.AND.filter((c) => !isCrop(c.field)) } : {}), ...(parsed.OR ? { OR: parsed.OR } : {}) };
  return { filters: JSON.stringify(rest), crops };
}

/**
 * Text search over company, farm, labor and lot names (contains, case and accents ignored); `like` is the bound pattern. The
 * lots' EXISTS carries `offset 0` so that PostgreSQL cannot turn it into a hashed subplan: that one read every lot of
 * every workspace to answer 40 orders (54 ms a page at 100k orders, 0.6 ms probing each order's lots by index).
 */
function searchCondition(like: Placeholder): SQL {
  return or(
    matchesFolded(companies.name, like),
    matchesFolded(farms.name, like),
    matchesFolded(labors.name, like),
    sql`exists (select 1 from ${workOrderFieldCrops} w join ${fields} f on f.field_id = w.field_id where w.work_order_id = ${workOrders.work_order_id} and ${matchesFolded(sql`f.name`, like)} offset 0)`,
  ) as SQL;
}

/** The tab's status / deleted condition (doc 2 §2.6), matching the partial indexes. */
export function tabCondition(tab: WorkOrderTab): SQL {
  if (tab === 'disabled') return isNotNull(workOrders.deleted_at);
  return and(isNull(workOrders.deleted_at), inArray(workOrders.status_id, [...WORK_ORDER_TAB_STATUSES[tab]])) as SQL;
}

/** What narrows a list besides its filters: the lots' crops (each an `any` of ids, ANDed) and `work_order_id`. */
export type WorkOrderNarrowing = { crops: number[][]; workOrderId?: number };

type Variant = { tab: WorkOrderTab; crops: number; byId: boolean; search: boolean };

/** The orders a request lists (work_orders alone; joined to the names only for a search), with placeholders. */
function matchingOrders(db: Executor, s: StatementShape, v: Variant) {
  const where = and(
    eq(workOrders.workspace_id, s.param('workspace')),
    tabCondition(v.tab),
    s.where,
    ...Array.from({ length: v.crops }, (_, i) => sql`exists (select 1 from ${workOrderFieldCrops} w where w.work_order_id = ${workOrders.work_order_id} and w.crop_id = any(${s.param(`crop${i}`)}::int[]))`),
    v.byId ? eq(workOrders.work_order_id, s.param('work_order_id')) : undefined,
    v.search ? searchCondition(s.param('like')) : undefined,
  );
  const base = db.select({ id: workOrders.work_order_id }).from(workOrders);
  return (v.search ? base.innerJoin(companies, eq(companies.company_id, workOrders.company_id)).innerJoin(farms, eq(farms.farm_id, workOrders.farm_id)).innerJoin(labors, eq(labors.labor_id, workOrders.labor_id)) : base).where(where).$dynamic();
}

/**
 * A page's orders as JSON: their ids from work_orders alone (prepared per filter shape, planned per request: decision
 * 0029), then their JSON by one text for any page, which PostgreSQL plans once. Inside the page's statement the JSON
 * builder (a dozen subqueries) was planned on every request: ~4 ms at 1M orders.
 */
const ordersList = idsThenRows({
  matching: matchingOrders,
  id: workOrders.work_order_id,
  rows: (db) => db.select({ json: orderJson(sql`${sql.placeholder('contributions')}::boolean`) }).from(workOrders),
  rowsWhere: eq(workOrders.workspace_id, sql.placeholder('workspace')),
  name: 'work_orders_json_by_id',
});

/**
 * One page of the list in the contract's shape, each order as its JSON text (decision 0031), in the page's order (the
 * texts go out as they come; the bench's bare server splices them the same way), plus the total when it is not
 * cached and the page is not the last. Only the page's rows get their JSON built, never the rows an OFFSET skips.
 * The contribution lists are kept only with `contributions=true`.
 */
export async function listWorkOrders(db: Executor, workspaceId: number, plan: ListPlan, q: WorkOrderListQuery, narrowing: WorkOrderNarrowing = { crops: [] }): Promise<Page<string>> {
  const like = containsPattern(q.search);
  const variant: Variant = { tab: q.tab ?? 'created', crops: narrowing.crops.length, byId: narrowing.workOrderId !== undefined, search: like !== undefined };
  const values = { workspace: workspaceId, work_order_id: narrowing.workOrderId, like, ...Object.fromEntries(narrowing.crops.map((ids, i) => [`crop${i}`, ids])) };
  const rows = async () => (await ordersList.page(db, plan, values, variant, { workspace: workspaceId, contributions: q.contributions === 'true' })).map((r) => r.json);
  return listPage(db, plan, rows, ordersList.matching(db, plan, values, variant));
}

/** The order row of the workspace, locked for the rest of the transaction; undefined when it is not there. */
export async function lockOrder(tx: Executor, workspaceId: number, workOrderId: number) {
  const [row] = await tx
    .select()
    .from(workOrders)
    .where(and(eq(workOrders.workspace_id, workspaceId), eq(workOrders.work_order_id, workOrderId)))
    .for('update');
  return row;
}
export type OrderRow = typeof workOrders.$inferSelect;

/** Lots of the workspace's season plots by id, with the plan they belong to and their hectares. */
export async function seasonPlots(db: Executor, workspaceId: number, fieldCropIds: number[]) {
  if (!fieldCropIds.length) return new Map<number, never>();
  const rows = await db
    .select({
      field_crop_id: fieldCrops.field_crop_id,
      season_plan_id: fieldCrops.season_plan_id,
      field_id: fieldCrops.field_id,
      field_name: fields.name,
      crop_id: fieldCrops.crop_id,
      crop_sequence_id: fieldCrops.crop_sequence_id,
      hectares: fieldCrops.hectares,
    })
    .from(fieldCrops)
    .innerJoin(fields, eq(fields.field_id, fieldCrops.field_id))
    .where(and(eq(fieldCrops.workspace_id, workspaceId), inArray(fieldCrops.field_crop_id, fieldCropIds), isNull(fieldCrops.deleted_at)));
  return new Map(rows.map((r) => [r.field_crop_id, r]));
}

/** Names of the lots and supplies of an order, for the history's added/removed rows. */
export async function childNames(db: Executor, workspaceId: number, workOrderId: number) {
  const [lots, sups] = await Promise.all([
    db
      .select({ field_crop_id: workOrderFieldCrops.field_crop_id, name: fields.name })
      .from(workOrderFieldCrops)
      .innerJoin(fields, eq(fields.field_id, workOrderFieldCrops.field_id))
      .where(and(eq(workOrderFieldCrops.workspace_id, workspaceId), eq(workOrderFieldCrops.work_order_id, workOrderId))),
    db
      .select({ supply_id: workOrderSupplies.supply_id, name: supplies.name })
      .from(workOrderSupplies)
      .innerJoin(supplies, eq(supplies.supply_id, workOrderSupplies.supply_id))
      .where(and(eq(workOrderSupplies.workspace_id, workspaceId), eq(workOrderSupplies.work_order_id, workOrderId))),
  ]);
  return { lots, supplies: sups, supplyNames: new Map(sups.map((s) => [s.supply_id, s.name])) };
}

/** Whether the workspace has that order (deleted ones included). */
export async function orderExists(db: Executor, workspaceId: number, workOrderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workOrders.work_order_id })
    .from(workOrders)
    .where(and(eq(workOrders.workspace_id, workspaceId), eq(workOrders.work_order_id, workOrderId)));
  return row !== undefined;
}
