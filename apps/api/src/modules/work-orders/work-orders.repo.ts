import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Filters, WORK_ORDER_TAB_STATUSES, type WorkOrderListQuery, type WorkOrderTab } from '@fm/domain';
import type { Executor } from '../../db/client';
import { companies, farms, fieldCrops, fields, labors, supplies, workOrderFieldCrops, workOrders, workOrderSupplies } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { escapeLike, listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { orderSelect, shapeOrders } from './work-orders.load';

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
export function splitCropFilter(raw: string | undefined): { filters: string | undefined; crop: SQL | undefined } {
  if (!raw) return { filters: raw, crop: undefined };
  let parsed: Filters;
  try {
    parsed = Filters.parse(JSON.parse(raw));
  } catch {
    return { filters: raw, crop: undefined }; // planList answers the 400
  }
  const isCrop = (f: string) => f === 'crop_id' || f === 'work_order.crop_id' || f === 'crop.crop_id';
  const crops = (parsed.AND ?? []).filter((c) => isCrop(c.field));
  if ((parsed.OR ?? []).some((c) => isCrop(c.field))) throw badRequest("El filtro 'crop_id' solo se admite en AND");
  if (!crops.length) return { filters: raw, crop: undefined };
  const parts = crops.map((c) => {
    const values = (Array.isArray(c.value) ? c.value : [c.value]).map(Number);
    if ((c.condition !== 'is' && c.condition !== 'in') || values.some((v) => !Number.isInteger(v))) throw badRequest("Valor de filtro inválido para 'crop_id'");
    return sql`exists (select 1 from ${workOrderFieldCrops} w where w.work_order_id = ${workOrders.work_order_id} and w.crop_id in ${values.length ? values : [0]})`;
  });
  const rest = { ...(parsed.AND ? { AND: parsed.AND.filter((c) => !isCrop(c.field)) } : {}), ...(parsed.OR ? { OR: parsed.OR } : {}) };
  return { filters: JSON.stringify(rest), crop: and(...parts) };
}

/** Text search over company, farm, labor and lot names (contains, case-insensitive). */
function searchCondition(text: string | undefined): SQL | undefined {
  const s = text?.trim();
  if (!s) return undefined;
  const like = `%${escapeLike(s)}%`;
  return or(
    ilike(companies.name, like),
    ilike(farms.name, like),
    ilike(labors.name, like),
    sql`exists (select 1 from ${workOrderFieldCrops} w join ${fields} f on f.field_id = w.field_id where w.work_order_id = ${workOrders.work_order_id} and f.name ilike ${like})`,
  );
}

/** The tab's status / deleted condition (doc 2 §2.6), matching the partial indexes. */
export function tabCondition(tab: WorkOrderTab): SQL {
  if (tab === 'disabled') return isNotNull(workOrders.deleted_at);
  return and(isNull(workOrders.deleted_at), inArray(workOrders.status_id, [...WORK_ORDER_TAB_STATUSES[tab]])) as SQL;
}

/**
 * One page of the list in the contract's shape: one statement (plus the total when it is not cached and the page is
 * not the last). The page's ids come first, from work_orders alone (joined to the names only for a search), as an
 * array the outer select reads by primary key: only those rows get their children built, never the rows an OFFSET
 * skips, and the statement's text does not depend on the page (past the first: drizzle leaves out `offset 0`).
 */
export async function listWorkOrders(db: Executor, workspaceId: number, plan: ListPlan, q: WorkOrderListQuery, extra: SQL | undefined) {
  const search = searchCondition(q.search);
  const where = and(eq(workOrders.workspace_id, workspaceId), tabCondition(q.tab ?? 'created'), plan.where, extra, search);
  const matching = () => {
    const base = db.select({ id: workOrders.work_order_id }).from(workOrders);
    // only the search needs the joined names
    return (search ? base.innerJoin(companies, eq(companies.company_id, workOrders.company_id)).innerJoin(farms, eq(farms.farm_id, workOrders.farm_id)).innerJoin(labors, eq(labors.labor_id, workOrders.labor_id)) : base).where(where).$dynamic();
  };
  const page = await listPage(
    db,
    plan,
    async () => {
      const ids = matching().orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset);
      const rows = await orderSelect(db)
        .where(and(eq(workOrders.workspace_id, workspaceId), sql`${workOrders.work_order_id} = any(array(${ids}))`))
        .orderBy(...plan.orderBy);
      return shapeOrders(rows);
    },
    matching,
  );
  return { data: page.data, extra: page.extra };
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
