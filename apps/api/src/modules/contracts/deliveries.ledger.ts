import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { conflict } from '../../http/errors';
import type { Executor } from '../../db/client';
import { applyDelta, lockBalances, writeBalance, type BalanceTable } from '../../db/ledger';
import { grainStocks, grainStockTransactions } from '../../db/schema/index';

const STOCK: BalanceTable<typeof grainStocks> = { table: grainStocks, id: grainStocks.stock_id, quantity: grainStocks.tons, tenant: grainStocks.workspace_id, scale: 3 };

/** Locks the workspace's grain stocks (ascending ids, FOR UPDATE). */
export function lockStocks(tx: Executor, workspaceId: number, ids: number[]) {
  return lockBalances(tx, STOCK, workspaceId, ids);
}

export type StockDelta = { stock_id: number; tons: string; kind: 'entrega'; movement_id: number | null; contract_movement_id: number | null; waybill: string | null };

/** Changes a locked grain stock by a signed delta and records the transaction; never below zero. */
export async function applyStockDelta(tx: Executor, workspaceId: number, d: StockDelta): Promise<void> {
  const locked = await lockStocks(tx, workspaceId, [d.stock_id]);
  const stock = locked.get(d.stock_id);
  if (!stock) throw conflict('No se encontró el stock de granos');
  const next = applyDelta(stock.tons, d.tons, 3, () => conflict('La cantidad de toneladas indicada es mayor a la cantidad de toneladas disponibles.'));
  await writeBalance(tx, STOCK, d.stock_id, next, { updated_at: new Date() });
  await tx.insert(grainStockTransactions).values({ workspace_id: workspaceId, stock_id: d.stock_id, movement_id: d.movement_id, contract_movement_id: d.contract_movement_id, kind: d.kind, tons: d.tons, waybill: d.waybill });
}

/**
 * Undoes a delivery's stock side: its 'entrega' transactions are removed and their tons go back to the (locked)
 * stock, so the stock still equals the sum of its transactions.
 */
export async function restoreDeliveryStock(tx: Executor, workspaceId: number, contractMovementId: number): Promise<void> {
  const rows = await tx
    .delete(grainStockTransactions)
    .where(and(eq(grainStockTransactions.workspace_id, workspaceId), eq(grainStockTransactions.contract_movement_id, contractMovementId)))
    .returning({ stock_id: grainStockTransactions.stock_id, tons: grainStockTransactions.tons });
  const locked = await lockStocks(tx, workspaceId, rows.map((r) => r.stock_id));
  const byStock = new Map<number, Big>();
  for (const r of rows) byStock.set(r.stock_id, (byStock.get(r.stock_id) ?? new Big(0)).minus(r.tons));
  for (const [stockId, back] of byStock) {
    const stock = locked.get(stockId);
    if (!stock) continue;
    await writeBalance(tx, STOCK, stockId, applyDelta(stock.tons, back, 3, () => conflict('No hay stock suficiente')), { updated_at: new Date() });
  }
}
