import Big from 'big.js';
import { z } from 'zod';
import { div, fixed, sign, times, toFixedString } from './exact-decimal';
import { FILE_MSG, UPLOAD_MAX_BYTES } from './files';

/**
 * Supplies stock ledger (spec doc 2 §3 "Stock", "Stock transaction", "Stock-in form", "Movement form"; §4 "Stock
 * transaction types"; §5; §8). Quantities carry 5 decimals, prices 4, values 2, always computed with big.js.
 */
export const TRANSACTION_TYPES = ['INITIAL', 'MOVEMENT', 'USAGE', 'PURCHASE', 'ADJUSTMENT'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Spanish label of each type (INITIAL is "Alta", spec doc 2 §4). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  INITIAL: 'Alta',
  MOVEMENT: 'Movimiento',
  USAGE: 'Consumo',
  PURCHASE: 'Compra',
  ADJUSTMENT: 'Ajuste',
};

/** Entries: they bring stock in at a price and recompute the PPP. */
export const ENTRY_TYPES: readonly TransactionType[] = ['INITIAL', 'PURCHASE'];

/** A lot is "expiring" this many days ahead (issue 9 item 7). */
export const EXPIRY_WARNING_DAYS = 30;
/** Invoice and delivery-note files: at most this many bytes each. */
export const STOCK_FILE_MAX_BYTES = UPLOAD_MAX_BYTES;

export const QUANTITY_SCALE = 5;
export const PRICE_SCALE = 4;
export const VALUE_SCALE = 2;

/** Spanish names of the entry row fields, in the order 'falta completar' lists them. */
export const ENTRY_ROW_FIELD_NAMES = { supply_id: 'Insumo', quantity: 'Cantidad', price: 'Precio' } as const;

export const INVENTORY_MSG = {
  // warehouses
  nameRequired: 'El nombre es requerido',
  warehouseCreated: 'Deposito Creado Correctamente',
  deleted: 'Eliminado',
  warehouseHasStock: 'No se puede eliminar el depósito porque tiene stock.',
  // supplies
  supplyCreated: 'Insumo creado correctamente',
  supplyEdited: 'Insumo editado correctamente',
  catalogueReadOnly: 'Los insumos del catálogo no se pueden editar.',
  supplyInUse: 'Este insumo ya esta siendo utilizado',
  // stock entry and movement
  warehouseRequired: 'Debe seleccionar un deposito',
  companyRequired: 'Debe seleccionar una empresa',
  missingFields: (fields: readonly string[]) => `falta completar ${fields.join(', ')}`,
  stockLoaded: 'Stock cargado correctamente',
  suppliesRequired: 'Agregá al menos un insumo',
  suppliesInvalid: 'La lista de insumos no es válida',
  quantityPositive: 'La cantidad debe ser mayor a 0',
  quantityNotNegative: 'La cantidad no puede ser negativa',
  priceNotNegative: 'El precio no puede ser negativo',
  exchangeRatePositive: 'El tipo de cambio debe ser mayor a 0',
  numberInvalid: 'El número no es válido',
  numberTooLarge: 'El número es demasiado grande',
  dateInvalid: 'La fecha no es válida (AAAA-MM-DD)',
  textTooLong: (max: number) => `El texto no puede superar los ${max} caracteres`,
  // stocks
  stockDeleted: 'Stock eliminado correctamente',
  stockNotEmpty: 'Solo se puede eliminar un stock sin cantidad.',
  stockLinked: 'No se puede eliminar el stock porque tiene movimientos con otros depósitos o consumos de órdenes de trabajo.',
  stockNotFound: 'No se encontró el stock',
  warehouseNotFound: 'No se encontró el depósito',
  companyNotFound: 'No se encontró la empresa',
  supplyNotFound: 'No se encontró el insumo',
  providerNotFound: 'No se encontró el proveedor',
  unitNotFound: 'No se encontró la unidad',
  transactionNotFound: 'No se encontró la transacción',
  // movements and adjustments
  typeInvalid: 'El tipo de transacción debe ser MOVEMENT o ADJUSTMENT',
  sameWarehouse: 'El depósito de destino debe ser distinto al de origen.',
  moveExceeds: (available: string, unit: string) => `La cantidad a mover supera el stock disponible (${available} ${unit}).`,
  movementDone: 'Movimiento de stock realizado correctamente',
  adjustedStockRequired: 'Seleccioná el stock a ajustar',
  adjustmentDone: 'Ajuste de stock realizado correctamente',
  insufficientStock: (available: string, unit: string) => `No hay stock suficiente (disponible: ${available} ${unit}).`,
  // transactions
  transactionDeleted: 'Transacción eliminada correctamente',
  reverseNegative: 'No se puede eliminar la transacción: el stock quedaría negativo.',
  // files
  /** The file store's messages (files.ts): one wording wherever a file is uploaded. */
  fileType: FILE_MSG.invalidType,
  fileTooLarge: FILE_MSG.tooLarge,
  // document reader
  documentUnreadable: 'No pudimos leer el documento. Cargá los datos a mano.',
  // expirations
  expiryTitle: 'Insumo por vencer',
  expiryBody: (supply: string, warehouse: string, date: string, expired: boolean) =>
    expired ? `El lote de ${supply} en ${warehouse} venció el ${date}.` : `El lote de ${supply} en ${warehouse} vence el ${date}.`,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Decimal input: a JSON number or a numeric string ("1234.5" or "1234,5"), kept as a canonical decimal string.

/** A decimal the client sent (JSON number, or string with a point or one comma) as a Big; undefined when it is not a finite number. */
export function toBig(value: unknown): Big | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new Big(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const s = value.trim().replace(',', '.');
  if (!/^-?\d{1,20}(\.\d{1,12})?$/.test(s)) return undefined;
  return new Big(s);
}

function decimalOf(opts: { scale: number; max: number; min?: 'positive' | 'non-negative'; minMessage?: string }) {
  return (v: number | string, ctx: z.RefinementCtx): string => {
    const d = toBig(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: INVENTORY_MSG.numberInvalid });
      return z.NEVER;
    }
    const r = d.round(opts.scale, Big.roundHalfUp);
    if (r.abs().gte(opts.max)) {
      ctx.addIssue({ code: 'custom', message: INVENTORY_MSG.numberTooLarge });
      return z.NEVER;
    }
    if ((opts.min === 'positive' && r.lte(0)) || (opts.min === 'non-negative' && r.lt(0))) {
      ctx.addIssue({ code: 'custom', message: opts.minMessage ?? INVENTORY_MSG.numberInvalid });
      return z.NEVER;
    }
    return r.toFixed(opts.scale);
  };
}

