import { ENTRY_FIELD_NAMES, INV_MSG } from './texts';

type Maybe<T> = T | null | undefined;
export type EntryRowDraft = { supply_id?: Maybe<number>; unit_id?: Maybe<number>; quantity?: Maybe<number>; price?: Maybe<number> };
export type EntryDraft = { warehouse_id?: Maybe<number>; company_id?: Maybe<number>; supplies?: Maybe<EntryRowDraft>[] };

const blank = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));

/** Names of the required fields a stock-entry row lacks (Insumo, Cantidad, Precio), in that order. */
export function missingRowFields(row: Maybe<EntryRowDraft>): string[] {
  const r = row ?? {};
  const out: string[] = [];
  if (blank(r.supply_id)) out.push(ENTRY_FIELD_NAMES.supply_id);
  if (blank(r.quantity) || Number(r.quantity) <= 0) out.push(ENTRY_FIELD_NAMES.quantity);
  if (blank(r.price)) out.push(ENTRY_FIELD_NAMES.price);
  return out;
}

/**
 * Spec doc 2 §5 "Stock entry": warehouse ('Debe seleccionar un deposito'), company ('Debe seleccionar una empresa'),
 * and each row needs supply, quantity and price ('falta completar {fields}'). Returns every message, once each.
 */
export function validateEntry(draft: EntryDraft): string[] {
  const messages: string[] = [];
  if (blank(draft.warehouse_id)) messages.push(INV_MSG.warehouseRequired);
  if (blank(draft.company_id)) messages.push(INV_MSG.companyRequired);
  const rows = draft.supplies && draft.supplies.length > 0 ? draft.supplies : [{}];
  for (const row of rows) {
    const missing = missingRowFields(row);
    if (missing.length > 0) messages.push(INV_MSG.missingFields(missing));
  }
  return [...new Set(messages)];
}

export type MoveRowDraft = { stock_id?: Maybe<number>; quantity?: Maybe<number> };
export type MoveDraft = { warehouse_id?: Maybe<number>; company_id?: Maybe<number>; stocks?: Maybe<MoveRowDraft>[] };

/** Spec doc 2 §5 "Movement": the same two required messages; each row needs its stock and quantity. */
export function validateMove(draft: MoveDraft, sourceWarehouseOf: (stockId: number) => number | undefined): string[] {
  const messages: string[] = [];
  if (blank(draft.warehouse_id)) messages.push(INV_MSG.warehouseRequired);
  if (blank(draft.company_id)) messages.push(INV_MSG.companyRequired);
  const rows = draft.stocks && draft.stocks.length > 0 ? draft.stocks : [{}];
  for (const row of rows) {
    const missing: string[] = [];
    if (blank(row?.stock_id)) missing.push(ENTRY_FIELD_NAMES.supply_id);
    if (blank(row?.quantity) || Number(row?.quantity) <= 0) missing.push(ENTRY_FIELD_NAMES.quantity);
    if (missing.length > 0) messages.push(INV_MSG.missingFields(missing));
    if (row?.stock_id && draft.warehouse_id && sourceWarehouseOf(row.stock_id) === draft.warehouse_id) messages.push(INV_MSG.sameWarehouse);
  }
  return [...new Set(messages)];
}
