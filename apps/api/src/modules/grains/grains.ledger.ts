import Big from 'big.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { GRAIN_MOVEMENT_STATUS, GRAIN_MSG, TONS_SCALE, type GrainStockTransactionKind } from '@fm/domain';
import type { Executor } from '../../db/client';
import { applyDelta, lockBalances, writeBalance, type BalanceTable } from '../../db/ledger';
import { grainContractMovements, grainMovements, grainStocks, grainStockTransactions } from '../../db/schema/index';
import { conflict, notFound, type AppError } from '../../http/errors';

/**
 * The grain stock ledger (ARCHITECTURE §6): the ONE place grain_stocks.tons changes. Every change runs in the caller's
 * transaction, locks the stock row (SELECT ... FOR UPDATE, this workspace only), applies a signed decimal delta that
 * may never leave the stock below zero and inserts the grain_stock_transactions row explaining it, so a stock's tons
 * are always the sum of its transactions. The contracts module calls applyStockDelta and lockMovementRemaining.
 */
export type Scope = { workspaceId: number; userId: number };

export const GRAIN_STOCK_BALANCE: BalanceTable<typeof grainStocks> = {
  table: grainStocks,
  id: grainStocks.stock_id,
  quantity: grainStocks.tons,
  tenant: grainStocks.workspace_id,
  scale: TONS_SCALE,
};

export type StockDelta = {
  stock_id: number;
  /** Signed tons (3 decimals). */
  tons: string;
  kind: GrainStockTransactionKind;
  movement_id?: number | null;
  contract_movement_id?: number | null;
  waybill?: string | null;
  origin?: string | null;
  humidity?: string | null;
};

const insufficient = (available: Big) => conflict(GRAIN_MSG.stockInsufficient(available.toFixed(TONS_SCALE)));

/**
 * Locks the stock, applies the delta and records it. 404 when the stock is not the workspace's; 409 (`refuse`, by
 * default "No hay stock suficiente (disponible: … tn).") when the result would be below zero.
 */
export async function applyStockDelta(
  tx: Executor,
  scope: Scope,
  d: StockDelta,
  refuse: (available: Big) => AppError = insufficient,
): Promise<{ stock_transaction_id: number; tons: string }> {
  const stock = (await lockBalances(tx, GRAIN_STOCK_BALANCE, scope.workspaceId, [d.stock_id])).get(d.stock_id);
  if (!stock) throw notFound(GRAIN_MSG.stockNotFound);
  const delta = new Big(d.tons).round(TONS_SCALE, Big.roundHalfUp).toFixed(TONS_SCALE);
  const next = applyDelta(stock.tons, delta, TONS_SCALE, refuse);
  await writeBalance(tx, GRAIN_STOCK_BALANCE, d.stock_id, next, { updated_at: new Date(), updated_by: scope.userId });
  const [row] = await tx
    .insert(grainStockTransactions)
    .values({
      workspace_id: scope.workspaceId,
      stock_id: d.stock_id,
      movement_id: d.movement_id ?? null,
      contract_movement_id: d.contract_movement_id ?? null,
      kind: d.kind,
      tons: delta,
      humidity: d.humidity ?? null,
      waybill: d.waybill ?? null,
      origin: d.origin ? d.origin.slice(0, 250) : null,
      created_by: scope.userId,
      updated_by: scope.userId,
    })
    .returning({ id: grainStockTransactions.stock_transaction_id });
  return { stock_transaction_id: row.id, tons: next };
}

/**
 * Removes a ledger row and gives its delta back to the (locked) stock: the stock still equals the sum of its
 * transactions. 409 "No hay stock suficiente…" when that would leave it below zero (the tons were used since).
 */
