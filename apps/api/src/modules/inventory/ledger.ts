import Big from 'big.js';
import { INVENTORY_MSG, plainQuantity, pppAfterEntry, QUANTITY_SCALE, type TransactionType } from '@fm/domain';
import type { Executor } from '../../db/client';
import { applyDelta, lockBalances, writeBalance } from '../../db/ledger';
import { stockTransactions } from '../../db/schema/index';
import { AppError, conflict, invalid, notFound } from '../../http/errors';
import {
  assertUnits,
  assertVisibleCompany,
  assertVisibleProvider,
  ensureStocks,
  findStock,
  findStockByKey,
  refreshExpirations,
  STOCK_BALANCE,
  unitNames,
  visibleSupplies,
  visibleWarehouse,
  type StockKey,
  type StockRecord,
} from './ledger.repo';

/**
 * The stock ledger: the ONE place that changes stock quantities (issue 9, ARCHITECTURE §6). Every function takes the
 * database or the caller's transaction (it opens a savepoint there), locks the stock rows it changes with
 * SELECT ... FOR UPDATE in stock_id order, inserts its stock_transactions rows and writes the balances, so the
 * quantity of a stock is always the sum of its ledger and never goes below zero.
 */

type Documents = {
  invoice?: string | null;
  deliveryNote?: string | null;
  observations?: string | null;
  invoiceFileId?: number | null;
  deliveryNoteFileId?: number | null;
};

export type ReceiveRow = { supplyId: number; unitId?: number | null; quantity: string; price: string; exchangeRate?: string | null; expirationDate?: string | null };
export type ReceiveInput = Documents & {
  workspaceId: number;
  userId: number;
  companyId: number;
  warehouseId: number;
  providerId?: number | null;
  /** Agregar: every row goes into this stock (its company, warehouse, supply and unit). */
  stockId?: number | null;
  rows: ReceiveRow[];
};

const docColumns = (d: Documents) => ({
  invoice: d.invoice ?? null,
  delivery_note: d.deliveryNote ?? null,
  observations: d.observations ?? null,
  invoice_file_id: d.invoiceFileId ?? null,
  delivery_note_file_id: d.deliveryNoteFileId ?? null,
});

type Working = { quantity: string; ppp: string; price: string; exchange_rate: string | null; invoice: string | null };
const working = (s: StockRecord): Working => ({ quantity: s.quantity, ppp: s.ppp, price: s.price, exchange_rate: s.exchange_rate, invoice: s.invoice });

async function lockAll(tx: Executor, workspaceId: number, ids: number[]): Promise<Map<number, Working>> {
  const locked = await lockBalances(tx, STOCK_BALANCE, workspaceId, ids);
  return new Map([...locked].map(([id, s]) => [id, working(s)]));
}

async function writeAll(tx: Executor, workspaceId: number, state: Map<number, Working>, touched: Iterable<number>): Promise<void> {
  const ids = [...new Set(touched)].sort((a, b) => a - b);
  for (const id of ids) {
    const w = state.get(id);
    if (!w) continue;
    await writeBalance(tx, STOCK_BALANCE, id, w.quantity, { ppp: w.ppp, price: w.price, exchange_rate: w.exchange_rate, invoice: w.invoice, updated_at: new Date() });
  }
  await refreshExpirations(tx, workspaceId, ids);
}

const lockedOrGone = (state: Map<number, Working>, id: number): Working => {
  const w = state.get(id);
  if (!w) throw notFound(INVENTORY_MSG.stockNotFound);
  return w;
};

/**
 * Stock entry (Alta de stock): each row adds to the stock of (company, warehouse, supply, unit), created when missing
 * (its transaction is then an INITIAL, otherwise a PURCHASE), and recomputes its PPP = (q·ppp + dq·price)/(q + dq).
 */
