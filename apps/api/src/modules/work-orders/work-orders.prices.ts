import { sql } from 'drizzle-orm';
import type { WorkOrderPrices } from '@fm/domain';
import { rowsOf, type Executor } from '../../db/client';
import { workOrders, workOrderSupplies } from '../../db/schema/index';

const day = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString()).slice(0, 10);

/**
 * GET work-orders/prices: the last price (and rate, and the day of the order) each labor and supply had in the
 * workspace's enabled orders, to prefill a new one. Without ids, every labor and supply used so far.
 * Served by work_orders_labor_idx and work_order_supplies_price_idx.
 */
export async function lastPrices(db: Executor, workspaceId: number, laborIds: number[] | undefined, supplyIds: number[] | undefined): Promise<WorkOrderPrices> {
  const onlyLabors = laborIds === undefined && supplyIds !== undefined ? [] : laborIds;
  const onlySupplies = supplyIds === undefined && laborIds !== undefined ? [] : supplyIds;
  const labors =
    onlyLabors && onlyLabors.length === 0
      ? []
      : await rowsOf<{ labor_id: number; price: string; exchange_rate: string; created_at: Date | string }>(
          db,
          sql`select distinct on (o.labor_id) o.labor_id, o.price, o.exchange_rate, o.created_at
              from ${workOrders} o
              where o.workspace_id = ${workspaceId} and o.deleted_at is null
                ${onlyLabors ? sql`and o.labor_id in ${onlyLabors}` : sql``}
              order by o.labor_id, o.work_order_id desc`,
        );
  const supplies =
    onlySupplies && onlySupplies.length === 0
      ? []
      : await rowsOf<{ supply_id: number; price: string; exchange_rate: string; created_at: Date | string }>(
          db,
          sql`select distinct on (s.supply_id) s.supply_id, s.price, o.exchange_rate, o.created_at
              from ${workOrderSupplies} s join ${workOrders} o on o.work_order_id = s.work_order_id
              where s.workspace_id = ${workspaceId} and o.deleted_at is null
                ${onlySupplies ? sql`and s.supply_id in ${onlySupplies}` : sql``}
              order by s.supply_id, s.work_order_supply_id desc`,
        );
  return {
    labors: labors.map((r) => ({ labor_id: Number(r.labor_id), price: String(r.price), exchange_rate: String(r.exchange_rate), date: day(r.created_at) })),
    supplies: supplies.map((r) => ({ supply_id: Number(r.supply_id), price: String(r.price), exchange_rate: String(r.exchange_rate), date: day(r.created_at) })),
  };
}