export async function reverseStockTransaction(tx: Executor, scope: Scope, stockTransactionId: number): Promise<void> {
  const [t] = await tx
    .select({ stock_id: grainStockTransactions.stock_id, tons: grainStockTransactions.tons })
    .from(grainStockTransactions)
    .where(and(eq(grainStockTransactions.workspace_id, scope.workspaceId), eq(grainStockTransactions.stock_transaction_id, stockTransactionId)));
  if (!t) throw notFound(GRAIN_MSG.transactionNotFound);
  const stock = (await lockBalances(tx, GRAIN_STOCK_BALANCE, scope.workspaceId, [t.stock_id])).get(t.stock_id);
  if (!stock) throw notFound(GRAIN_MSG.stockNotFound);
  const next = applyDelta(stock.tons, new Big(t.tons).times(-1), TONS_SCALE, insufficient);
  await writeBalance(tx, GRAIN_STOCK_BALANCE, t.stock_id, next, { updated_at: new Date(), updated_by: scope.userId });
  await tx.delete(grainStockTransactions).where(eq(grainStockTransactions.stock_transaction_id, stockTransactionId));
}

export type StockKey = { company_id: number; season_id: number; crop_id: number; destination_id: number };

/** The balance row of the key (company, season, crop, destination), created at 0 tons when missing; its id. */
export async function findOrCreateStock(tx: Executor, scope: Scope, key: StockKey, extra: Partial<typeof grainStocks.$inferInsert> = {}): Promise<number> {
  const [createdRow] = await tx
    .insert(grainStocks)
    .values({ workspace_id: scope.workspaceId, ...key, tons: '0', ...extra, created_by: scope.userId, updated_by: scope.userId })
    .onConflictDoNothing()
    .returning({ id: grainStocks.stock_id });
  if (createdRow) return createdRow.id;
  const [existing] = await tx
    .select({ id: grainStocks.stock_id })
    .from(grainStocks)
    .where(
      and(
        eq(grainStocks.workspace_id, scope.workspaceId),
        eq(grainStocks.company_id, key.company_id),
        eq(grainStocks.season_id, key.season_id),
        eq(grainStocks.crop_id, key.crop_id),
        eq(grainStocks.destination_id, key.destination_id),
      ),
    );
  return existing.id;
}

export type MovementRemaining = {
  movement_id: number;
  stock_id: number | null;
  company_id: number;
  season_id: number;
  crop_id: number;
  destination_id: number;
  waybill: string | null;
  destination_tons: string;
  applied: string;
  remaining_tons: string;
};

export const MOVEMENT_NOT_RECEIVED = 'El movimiento todavía no fue recepcionado';

/**
 * Locks a received movement (FOR UPDATE) and answers what is still deliverable: destination_tons minus the tons its
 * deliveries already applied. 404 when it is not the workspace's (or deleted), 409 while it is in transit.
 */
export async function lockMovementRemaining(tx: Executor, scope: Scope, movementId: number): Promise<MovementRemaining> {
  const [m] = await tx
    .select({
      movement_id: grainMovements.movement_id,
      stock_id: grainMovements.stock_id,
      company_id: grainMovements.company_id,
      season_id: grainMovements.season_id,
      crop_id: grainMovements.crop_id,
      destination_id: grainMovements.destination_id,
      waybill: grainMovements.waybill,
      status: grainMovements.status,
      destination_tons: grainMovements.destination_tons,
    })
    .from(grainMovements)
    .where(and(eq(grainMovements.workspace_id, scope.workspaceId), eq(grainMovements.movement_id, movementId), isNull(grainMovements.deleted_at)))
    .for('update');
  if (!m) throw notFound(GRAIN_MSG.movementNotFound);
  if (m.status !== GRAIN_MOVEMENT_STATUS.AT_DESTINATION || m.destination_tons === null) throw conflict(MOVEMENT_NOT_RECEIVED);
  const [a] = await tx
    .select({ applied: sql<string>`coalesce(sum(${grainContractMovements.tons}), 0)::text` })
    .from(grainContractMovements)
    .where(and(eq(grainContractMovements.workspace_id, scope.workspaceId), eq(grainContractMovements.movement_id, movementId)));
  const applied = new Big(a?.applied ?? '0');
  const { status: _status, destination_tons, ...rest } = m;
  return {
    ...rest,
    destination_tons,
    applied: applied.toFixed(TONS_SCALE),
    remaining_tons: new Big(destination_tons).minus(applied).toFixed(TONS_SCALE),
  };
}