export async function receive(db: Executor, input: ReceiveInput): Promise<{ stockIds: number[]; transactionIds: number[] }> {
  return db.transaction(async (tx) => {
    const { workspaceId } = input;
    let keys: StockKey[];
    if (input.stockId) {
      const target = await findStock(tx, workspaceId, input.stockId);
      keys = input.rows.map(() => ({ companyId: target.company_id, warehouseId: target.warehouse_id, supplyId: target.supply_id, unitId: target.unit_id }));
    } else {
      await visibleWarehouse(tx, workspaceId, input.warehouseId);
      await assertVisibleCompany(tx, workspaceId, input.companyId);
      const supplyUnits = await visibleSupplies(tx, workspaceId, input.rows.map((r) => r.supplyId));
      keys = input.rows.map((r) => ({ companyId: input.companyId, warehouseId: input.warehouseId, supplyId: r.supplyId, unitId: r.unitId ?? supplyUnits.get(r.supplyId)?.unit_id ?? 0 }));
      await assertUnits(tx, keys.map((k) => k.unitId));
    }
    if (input.providerId) await assertVisibleProvider(tx, workspaceId, input.providerId);
    const { ids, created } = await ensureStocks(tx, workspaceId, keys);
    const state = await lockAll(tx, workspaceId, ids);
    const transactionIds: number[] = [];
    for (const [i, row] of input.rows.entries()) {
      const stockId = ids[i];
      const w = lockedOrGone(state, stockId);
      // the first entry into a stock this call created is its Alta; any other is a purchase
      const name: TransactionType = created.has(stockId) && ids.indexOf(stockId) === i ? 'INITIAL' : 'PURCHASE';
      const [t] = await tx
        .insert(stockTransactions)
        .values({
          workspace_id: workspaceId,
          stock_id: stockId,
          name,
          quantity: row.quantity,
          price: row.price,
          exchange_rate: row.exchangeRate ?? null,
          ppp_before: w.ppp,
          expiration_date: row.expirationDate ?? null,
          provider_id: input.providerId ?? null,
          user_id: input.userId,
          ...docColumns(input),
        })
        .returning({ id: stockTransactions.stock_transaction_id });
      transactionIds.push(t.id);
      w.ppp = pppAfterEntry(w.quantity, w.ppp, row.quantity, row.price);
      w.quantity = applyDelta(w.quantity, row.quantity, QUANTITY_SCALE, () => conflict(INVENTORY_MSG.reverseNegative));
      w.price = row.price;
      if (row.exchangeRate) w.exchange_rate = row.exchangeRate;
      if (input.invoice) w.invoice = input.invoice;
    }
    await writeAll(tx, workspaceId, state, ids);
    return { stockIds: ids, transactionIds };
  });
}

export type MoveRow = { stockId?: number | null; companyId?: number | null; warehouseId?: number | null; supplyId?: number | null; unitId?: number | null; quantity: string; expirationDate?: string | null };
export type MoveInput = Documents & { workspaceId: number; userId: number; destinationWarehouseId: number; rows: MoveRow[] };

/** The source stock of a movement row: by stock_id, or by company, warehouse, supply and unit. */
async function sourceOf(tx: Executor, workspaceId: number, row: MoveRow, index: number): Promise<StockRecord> {
  if (row.stockId) return findStock(tx, workspaceId, row.stockId);
  if (!row.companyId || !row.warehouseId || !row.supplyId) throw invalid(`stocks.${index}.supply_id`, INVENTORY_MSG.missingFields(['Insumo']));
  let unitId = row.unitId;
  if (!unitId) unitId = (await visibleSupplies(tx, workspaceId, [row.supplyId])).get(row.supplyId)?.unit_id;
  const found = unitId ? await findStockByKey(tx, workspaceId, { companyId: row.companyId, warehouseId: row.warehouseId, supplyId: row.supplyId, unitId }) : undefined;
  if (!found) throw notFound(INVENTORY_MSG.stockNotFound);
  return found;
}

/**
 * Movement between warehouses: takes each row's quantity out of its source stock and adds it to the stock of the same
 * company, supply and unit in the destination warehouse (created when missing), merging PPP at the source's PPP.
 */
