import { and, eq, sql } from 'drizzle-orm';
import { WORK_ORDER_MSG, WORK_ORDER_STATUS_NAMES, type WorkOrderStatusBody } from '@fm/domain';
import { rowsOf, type Executor } from '../../db/client';
import { stockTransactions, workOrders, workspaces, workspaceUsers } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { notify } from '../notifications/index';
import { recordHistory } from './work-orders.history';
import { assertEditable, assertStatusChange, stockEffect } from './work-orders.policy';
import { lockOrder } from './work-orders.repo';
import { consumeOrderStock, releaseOrderStock } from './work-orders.stock';
import type { Actor } from './work-orders.service';

async function usesStock(tx: Executor, workspaceId: number, workOrderId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: stockTransactions.stock_transaction_id })
    .from(stockTransactions)
    .where(and(eq(stockTransactions.workspace_id, workspaceId), eq(stockTransactions.work_order_id, workOrderId), eq(stockTransactions.name, 'USAGE')))
    .limit(1);
  return row !== undefined;
}

/**
 * PUT work-orders/{id}/status/{status_id}: any status may be chosen (doc 2 §4); 8 only in the configured workspaces,
 * 3 only with labor_date. Entering 3 consumes the linked stocks and leaving it (except to 4, 5 or 8) gives them back,
 * in the same transaction as the change. Returns what the members' notification needs.
 */
export async function changeStatus(
  db: Executor,
  actor: Actor,
  workOrderId: number,
  statusId: number,
  body: WorkOrderStatusBody,
  certifiedWorkspaces: readonly number[],
): Promise<{ statusName: string }> {
  const to = assertStatusChange(statusId, actor.workspaceId, certifiedWorkspaces, body.labor_date);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor.workspaceId, workOrderId);
    if (!order) throw notFound(WORK_ORDER_MSG.notFound);
    assertEditable(order);
    const effect = stockEffect(to, await usesStock(tx, actor.workspaceId, workOrderId));
    if (effect === 'release') await releaseOrderStock(tx, actor.workspaceId, workOrderId);
    await tx
      .update(workOrders)
      .set({ status_id: to, ...(body.labor_date ? { labor_date: body.labor_date } : {}), updated_by: actor.userId, updated_at: new Date() })
      .where(and(eq(workOrders.workspace_id, actor.workspaceId), eq(workOrders.work_order_id, workOrderId)));
    if (effect === 'consume') await consumeOrderStock(tx, actor, workOrderId, body.confirm_stock);
    await recordHistory(tx, actor, workOrderId, [{ action: 'status', statusId: to, detail: body.observations }]);
    return { statusName: WORK_ORDER_STATUS_NAMES[to] };
  });
}

/** Notifies the workspace's owner and members, except whoever made the change (after commit). */
export async function notifyStatusChange(db: Executor, actor: Actor, workOrderId: number, statusName: string): Promise<void> {
  const members = await rowsOf<{ user_id: number }>(
    db,
    sql`select ${workspaces.user_id} as user_id from ${workspaces} where ${workspaces.workspace_id} = ${actor.workspaceId}
        union select ${workspaceUsers.user_id} from ${workspaceUsers} where ${workspaceUsers.workspace_id} = ${actor.workspaceId}`,
  );
  for (const m of members) {
    if (m.user_id === actor.userId) continue;
    await notify(db, m.user_id, {
      title: WORK_ORDER_MSG.notificationTitle,
      body: WORK_ORDER_MSG.notificationBody(workOrderId, statusName),
      web: `/orden-de-trabajo/detalle?work_order_id=${workOrderId}`,
    });
  }
}