type DecimalOpts = { scale: number; max: number; min?: 'positive' | 'non-negative'; minMessage?: string };

/** A required decimal field rounded half-up to `scale` places, below `max`, as a canonical string. */
export function decimalField(opts: DecimalOpts) {
  return z.union([z.number(), z.string().max(40)]).transform(decimalOf(opts));
}

/** The same, optional: undefined, null and '' are null. */
export function optionalDecimalField(opts: DecimalOpts) {
  const parse = decimalOf(opts);
  return z
    .union([z.number(), z.string().max(40), z.null()])
    .optional()
    .transform((v, ctx) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : parse(v, ctx)));
}

const QUANTITY_MAX = 1e11;
const PRICE_MAX = 1e12;
const RATE_MAX = 1e8;

export const quantityField = decimalField({ scale: QUANTITY_SCALE, max: QUANTITY_MAX, min: 'positive', minMessage: INVENTORY_MSG.quantityPositive });
export const countedQuantityField = decimalField({ scale: QUANTITY_SCALE, max: QUANTITY_MAX, min: 'non-negative', minMessage: INVENTORY_MSG.quantityNotNegative });
export const priceField = decimalField({ scale: PRICE_SCALE, max: PRICE_MAX, min: 'non-negative', minMessage: INVENTORY_MSG.priceNotNegative });
export const exchangeRateField = optionalDecimalField({ scale: 4, max: RATE_MAX, min: 'positive', minMessage: INVENTORY_MSG.exchangeRatePositive });

const isCalendarDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
/** A calendar day `YYYY-MM-DD` (an ISO instant is cut to its day); '' or null = none. */
export const dayField = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v.trim() === '') return null;
    const day = v.trim().slice(0, 10);
    if (!isCalendarDay(day)) {
      ctx.addIssue({ code: 'custom', message: INVENTORY_MSG.dateInvalid });
      return z.NEVER;
    }
    return day;
  });

const idField = z.coerce.number().int().positive().max(2_147_483_647);
/** An optional id: '', null, 0 and undefined all mean "none". */
const optionalId = z
  .union([z.string().max(20), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: INVENTORY_MSG.numberInvalid });
      return z.NEVER;
    }
    return n;
  });
