import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { lockBalances } from '../../db/ledger';
import { grainStockTransactions } from '../../db/schema/index';
import { AppError } from '../../http/errors';
import { applyStockDelta, GRAIN_STOCK_BALANCE, reverseStockTransaction, type Scope } from '../grains/index';
import { CONTRACT_TEXT } from './contracts.rules';

/**
 * The stock side of deliveries, through the grains module's ledger (the one place grain_stocks.tons changes):
 * lock, take tons out with an 'entrega' transaction, and give them back when a delivery is deleted.
 */

/** Locks the workspace's grain stocks (ascending ids, FOR UPDATE). */
export function lockStocks(tx: Executor, workspaceId: number, ids: number[]) {
  return lockBalances(tx, GRAIN_STOCK_BALANCE, workspaceId, ids);
}

const aboveAvailable = () => new AppError('VALIDATION', CONTRACT_TEXT.tonsAboveAvailable);

/** Takes a delivery's tons out of its (locked) stock: an 'entrega' transaction linked to the delivery. */
export async function takeDeliveryTons(tx: Executor, scope: Scope, d: { stock_id: number; tons: string; movement_id: number; contract_movement_id: number; waybill: string | null }): Promise<void> {
  await applyStockDelta(tx, scope, { ...d, tons: `-${d.tons}`, kind: 'entrega' }, aboveAvailable);
}

/**
 * Undoes a delivery's stock side: its 'entrega' transactions are reversed (removed, their tons back in the stock), so
 * the stock still equals the sum of its transactions.
 */
export async function restoreDeliveryStock(tx: Executor, scope: Scope, contractMovementId: number): Promise<void> {
  const rows = await tx
    .select({ id: grainStockTransactions.stock_transaction_id })
    .from(grainStockTransactions)
    .where(and(eq(grainStockTransactions.workspace_id, scope.workspaceId), eq(grainStockTransactions.contract_movement_id, contractMovementId)))
    .orderBy(asc(grainStockTransactions.stock_transaction_id));
  for (const r of rows) await reverseStockTransaction(tx, scope, r.id);
}
