import Big from 'big.js';
import { and, asc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppError } from '../http/errors';
import type { Executor } from './client';

/**
 * The generic ledger balance (ARCHITECTURE §6 "Ledgers"): supply stock today, grain tons and livestock heads next.
 * A balance row is only changed after `SELECT ... FOR UPDATE`, locking every row a change touches in one statement
 * ordered by id (so two changes over the same rows queue instead of deadlocking), by a signed decimal delta that
 * is refused when it would leave the balance below zero.
 */
export type BalanceTable<T extends PgTable> = {
  table: T;
  /** Primary key of the balance row. */
  id: PgColumn;
  /** The running quantity (numeric). */
  quantity: PgColumn;
  /** Tenant column, always in the WHERE (a balance of another workspace is never locked nor seen). */
  tenant: PgColumn;
  /** Decimal places of the quantity column. */
  scale: number;
};

/**
 * Locks the balance rows with these ids (deduplicated, ascending: deadlock-free) of the tenant and returns them by id.
 * Rows of another tenant or that do not exist are simply absent from the map.
 */
export async function lockBalances<T extends PgTable>(db: Executor, spec: BalanceTable<T>, tenantId: number, ids: number[], extra?: SQL): Promise<Map<number, T['$inferSelect']>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const out = new Map<number, T['$inferSelect']>();
  if (!unique.length) return out;
  // drizzle cannot infer a select over a generic table; rows are the table's own
  const rows = (await db
    .select()
    .from(spec.table as PgTable)
    .where(and(eq(spec.tenant, tenantId), inArray(spec.id, unique), extra))
    .orderBy(asc(spec.id))
    .for('update')) as Record<string, unknown>[];
  const idKey = keyOf(spec.table, spec.id);
  for (const r of rows) out.set(Number(r[idKey]), r as T['$inferSelect']);
  return out;
}

/** The property name drizzle gives a column in the rows of its table. */
function keyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  return entry ? entry[0] : column.name;
}

/**
 * `current + delta` rounded to `scale`; when the result would be below zero, throws what `refuse(available)` builds
 * (the caller's Spanish message: how much there is). Pure: the caller writes the result with `writeBalance`.
 */
export function applyDelta(current: string | Big, delta: string | Big, scale: number, refuse: (available: Big) => AppError): string {
  const now = new Big(current);
  const next = now.plus(new Big(delta)).round(scale, Big.roundHalfUp);
  if (next.lt(0)) throw refuse(now);
  return next.toFixed(scale);
}

/** Writes a locked balance row's new quantity (and any other columns of the same row). */
export async function writeBalance<T extends PgTable>(db: Executor, spec: BalanceTable<T>, id: number, quantity: string, set: Partial<T['$inferInsert']> = {}): Promise<void> {
  const values = { ...set, [keyOf(spec.table, spec.quantity)]: quantity } as Record<string, unknown>;
  await db
    .update(spec.table as PgTable)
    .set(values as never)
    .where(eq(spec.id, id));
}