const text = (max: number) =>
  z
    .union([z.string().max(max, INVENTORY_MSG.textTooLong(max)), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** A value the user left empty: undefined, null or a blank string. */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Which of a stock-entry row's required fields are empty, by their Spanish names (Insumo, Cantidad, Precio). */
export function missingEntryFields(row: Record<string, unknown>, required: readonly (keyof typeof ENTRY_ROW_FIELD_NAMES)[] = ['supply_id', 'quantity', 'price']): string[] {
  return required.filter((k) => blank(row[k]) || (k === 'supply_id' && (row[k] === 0 || row[k] === '0'))).map((k) => ENTRY_ROW_FIELD_NAMES[k]);
}

/** One row of a stock entry (Stock-in form), once its required fields are present. */
export const StockEntryRow = z.object({
  supply_id: idField,
  unit_id: optionalId,
  quantity: quantityField,
  price: priceField,
  exchange_rate: exchangeRateField,
  expiration_date: dayField,
});
export type StockEntryRow = z.output<typeof StockEntryRow>;

/** Header of a stock entry (multipart text fields or JSON), validated after the spec's required messages. */
export const StockEntryHeader = z.object({
  warehouse_id: idField,
  company_id: idField,
  provider_id: optionalId,
  stock_id: optionalId,
  invoice: text(40),
  delivery_note: text(40),
  observations: text(1000),
});
export type StockEntryHeader = z.output<typeof StockEntryHeader>;

/** One row of a movement: the SOURCE stock (by stock_id, or by company, warehouse, supply and unit) and the quantity. */
export const MovementRow = z.object({
  stock_id: optionalId,
  company_id: optionalId,
  warehouse_id: optionalId,
  supply_id: optionalId,
  unit_id: optionalId,
  quantity: quantityField,
  expiration_date: dayField,
});
export type MovementRow = z.output<typeof MovementRow>;

export const MovementHeader = z.object({
  company_id: idField,
  /** The DESTINATION warehouse. */
  warehouse_id: idField,
  invoice: text(40),
  delivery_note: text(40),
  observations: text(1000),
});
export type MovementHeader = z.output<typeof MovementHeader>;

export const AdjustmentBody = z.object({
  stock_destiny_id: z.coerce.number({ error: INVENTORY_MSG.adjustedStockRequired }).int().positive(INVENTORY_MSG.adjustedStockRequired).max(2_147_483_647),
  quantity: countedQuantityField,
  observations: text(1000),
});
export type AdjustmentBody = z.output<typeof AdjustmentBody>;

// ---------------------------------------------------------------------------------------------------------------
// PPP and values

type Dec = Big | string | number;
const big = (v: Dec) => (v instanceof Big ? v : new Big(v));

/**
 * Weighted average price after an entry of `addQuantity` at `price` into a stock holding `quantity` at `ppp`:
 * (q·ppp + dq·price) / (q + dq), rounded half-up to 4 decimals. An empty stock takes the entry's price.
 */
export function pppAfterEntry(quantity: Dec, ppp: Dec, addQuantity: Dec, price: Dec): string {
  const q = big(quantity);
  const dq = big(addQuantity);
  const total = q.plus(dq);
  if (q.lte(0) || total.lte(0)) return big(price).round(PRICE_SCALE, Big.roundHalfUp).toFixed(PRICE_SCALE);
  return q.times(big(ppp)).plus(dq.times(big(price))).div(total).round(PRICE_SCALE, Big.roundHalfUp).toFixed(PRICE_SCALE);
}

/**
 * The PPP before an entry, worked back from the current stock when that entry is not the latest one:
 * (q·ppp − dq·price) / (q − dq), never negative. With nothing left, `fallback` (the PPP recorded before the entry).
 */
export function pppWithoutEntry(quantity: Dec, ppp: Dec, removedQuantity: Dec, price: Dec, fallback: Dec): string {
  const rest = big(quantity).minus(big(removedQuantity));
  if (rest.lte(0)) return big(fallback).toFixed(PRICE_SCALE);
  const value = big(quantity).times(big(ppp)).minus(big(removedQuantity).times(big(price)));
  if (value.lte(0)) return new Big(0).toFixed(PRICE_SCALE);
  return value.div(rest).round(PRICE_SCALE, Big.roundHalfUp).toFixed(PRICE_SCALE);
}

/**
 * Stock value in pesos: quantity × PPP, 2 decimals. Computed on scaled BigInts (exact-decimal.ts, the same results as
 * big.js): every row of the stock list carries both values, and big.js's division was most of a page's CPU.
 */
export function stockValue(quantity: Dec, ppp: Dec): string {
  return toFixedString(times(fixed(quantity), fixed(ppp)), VALUE_SCALE);
}

/** Stock value in dollars: quantity × PPP ÷ exchange rate (20 decimals, as big.js), 2 decimals; null without a rate. */
export function stockValueUsd(quantity: Dec, ppp: Dec, exchangeRate: Dec | null | undefined): string | null {
  if (exchangeRate === null || exchangeRate === undefined || exchangeRate === '') return null;
  const rate = fixed(exchangeRate);
  if (sign(rate) <= 0) return null;
  return toFixedString(div(times(fixed(quantity), fixed(ppp)), rate), VALUE_SCALE);
}

/** `quantity + delta` with 5 decimals; the caller refuses a negative result. */
export function addQuantity(quantity: Dec, delta: Dec): string {
  return big(quantity).plus(big(delta)).round(QUANTITY_SCALE, Big.roundHalfUp).toFixed(QUANTITY_SCALE);
}

/** A decimal as the API answers it: a JSON number (5 decimals at most for quantities, 4 for prices). */
export const decimalNumber = (v: string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** A quantity as people read it: no trailing zeros ("12.5"). */
export const plainQuantity = (v: Dec) => big(v).round(QUANTITY_SCALE, Big.roundHalfUp).toString();

/** The last day of the expiry warning for `today` (a list asks for every row with the same day). */
let warning = { today: '', lastDay: '' };
function lastWarningDay(today: string): string {
  if (warning.today !== today) {
    const limit = new Date(`${today}T00:00:00Z`);
    limit.setUTCDate(limit.getUTCDate() + EXPIRY_WARNING_DAYS);
    warning = { today, lastDay: limit.toISOString().slice(0, 10) };
  }
  return warning.lastDay;
}

/** 'expired' before `today`, 'expiring' within EXPIRY_WARNING_DAYS days, otherwise null (days as YYYY-MM-DD). */
export function expirationStatus(expirationDate: string | null | undefined, today: string): 'expired' | 'expiring' | null {
  if (!expirationDate) return null;
  if (expirationDate < today) return 'expired';
  return expirationDate <= lastWarningDay(today) ? 'expiring' : null;
}

/** Stock list row (GET supplies/stocks). */
export type StockRow = {
  stock_id: number;
  supply: { supply_id: number; name: string; generic: { name: string } | null; unit: { unit_id: number; name: string }; brand: { brand_id: number; name: string } | null; type: { supply_type_id: number; name: string | null }; subtype: string | null; eiq_value: number | null };
  unit: { unit_id: number; name: string };
  warehouse: { warehouse_id: number; name: string };
  company: { company_id: number; name: string };
  ppp: number;
  quantity: number;
  price: number;
  exchange_rate: number | null;
  invoice: string | null;
  expiration_date: string | null;
  expiration_status: 'expired' | 'expiring' | null;
  value_ars: number;
  value_usd: number | null;
};

/** Stock transaction list row (GET supplies/stocks/transactions). */
export type StockTransactionRow = {
  stock_transaction_id: number;
  stock_id: number;
  name: TransactionType;
  quantity: number;
  difference: number | null;
  price: number | null;
  exchange_rate: number | null;
  invoice: string | null;
  delivery_note: string | null;
  invoice_file_url: string | null;
  delivery_note_file_url: string | null;
  observations: string | null;
  created_at: string;
  updated_at: string;
  expiration_date: string | null;
  stock_destiny_id: number | null;
  destiny: { warehouse: { warehouse_id: number; name: string }; supply: { supply_id: number; name: string }; unit: { unit_id: number; name: string } } | null;
  stock: { warehouse: { warehouse_id: number; name: string }; supply: { supply_id: number; name: string }; unit: { unit_id: number; name: string }; company: { company_id: number; name: string } };
  provider: { provider_id: number; name: string } | null;
  user: { name: string; last_name: string } | null;
  work_order_id: number | null;
};

/** Expired or expiring lot (GET supplies/stocks/expired). */
export type ExpiredLot = {
  stock_transaction_id: number;
  stock_id: number;
  supply: { supply_id: number; name: string };
  warehouse: { warehouse_id: number; name: string };
  company: { company_id: number; name: string };
  unit: { unit_id: number; name: string };
  quantity: number;
  expiration_date: string;
  status: 'expired' | 'expiring';
};
