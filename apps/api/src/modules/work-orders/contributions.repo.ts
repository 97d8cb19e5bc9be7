import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { workOrderLaborContributions as labor, workOrderSupplyContributions as supply } from '../../db/schema/index';

/** Contribution rows of one order; every statement names the workspace and the order. */

type Scope = { workspaceId: number; workOrderId: number; userId: number };
type LaborValues = { partner_id: number; contribution: string; exchange_rate: string };
type SupplyValues = LaborValues & { supply_id: number };

export async function insertLabor(tx: Executor, s: Scope, rows: LaborValues[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(labor).values(rows.map((r) => ({ ...r, workspace_id: s.workspaceId, work_order_id: s.workOrderId, created_by: s.userId, updated_by: s.userId })));
}

export async function insertSupply(tx: Executor, s: Scope, rows: SupplyValues[]): Promise<void> {
  if (!rows.length) return;
  await tx.insert(supply).values(rows.map((r) => ({ ...r, workspace_id: s.workspaceId, work_order_id: s.workOrderId, created_by: s.userId, updated_by: s.userId })));
}

export async function updateLabor(tx: Executor, s: Scope, id: number, values: LaborValues): Promise<void> {
  await tx
    .update(labor)
    .set({ ...values, updated_at: new Date(), updated_by: s.userId })
    .where(and(eq(labor.workspace_id, s.workspaceId), eq(labor.work_order_id, s.workOrderId), eq(labor.labor_contribution_id, id)));
}

export async function updateSupply(tx: Executor, s: Scope, id: number, values: SupplyValues): Promise<void> {
  await tx
    .update(supply)
    .set({ ...values, updated_at: new Date(), updated_by: s.userId })
    .where(and(eq(supply.workspace_id, s.workspaceId), eq(supply.work_order_id, s.workOrderId), eq(supply.supply_contribution_id, id)));
}

export async function deleteLabor(tx: Executor, s: Omit<Scope, 'userId'>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(labor).where(and(eq(labor.workspace_id, s.workspaceId), eq(labor.work_order_id, s.workOrderId), inArray(labor.labor_contribution_id, ids)));
}

export async function deleteSupply(tx: Executor, s: Omit<Scope, 'userId'>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx.delete(supply).where(and(eq(supply.workspace_id, s.workspaceId), eq(supply.work_order_id, s.workOrderId), inArray(supply.supply_contribution_id, ids)));
}

/** The order a contribution of the workspace belongs to (undefined: none, or another workspace's). */
export async function orderOfContribution(db: Executor, workspaceId: number, kind: 'labor' | 'supply', id: number): Promise<number | undefined> {
  const [row] =
    kind === 'labor'
      ? await db.select({ work_order_id: labor.work_order_id }).from(labor).where(and(eq(labor.workspace_id, workspaceId), eq(labor.labor_contribution_id, id)))
      : await db.select({ work_order_id: supply.work_order_id }).from(supply).where(and(eq(supply.workspace_id, workspaceId), eq(supply.supply_contribution_id, id)));
  return row?.work_order_id;
}
