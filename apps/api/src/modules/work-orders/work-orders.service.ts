import { and, eq } from 'drizzle-orm';
import { WORK_ORDER_MSG, type WorkOrderBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { workOrderAdversities, workOrderFieldCrops, workOrders, workOrderSupplies } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { recordHistory, type HistoryEntry } from './work-orders.history';
import { assertEditable, restoreConsumes } from './work-orders.policy';
import { childNames, lockOrder } from './work-orders.repo';
import { consumeOrderStock, releaseOrderStock } from './work-orders.stock';
import { resolveOrder, type ResolvedOrder } from './work-orders.validate';

export type Actor = { workspaceId: number; userId: number };

const orderColumns = (body: WorkOrderBody, r: ResolvedOrder) => ({
  season_plan_id: r.plan.season_plan_id,
  season_id: r.plan.season_id,
  company_id: r.plan.company_id,
  farm_id: r.plan.farm_id,
  contractor_id: body.contractor_id,
  labor_id: body.labor_id,
  price: body.price,
  exchange_rate: body.exchange_rate,
  labor_start_date: body.labor_start_date,
  labor_end_date: body.labor_end_date,
  notes: body.notes,
  observations: [...body.observations],
});

async function writeChildren(tx: Executor, actor: Actor, workOrderId: number, body: WorkOrderBody, r: ResolvedOrder): Promise<void> {
  const ws = actor.workspaceId;
  await tx.insert(workOrderFieldCrops).values(
    r.lots.map((l) => ({ workspace_id: ws, work_order_id: workOrderId, field_crop_id: l.field_crop_id, field_id: l.field_id, crop_id: l.crop_id, crop_sequence_id: l.crop_sequence_id, stage_id: l.stage_id, hectares_to_apply: l.hectares_to_apply })),
  );
  if (r.supplies.length) {
    await tx.insert(workOrderSupplies).values(
      r.supplies.map((s, position) => ({ workspace_id: ws, work_order_id: workOrderId, supply_id: s.supply_id, unit_id: s.unit_id, dose_to_apply: s.dose_to_apply, price: s.price, fill_order: s.fill_order, stock_id: s.stock_id, position })),
    );
  }
  const adversityIds = [...new Set(body.adversities.map((a) => a.adversity_id))];
  if (adversityIds.length) await tx.insert(workOrderAdversities).values(adversityIds.map((adversity_id) => ({ workspace_id: ws, work_order_id: workOrderId, adversity_id })));
}

/** Creates an order (Sin entregar, or Planificada with status_id 7) with its lots, supplies and adversities; history 'created'. */
export async function createWorkOrder(db: Executor, actor: Actor, body: WorkOrderBody): Promise<number> {
  return db.transaction(async (tx) => {
    const resolved = await resolveOrder(tx, actor.workspaceId, body);
    const [row] = await tx
      .insert(workOrders)
      .values({ workspace_id: actor.workspaceId, ...orderColumns(body, resolved), status_id: body.status_id, created_by: actor.userId, updated_by: actor.userId })
      .returning({ id: workOrders.work_order_id });
    await writeChildren(tx, actor, row.id, body, resolved);
    await recordHistory(tx, actor, row.id, [{ action: 'created', statusId: body.status_id }]);
    return row.id;
  });
}

async function lockedOrder(tx: Executor, actor: Actor, workOrderId: number) {
  const order = await lockOrder(tx, actor.workspaceId, workOrderId);
  if (!order) throw notFound(WORK_ORDER_MSG.notFound);
  return order;
}

/**
 * Replaces an order's fields, lots, supplies and adversities (the status stays: it changes through the status route).
 * A disabled order is read-only. When the order has used stock, the usage is given back and taken again for the new
 * supplies and hectares in the same transaction (409 STOCK_EXCEEDED unless `confirmStock`).
 */
export async function updateWorkOrder(db: Executor, actor: Actor, workOrderId: number, body: WorkOrderBody, confirmStock: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, actor, workOrderId);
    assertEditable(order);
    const resolved = await resolveOrder(tx, actor.workspaceId, body);
    const before = await childNames(tx, actor.workspaceId, workOrderId);
    const released = await releaseOrderStock(tx, actor.workspaceId, workOrderId);
    await tx
      .update(workOrders)
      .set({ ...orderColumns(body, resolved), updated_by: actor.userId, updated_at: new Date() })
      .where(and(eq(workOrders.workspace_id, actor.workspaceId), eq(workOrders.work_order_id, workOrderId)));
    await tx.delete(workOrderFieldCrops).where(and(eq(workOrderFieldCrops.workspace_id, actor.workspaceId), eq(workOrderFieldCrops.work_order_id, workOrderId)));
    await tx.delete(workOrderSupplies).where(and(eq(workOrderSupplies.workspace_id, actor.workspaceId), eq(workOrderSupplies.work_order_id, workOrderId)));
    await tx.delete(workOrderAdversities).where(and(eq(workOrderAdversities.workspace_id, actor.workspaceId), eq(workOrderAdversities.work_order_id, workOrderId)));
    await writeChildren(tx, actor, workOrderId, body, resolved);
    if (released > 0) await consumeOrderStock(tx, actor, workOrderId, confirmStock);
    await recordHistory(tx, actor, workOrderId, [{ action: 'updated' }, ...childChanges(before, resolved)]);
  });
}

