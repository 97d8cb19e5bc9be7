import { describe, expectTypeOf, it } from 'vitest';
import type { GrainMovementRow, GrainStockMovementRow, GrainStockRow, GrainStockTransactionRow } from '@fm/domain';
import type { MovementRow } from './movements.repo';
import type { listTransactions, movementsOfStock, StockRow } from './stocks.repo';

/**
 * The rows the grain lists answer are the ones @fm/domain declares for their clients (the web reads those types).
 * Checked by the type checker: a column added, dropped or retyped on one side fails `npm run typecheck`.
 */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
/** The database gives a status or a destination type as text: the domain's literal unions, widened. */
type Widened<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends string | null ? string | null : T[K] extends object ? Widened<T[K]> : T[K] };
type Row<F extends (...args: never[]) => Promise<{ data: unknown[] }>> = Awaited<ReturnType<F>>['data'][number];

describe('grain rows', () => {
  it('are the contract @fm/domain declares', () => {
    expectTypeOf<Widened<Json<MovementRow>>>().toEqualTypeOf<Widened<GrainMovementRow>>();
    expectTypeOf<Widened<Json<Row<typeof movementsOfStock>>>>().toEqualTypeOf<Widened<GrainStockMovementRow>>();
    expectTypeOf<Widened<Json<StockRow>>>().toEqualTypeOf<Widened<GrainStockRow>>();
    expectTypeOf<Widened<Json<Row<typeof listTransactions>>>>().toEqualTypeOf<Widened<GrainStockTransactionRow>>();
  });
});
