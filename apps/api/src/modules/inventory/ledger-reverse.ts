import Big from 'big.js';
import { and, asc, eq } from 'drizzle-orm';
import { INVENTORY_MSG, pppAfterEntry, pppWithoutEntry, QUANTITY_SCALE } from '@fm/domain';
import type { Executor } from '../../db/client';
import { applyDelta, lockBalances, writeBalance } from '../../db/ledger';
import { stockTransactions } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { laterPppChange, refreshExpirations, STOCK_BALANCE } from './ledger.repo';

type TransactionRecord = typeof stockTransactions.$inferSelect;

const refuseNegative = () => conflict(INVENTORY_MSG.reverseNegative);

/** Quantity and PPP of a stock after taking an entry of `quantity` at `price` back out of it. */
async function withoutEntry(tx: Executor, stockId: number, t: TransactionRecord, current: { quantity: string; ppp: string }, price: string, pppBefore: string | null) {
  const quantity = applyDelta(current.quantity, new Big(t.quantity).neg(), QUANTITY_SCALE, refuseNegative);
  const fallback = pppBefore ?? current.ppp;
  // the latest PPP change: restore it exactly; otherwise work it back from the current average
  const ppp = (await laterPppChange(tx, stockId, t.stock_transaction_id)) ? pppWithoutEntry(current.quantity, current.ppp, t.quantity, price, fallback) : new Big(fallback).toFixed(4);
  return { quantity, ppp };
}

/**
 * Deletes a stock transaction and reverses its effect atomically: an entry takes its quantity out (PPP restored from
 * ppp_before when it is the latest entry, else worked back); a movement takes it out of the destination and puts it
 * back in the source; a usage puts it back; an adjustment undoes its difference. Refused with 409 when a stock would
 * go below zero.
 */
export async function reverse(db: Executor, input: { workspaceId: number; stockTransactionId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ stock_id: stockTransactions.stock_id, stock_destiny_id: stockTransactions.stock_destiny_id })
      .from(stockTransactions)
      .where(and(eq(stockTransactions.workspace_id, input.workspaceId), eq(stockTransactions.stock_transaction_id, input.stockTransactionId)));
    if (!found) throw notFound(INVENTORY_MSG.transactionNotFound);
    const locked = await lockBalances(tx, STOCK_BALANCE, input.workspaceId, [found.stock_id, ...(found.stock_destiny_id ? [found.stock_destiny_id] : [])]);
    // read again under the locks: a concurrent delete of the same transaction finds nothing to reverse
    const [t] = await tx
      .select()
      .from(stockTransactions)
      .where(and(eq(stockTransactions.workspace_id, input.workspaceId), eq(stockTransactions.stock_transaction_id, input.stockTransactionId)));
    if (!t) throw notFound(INVENTORY_MSG.transactionNotFound);
    const source = locked.get(t.stock_id);
    if (!source) throw notFound(INVENTORY_MSG.stockNotFound);
    const touched = [t.stock_id];
    switch (t.name) {
      case 'INITIAL':
      case 'PURCHASE': {
        const next = await withoutEntry(tx, t.stock_id, t, source, t.price ?? '0', t.ppp_before);
        await writeBalance(tx, STOCK_BALANCE, t.stock_id, next.quantity, { ppp: next.ppp, updated_at: new Date() });
        break;
      }
      case 'MOVEMENT': {
        const destinyId = t.stock_destiny_id;
        const destiny = destinyId ? locked.get(destinyId) : undefined;
        if (!destinyId || !destiny) throw notFound(INVENTORY_MSG.stockNotFound);
        const price = t.price ?? source.ppp;
        const next = await withoutEntry(tx, destinyId, t, destiny, price, t.destiny_ppp_before);
        const sourceQuantity = applyDelta(source.quantity, t.quantity, QUANTITY_SCALE, refuseNegative);
        const sourcePpp = pppAfterEntry(source.quantity, source.ppp, t.quantity, price);
        for (const [id, quantity, ppp] of [[t.stock_id, sourceQuantity, sourcePpp], [destinyId, next.quantity, next.ppp]] as const) {
          await writeBalance(tx, STOCK_BALANCE, id, quantity, { ppp, updated_at: new Date() });
        }
        touched.push(destinyId);
        break;
      }
      case 'USAGE': {
        await writeBalance(tx, STOCK_BALANCE, t.stock_id, applyDelta(source.quantity, t.quantity, QUANTITY_SCALE, refuseNegative), { updated_at: new Date() });
        break;
      }
      case 'ADJUSTMENT': {
        const back = new Big(t.difference ?? '0').neg();
        await writeBalance(tx, STOCK_BALANCE, t.stock_id, applyDelta(source.quantity, back, QUANTITY_SCALE, refuseNegative), { updated_at: new Date() });
        break;
      }
      default:
        throw conflict(INVENTORY_MSG.typeInvalid);
    }
    await tx.delete(stockTransactions).where(eq(stockTransactions.stock_transaction_id, t.stock_transaction_id));
    await refreshExpirations(tx, input.workspaceId, touched);
  });
}

/** Puts back everything a work order consumed (reverses its USAGE rows), e.g. when the order is disabled or edited. */
export async function releaseUsage(db: Executor, input: { workspaceId: number; workOrderId: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const usages = await tx
      .select({ id: stockTransactions.stock_transaction_id, stock_id: stockTransactions.stock_id })
      .from(stockTransactions)
      .where(and(eq(stockTransactions.workspace_id, input.workspaceId), eq(stockTransactions.work_order_id, input.workOrderId), eq(stockTransactions.name, 'USAGE')))
      .orderBy(asc(stockTransactions.stock_transaction_id));
    // every stock first, in id order, so releasing never deadlocks with another change over the same stocks
    await lockBalances(tx, STOCK_BALANCE, input.workspaceId, usages.map((u) => u.stock_id));
    for (const u of usages) await reverse(tx, { workspaceId: input.workspaceId, stockTransactionId: u.id });
    return usages.length;
  });
}