export async function move(db: Executor, input: MoveInput): Promise<{ transactionIds: number[] }> {
  return db.transaction(async (tx) => {
    const { workspaceId } = input;
    await visibleWarehouse(tx, workspaceId, input.destinationWarehouseId);
    const sources: StockRecord[] = [];
    for (const [i, row] of input.rows.entries()) {
      const source = await sourceOf(tx, workspaceId, row, i);
      if (source.warehouse_id === input.destinationWarehouseId) throw invalid('warehouse_id', INVENTORY_MSG.sameWarehouse);
      sources.push(source);
    }
    const { ids: destinations } = await ensureStocks(
      tx,
      workspaceId,
      sources.map((s) => ({ companyId: s.company_id, warehouseId: input.destinationWarehouseId, supplyId: s.supply_id, unitId: s.unit_id })),
    );
    const state = await lockAll(tx, workspaceId, [...sources.map((s) => s.stock_id), ...destinations]);
    const units = await unitNames(tx, sources.map((s) => s.unit_id));
    const transactionIds: number[] = [];
    for (const [i, row] of input.rows.entries()) {
      const src = lockedOrGone(state, sources[i].stock_id);
      const dst = lockedOrGone(state, destinations[i]);
      const unit = units.get(sources[i].unit_id) ?? '';
      const refuse = (available: Big) => new AppError('VALIDATION', INVENTORY_MSG.moveExceeds(plainQuantity(available), unit), [{ loc: ['body', 'stocks', i, 'quantity'], msg: INVENTORY_MSG.moveExceeds(plainQuantity(available), unit) }]);
      const [t] = await tx
        .insert(stockTransactions)
        .values({
          workspace_id: workspaceId,
          stock_id: sources[i].stock_id,
          stock_destiny_id: destinations[i],
          name: 'MOVEMENT',
          quantity: row.quantity,
          price: src.ppp,
          exchange_rate: src.exchange_rate,
          ppp_before: src.ppp,
          destiny_ppp_before: dst.ppp,
          expiration_date: row.expirationDate ?? sources[i].expiration_date,
          user_id: input.userId,
          ...docColumns(input),
        })
        .returning({ id: stockTransactions.stock_transaction_id });
      transactionIds.push(t.id);
      src.quantity = applyDelta(src.quantity, new Big(row.quantity).neg(), QUANTITY_SCALE, refuse);
      dst.ppp = pppAfterEntry(dst.quantity, dst.ppp, row.quantity, src.ppp);
      dst.quantity = applyDelta(dst.quantity, row.quantity, QUANTITY_SCALE, refuse);
      if (new Big(dst.price).eq(0)) dst.price = src.price;
      dst.exchange_rate ??= src.exchange_rate;
    }
    await writeAll(tx, workspaceId, state, [...sources.map((s) => s.stock_id), ...destinations]);
    return { transactionIds };
  });
}

export type AdjustInput = { workspaceId: number; userId: number; stockId: number; countedQuantity: string; observations?: string | null };

/** Adjustment: the counted quantity replaces the stock's, recording the signed difference. */
export async function adjust(db: Executor, input: AdjustInput): Promise<{ transactionId: number; difference: string }> {
  return db.transaction(async (tx) => {
    const state = await lockAll(tx, input.workspaceId, [input.stockId]);
    const w = lockedOrGone(state, input.stockId);
    const difference = new Big(input.countedQuantity).minus(w.quantity).toFixed(QUANTITY_SCALE);
    const [t] = await tx
      .insert(stockTransactions)
      .values({
        workspace_id: input.workspaceId,
        stock_id: input.stockId,
        name: 'ADJUSTMENT',
        quantity: input.countedQuantity,
        difference,
        price: w.ppp,
        ppp_before: w.ppp,
        observations: input.observations ?? null,
        user_id: input.userId,
      })
      .returning({ id: stockTransactions.stock_transaction_id });
    w.quantity = applyDelta(w.quantity, difference, QUANTITY_SCALE, () => invalid('quantity', INVENTORY_MSG.quantityNotNegative));
    await writeAll(tx, input.workspaceId, state, [input.stockId]);
    return { transactionId: t.id, difference };
  });
}

export type ConsumeInput = { workspaceId: number; stockId: number; quantity: string; workOrderId: number | null; userId: number };

/** Usage by a work order (USAGE at the current PPP); refused with 409 when the stock does not hold the quantity. */
export async function consume(db: Executor, input: ConsumeInput): Promise<{ transactionId: number }> {
  return db.transaction(async (tx) => {
    const state = await lockAll(tx, input.workspaceId, [input.stockId]);
    const w = lockedOrGone(state, input.stockId);
    const stock = await findStock(tx, input.workspaceId, input.stockId);
    const unit = (await unitNames(tx, [stock.unit_id])).get(stock.unit_id) ?? '';
    w.quantity = applyDelta(w.quantity, new Big(input.quantity).neg(), QUANTITY_SCALE, (available) => conflict(INVENTORY_MSG.insufficientStock(plainQuantity(available), unit)));
    const [t] = await tx
      .insert(stockTransactions)
      .values({
        workspace_id: input.workspaceId,
        stock_id: input.stockId,
        name: 'USAGE',
        quantity: input.quantity,
        price: w.ppp,
        exchange_rate: w.exchange_rate,
        ppp_before: w.ppp,
        work_order_id: input.workOrderId,
        user_id: input.userId,
      })
      .returning({ id: stockTransactions.stock_transaction_id });
    await writeAll(tx, input.workspaceId, state, [input.stockId]);
    return { transactionId: t.id };
  });
}
