import { and, desc, eq } from 'drizzle-orm';
import type { HistoryAction, WorkOrderHistoryRow } from '@fm/domain';
import type { Executor } from '../../db/client';
import { statuses, users, workOrderHistory } from '../../db/schema/index';
import { listPage, type ListPlan } from '../../http/list-query';
import { countStatement, listStatement, type StatementShape } from '../../http/list-statement';

export type HistoryEntry = { action: HistoryAction; statusId?: number | null; detail?: string | null };

/** Writes history rows of an order in the caller's transaction (every create, edit, status change, disable, restore, added/removed lot or supply). */
export async function recordHistory(tx: Executor, ctx: { workspaceId: number; userId: number }, workOrderId: number, entries: HistoryEntry[]): Promise<void> {
  if (!entries.length) return;
  await tx.insert(workOrderHistory).values(
    entries.map((e) => ({
      workspace_id: ctx.workspaceId,
      work_order_id: workOrderId,
      action: e.action,
      status_id: e.statusId ?? null,
      detail: e.detail ? e.detail.slice(0, 1200) : null,
      user_id: ctx.userId,
    })),
  );
}

const historyWhere = (s: StatementShape) => and(eq(workOrderHistory.workspace_id, s.param('workspace')), eq(workOrderHistory.work_order_id, s.param('work_order_id')));
const historyPage = listStatement((db, s) =>
  db
    .select({
      work_order_history_id: workOrderHistory.work_order_history_id,
      action: workOrderHistory.action,
      status_id: statuses.status_id,
      status_name: statuses.name,
      detail: workOrderHistory.detail,
      user_name: users.name,
      user_last_name: users.last_name,
      created_at: workOrderHistory.created_at,
    })
    .from(workOrderHistory)
    .leftJoin(statuses, eq(statuses.status_id, workOrderHistory.status_id))
    .leftJoin(users, eq(users.user_id, workOrderHistory.user_id))
    .where(historyWhere(s))
    .orderBy(desc(workOrderHistory.created_at), desc(workOrderHistory.work_order_history_id))
    .limit(s.limit)
    .offset(s.offset),
);
const historyMatching = countStatement((db, s) => db.select({ id: workOrderHistory.work_order_history_id }).from(workOrderHistory).where(historyWhere(s)).$dynamic());

/** One page of an order's history, newest first (no filters: one statement per database). */
export async function listHistory(db: Executor, workspaceId: number, workOrderId: number, plan: ListPlan) {
  const values = { workspace: workspaceId, work_order_id: workOrderId };
  const page = await listPage(db, plan, () => historyPage(db, plan, values), historyMatching(db, plan, values));
  const data: WorkOrderHistoryRow[] = page.data.map((r) => ({
    work_order_history_id: r.work_order_history_id,
    action: r.action as HistoryAction,
    status: r.status_id !== null && r.status_name !== null ? { status_id: r.status_id, name: r.status_name } : null,
    detail: r.detail,
    user: r.user_name !== null ? { name: r.user_name, last_name: r.user_last_name ?? '' } : null,
    created_at: r.created_at.toISOString(),
  }));
  return { data, extra: page.extra };
}
