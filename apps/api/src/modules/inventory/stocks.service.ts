import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ENTRY_ROW_FIELD_NAMES,
  INVENTORY_MSG,
  missingEntryFields,
  MovementHeader,
  MovementRow,
  StockEntryHeader,
  StockEntryRow,
} from '@fm/domain';
import type { Db, Executor } from '../../db/client';
import { stockTransactions } from '../../db/schema/index';
import { AppError, conflict, notFound, type Detail } from '../../http/errors';
import { lockBalances } from '../../db/ledger';
import { STOCK_BALANCE } from './ledger.repo';
import { move, receive } from './ledger';
import { deleteStockRows, stockIsLinked } from './stocks.repo';
import { jsonList, type Form } from './stocks.form';
import { deleteUpload, saveUpload, type FileStore } from '../../files/index';

type Actor = { workspaceId: number; userId: number };

const blank = (v: unknown) => v === undefined || v === null || v === '' || v === 0 || v === '0' || v === 'null' || v === 'undefined';

/** One 422 carrying every detail; the message lists each distinct one (as the Zod path does). */
function failWith(detail: Detail[]): never {
  throw new AppError('VALIDATION', [...new Set(detail.map((d) => d.msg))].join('\n'), detail);
}

function zodDetails(error: z.ZodError, prefix: (string | number)[]): Detail[] {
  return error.issues.map((i) => ({ loc: ['body', ...prefix, ...i.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: i.message }));
}

/** The spec's required messages first (deposito, empresa, 'falta completar ...'), then the format of every value. */
function requireHeader(fields: Record<string, unknown>): Detail[] {
  const detail: Detail[] = [];
  if (blank(fields.warehouse_id)) detail.push({ loc: ['body', 'warehouse_id'], msg: INVENTORY_MSG.warehouseRequired });
  if (blank(fields.company_id)) detail.push({ loc: ['body', 'company_id'], msg: INVENTORY_MSG.companyRequired });
  return detail;
}

/** 'falta completar {fields}': the union of the rows' empty fields in the form's order, with a detail per row and field. */
function requireRows(rows: Record<string, unknown>[], listField: string, required: (keyof typeof ENTRY_ROW_FIELD_NAMES)[]): Detail[] {
  const missing = rows.length ? rows.map((r) => missingEntryFields(r, required)) : [required.map((k) => ENTRY_ROW_FIELD_NAMES[k])];
  const names = required.map((k) => ENTRY_ROW_FIELD_NAMES[k]).filter((n) => missing.some((m) => m.includes(n)));
  if (!names.length) return [];
  const msg = INVENTORY_MSG.missingFields(names);
  return missing.flatMap((m, i) => required.filter((k) => m.includes(ENTRY_ROW_FIELD_NAMES[k])).map((k) => ({ loc: ['body', listField, i, k], msg })));
}

export type StockEntry = { header: z.output<typeof StockEntryHeader>; rows: z.output<typeof StockEntryRow>[] };

/** Validates a stock entry form (POST supplies/stocks): 422 with the spec's messages. */
export function parseStockEntry(form: Form): StockEntry {
  const f = form.fields;
  const rows = (jsonList(f.supplies, 'supplies') ?? []) as Record<string, unknown>[];
  const required = [...requireHeader(f), ...requireRows(rows, 'supplies', ['supply_id', 'quantity', 'price'])];
  if (required.length) failWith(required);
  const header = StockEntryHeader.safeParse(f);
  const parsedRows = rows.map((r) => StockEntryRow.safeParse(r));
  const detail = [...(header.success ? [] : zodDetails(header.error, [])), ...parsedRows.flatMap((p, i) => (p.success ? [] : zodDetails(p.error, ['supplies', i])))];
  if (detail.length || !header.success) failWith(detail);
  return { header: header.data, rows: parsedRows.map((p) => (p.success ? p.data : failWith([]))) };
}

export type Movement = { header: z.output<typeof MovementHeader>; rows: z.output<typeof MovementRow>[] };

/** Validates a movement (POST supplies/stocks/transactions, name MOVEMENT). */
export function parseMovement(form: Form): Movement {
  const f = form.fields;
  const rows = (jsonList(f.stocks, 'stocks') ?? []) as Record<string, unknown>[];
  // a row names its source by stock_id or by supply (with company and warehouse)
  const withSource = rows.map((r) => ({ ...r, supply_id: blank(r.stock_id) ? r.supply_id : r.stock_id }));
  const required = [...requireHeader(f), ...requireRows(withSource, 'stocks', ['supply_id', 'quantity'])];
  if (required.length) failWith(required);
  const header = MovementHeader.safeParse(f);
  const parsedRows = rows.map((r) => MovementRow.safeParse(r));
  const detail = [...(header.success ? [] : zodDetails(header.error, [])), ...parsedRows.flatMap((p, i) => (p.success ? [] : zodDetails(p.error, ['stocks', i])))];
  if (detail.length || !header.success) failWith(detail);
  return { header: header.data, rows: parsedRows.map((p) => (p.success ? p.data : failWith([]))) };
}

type FileIds = { invoice_file_id?: number; delivery_note_file_id?: number };

/**
 * Runs `work` (the ledger transaction) with the form's files kept first: bytes in the file store and `files` rows
 * written before the transaction (no file I/O inside it, decision 0014), removed again if it fails. The files were
 * checked (magic bytes, size) when the form was read, so a bad file never gets here.
 */
async function withFiles<T>(db: Db, store: FileStore, actor: Actor, form: Form, work: (ids: FileIds) => Promise<T>): Promise<T> {
  const ids: FileIds = {};
  try {
    for (const [field, column] of [['invoice_file', 'invoice_file_id'], ['delivery_note_file', 'delivery_note_file_id']] as const) {
      const file = form.files[field];
      if (file) ids[column] = (await saveUpload(db, store, { workspaceId: actor.workspaceId, userId: actor.userId, field, ...file })).file_id;
    }
    return await work(ids);
  } catch (e) {
    for (const id of Object.values(ids)) await deleteUpload(db, store, actor.workspaceId, id).catch(() => undefined);
    throw e;
  }
}

/** Points the given transactions at the kept files (inside the ledger transaction). */
async function attachFiles(tx: Executor, ids: FileIds, transactionIds: number[]): Promise<void> {
  if (Object.keys(ids).length && transactionIds.length) await tx.update(stockTransactions).set(ids).where(inArray(stockTransactions.stock_transaction_id, transactionIds));
}

/** Stock entry: the rows through the ledger and the files, all in one transaction. Returns the stock ids. */
export async function enterStock(db: Db, store: FileStore, actor: Actor, form: Form, entry: StockEntry): Promise<number[]> {
  const { header } = entry;
  return withFiles(db, store, actor, form, (fileIds) => db.transaction(async (tx) => {
    const { stockIds, transactionIds } = await receive(tx, {
      ...actor,
      companyId: header.company_id,
      warehouseId: header.warehouse_id,
      providerId: header.provider_id,
      stockId: header.stock_id,
      invoice: header.invoice,
      deliveryNote: header.delivery_note,
      observations: header.observations,
      rows: entry.rows.map((r) => ({ supplyId: r.supply_id, unitId: r.unit_id, quantity: r.quantity, price: r.price, exchangeRate: r.exchange_rate, expirationDate: r.expiration_date })),
    });
    await attachFiles(tx, fileIds, transactionIds);
    return [...new Set(stockIds)];
  }));
}

/** Movement between warehouses with its documents, in one transaction. */
export async function moveStock(db: Db, store: FileStore, actor: Actor, form: Form, movement: Movement): Promise<number[]> {
  const { header } = movement;
  return withFiles(db, store, actor, form, (fileIds) => db.transaction(async (tx) => {
    const { transactionIds } = await move(tx, {
      ...actor,
      destinationWarehouseId: header.warehouse_id,
      invoice: header.invoice,
      deliveryNote: header.delivery_note,
      observations: header.observations,
      rows: movement.rows.map((r) => ({ stockId: r.stock_id, companyId: r.company_id ?? header.company_id, warehouseId: r.warehouse_id, supplyId: r.supply_id, unitId: r.unit_id, quantity: r.quantity, expirationDate: r.expiration_date })),
    });
    await attachFiles(tx, fileIds, transactionIds);
    return transactionIds;
  }));
}

/** Deletes a stock: only at zero, with its own transactions, and not when others' ledgers or work orders refer to it. */
export async function deleteStock(db: Db, workspaceId: number, stockId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const stock = (await lockBalances(tx, STOCK_BALANCE, workspaceId, [stockId])).get(stockId);
    if (!stock) throw notFound(INVENTORY_MSG.stockNotFound);
    if (Number(stock.quantity) !== 0) throw conflict(INVENTORY_MSG.stockNotEmpty);
    if (await stockIsLinked(tx, workspaceId, stockId)) throw conflict(INVENTORY_MSG.stockLinked);
    await deleteStockRows(tx, workspaceId, stockId);
  });
}
