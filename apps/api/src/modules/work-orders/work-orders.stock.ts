import Big from 'big.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { DOSE_SCALE, QUANTITY_SCALE, WORK_ORDER_MSG, doseTotal, haTotal, plainQuantity } from '@fm/domain';
import type { Executor } from '../../db/client';
import { lockBalances, type BalanceTable } from '../../db/ledger';
import { stocks, supplies, units, warehouses, workOrderFieldCrops, workOrderSupplies } from '../../db/schema/index';
import { AppError, type Detail } from '../../http/errors';
import { consume, releaseUsage } from '../inventory/index';

/**
 * A work order's use of stock (issue 10 item 3): entering Realizada consumes each linked stock (USAGE rows of the
 * inventory ledger, dose × total hectares rounded to 5 decimals) inside the caller's transaction; leaving it or
 * disabling the order gives everything back (`releaseUsage`).
 */

const STOCKS: BalanceTable<typeof stocks> = { table: stocks, id: stocks.stock_id, quantity: stocks.quantity, tenant: stocks.workspace_id, scale: QUANTITY_SCALE };

/** 409 with code STOCK_EXCEEDED: the routes answer it with `code` in the envelope so the web can ask to confirm. */
export class StockExceeded extends AppError {
  readonly errorCode = 'STOCK_EXCEEDED';
  constructor(detail: Detail[]) {
    super('CONFLICT', WORK_ORDER_MSG.stockExceeded, detail);
  }
}

type Need = { index: number; stockId: number; quantity: Big; supply: string; unit: string; warehouse: string };

async function needsOf(tx: Executor, workspaceId: number, workOrderId: number): Promise<Need[]> {
  const lots = await tx
    .select({ hectares_to_apply: workOrderFieldCrops.hectares_to_apply })
    .from(workOrderFieldCrops)
    .where(and(eq(workOrderFieldCrops.workspace_id, workspaceId), eq(workOrderFieldCrops.work_order_id, workOrderId)));
  const ha = haTotal(lots);
  const rows = await tx
    .select({
      stock_id: workOrderSupplies.stock_id,
      dose: workOrderSupplies.dose_to_apply,
      supply: supplies.name,
      unit: sql<string>`(select u.name from ${units} u where u.unit_id = ${stocks.unit_id})`,
      warehouse: warehouses.name,
    })
    .from(workOrderSupplies)
    .innerJoin(supplies, eq(supplies.supply_id, workOrderSupplies.supply_id))
    .leftJoin(stocks, eq(stocks.stock_id, workOrderSupplies.stock_id))
    .leftJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .where(and(eq(workOrderSupplies.workspace_id, workspaceId), eq(workOrderSupplies.work_order_id, workOrderId)))
    .orderBy(asc(workOrderSupplies.position), asc(workOrderSupplies.work_order_supply_id));
  return rows.flatMap((r, index) =>
    r.stock_id === null ? [] : [{ index, stockId: r.stock_id, quantity: new Big(doseTotal(r.dose, ha, DOSE_SCALE)), supply: r.supply, unit: r.unit ?? '', warehouse: r.warehouse ?? '' }],
  );
}

/**
 * Consumes the order's linked stocks. All of them are locked first, in stock_id order (deadlock-free against any other
 * change over the same stocks); when one does not hold what the order uses the call fails with StockExceeded listing
 * each short supply, unless `confirm` is true: then it consumes what there is, never below zero.
 */
export async function consumeOrderStock(tx: Executor, ctx: { workspaceId: number; userId: number }, workOrderId: number, confirm: boolean): Promise<void> {
  const needs = await needsOf(tx, ctx.workspaceId, workOrderId);
  if (!needs.length) return;
  const locked = await lockBalances(tx, STOCKS, ctx.workspaceId, needs.map((n) => n.stockId));
  const available = new Map([...locked].map(([id, s]) => [id, new Big(s.quantity)]));
  // what is left of each stock after the rows before it (two rows may share a stock)
  const left = new Map(available);
  const short: Detail[] = [];
  const plan: { stockId: number; quantity: Big }[] = [];
  for (const n of needs) {
    const has = left.get(n.stockId) ?? new Big(0);
    const take = n.quantity.gt(has) ? has : n.quantity;
    if (n.quantity.gt(has)) short.push({ loc: ['supplies', n.index], msg: WORK_ORDER_MSG.stockExceededLine(n.supply, plainQuantity(n.quantity), plainQuantity(has), n.unit, n.warehouse) });
    left.set(n.stockId, has.minus(take));
    if (take.gt(0)) plan.push({ stockId: n.stockId, quantity: take });
  }
  if (short.length && !confirm) throw new StockExceeded(short);
  plan.sort((a, b) => a.stockId - b.stockId);
  for (const p of plan) await consume(tx, { workspaceId: ctx.workspaceId, stockId: p.stockId, quantity: p.quantity.toFixed(QUANTITY_SCALE), workOrderId, userId: ctx.userId });
}

/** Gives back everything the order consumed. */
export async function releaseOrderStock(tx: Executor, workspaceId: number, workOrderId: number): Promise<number> {
  return releaseUsage(tx, { workspaceId, workOrderId });
}