/** added / removed history rows for lots (by plot) and supplies (by supply). */
function childChanges(before: Awaited<ReturnType<typeof childNames>>, after: ResolvedOrder): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  const lotsBefore = new Map(before.lots.map((l) => [l.field_crop_id, l.name]));
  const lotsAfter = new Map(after.lots.map((l) => [l.field_crop_id, l.field_name]));
  for (const [id, name] of lotsAfter) if (!lotsBefore.has(id)) out.push({ action: 'added', detail: `Lote ${name}` });
  for (const [id, name] of lotsBefore) if (!lotsAfter.has(id)) out.push({ action: 'removed', detail: `Lote ${name}` });
  const suppliesBefore = new Set(before.supplies.map((s) => s.supply_id));
  const suppliesAfter = new Map(after.supplies.map((s) => [s.supply_id, s.supply_name]));
  for (const [id, name] of suppliesAfter) if (!suppliesBefore.has(id)) out.push({ action: 'added', detail: `Insumo ${name}` });
  for (const id of suppliesBefore) if (!suppliesAfter.has(id)) out.push({ action: 'removed', detail: `Insumo ${before.supplyNames.get(id) ?? id}` });
  return out;
}

/** Disables an order (soft delete): gives back the stock it used in the same transaction; history 'deleted'. */
export async function disableWorkOrder(db: Executor, actor: Actor, workOrderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, actor, workOrderId);
    assertEditable(order);
    await releaseOrderStock(tx, actor.workspaceId, workOrderId);
    await tx
      .update(workOrders)
      .set({ deleted_at: new Date(), updated_by: actor.userId, updated_at: new Date() })
      .where(and(eq(workOrders.workspace_id, actor.workspaceId), eq(workOrders.work_order_id, workOrderId)));
    await recordHistory(tx, actor, workOrderId, [{ action: 'deleted' }]);
  });
}

/**
 * Enables a disabled order again; an order in Realizada, Facturada, Pagada or Certificada uses its stock again
 * (409 STOCK_EXCEEDED unless `confirmStock`). History 'restored'.
 */
export async function restoreWorkOrder(db: Executor, actor: Actor, workOrderId: number, confirmStock: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, actor, workOrderId);
    if (order.deleted_at === null) throw conflict(WORK_ORDER_MSG.notDisabled);
    await tx
      .update(workOrders)
      .set({ deleted_at: null, updated_by: actor.userId, updated_at: new Date() })
      .where(and(eq(workOrders.workspace_id, actor.workspaceId), eq(workOrders.work_order_id, workOrderId)));
    if (restoreConsumes(order.status_id)) await consumeOrderStock(tx, actor, workOrderId, confirmStock);
    await recordHistory(tx, actor, workOrderId, [{ action: 'restored' }]);
  });
}
