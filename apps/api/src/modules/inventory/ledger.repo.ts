import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { INVENTORY_MSG, QUANTITY_SCALE } from '@fm/domain';
import type { Executor } from '../../db/client';
import type { BalanceTable } from '../../db/ledger';
import { companies, providers, stocks, stockTransactions, supplies, units, warehouses } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { sharedInto } from '../../http/sharing';

/** The stock balance as the generic ledger helper sees it. */
export const STOCK_BALANCE: BalanceTable<typeof stocks> = { table: stocks, id: stocks.stock_id, quantity: stocks.quantity, tenant: stocks.workspace_id, scale: QUANTITY_SCALE };

export type StockRecord = typeof stocks.$inferSelect;
export type StockKey = { companyId: number; warehouseId: number; supplyId: number; unitId: number };

/** The warehouse, shared into the workspace; 404 otherwise. */
export async function visibleWarehouse(db: Executor, workspaceId: number, warehouseId: number): Promise<{ warehouse_id: number; name: string }> {
  const [row] = await db
    .select({ warehouse_id: warehouses.warehouse_id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.warehouse_id, warehouseId), sharedInto('warehouses', warehouses.warehouse_id, workspaceId)));
  if (!row) throw notFound(INVENTORY_MSG.warehouseNotFound);
  return row;
}

/** The company, shared into the workspace; 404 otherwise. */
export async function assertVisibleCompany(db: Executor, workspaceId: number, companyId: number): Promise<void> {
  const [row] = await db
    .select({ id: companies.company_id })
    .from(companies)
    .where(and(eq(companies.company_id, companyId), sharedInto('companies', companies.company_id, workspaceId)));
  if (!row) throw notFound(INVENTORY_MSG.companyNotFound);
}

/** The provider, shared into the workspace; 404 otherwise. */
export async function assertVisibleProvider(db: Executor, workspaceId: number, providerId: number): Promise<void> {
  const [row] = await db
    .select({ id: providers.provider_id })
    .from(providers)
    .where(and(eq(providers.provider_id, providerId), sharedInto('providers', providers.provider_id, workspaceId)));
  if (!row) throw notFound(INVENTORY_MSG.providerNotFound);
}

/** Supplies of the catalogue (workspace null) or the workspace's own, with their default unit; 404 for any other. */
export async function visibleSupplies(db: Executor, workspaceId: number, supplyIds: number[]): Promise<Map<number, { unit_id: number }>> {
  const ids = [...new Set(supplyIds)];
  const rows = ids.length
    ? await db
        .select({ supply_id: supplies.supply_id, unit_id: supplies.unit_id })
        .from(supplies)
        .where(and(inArray(supplies.supply_id, ids), or(isNull(supplies.workspace_id), eq(supplies.workspace_id, workspaceId))))
    : [];
  if (rows.length !== ids.length) throw notFound(INVENTORY_MSG.supplyNotFound);
  return new Map(rows.map((r) => [r.supply_id, { unit_id: r.unit_id }]));
}

export async function assertUnits(db: Executor, unitIds: number[]): Promise<void> {
  const ids = [...new Set(unitIds)];
  if (!ids.length) return;
  const rows = await db.select({ id: units.unit_id }).from(units).where(inArray(units.unit_id, ids));
  if (rows.length !== ids.length) throw notFound(INVENTORY_MSG.unitNotFound);
}

export async function unitNames(db: Executor, unitIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(unitIds)];
  if (!ids.length) return new Map();
  const rows = await db.select({ id: units.unit_id, name: units.name }).from(units).where(inArray(units.unit_id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A stock of the workspace by id (no lock); 404 for another workspace's. */
export async function findStock(db: Executor, workspaceId: number, stockId: number): Promise<StockRecord> {
  const [row] = await db.select().from(stocks).where(and(eq(stocks.workspace_id, workspaceId), eq(stocks.stock_id, stockId)));
  if (!row) throw notFound(INVENTORY_MSG.stockNotFound);
  return row;
}

/** The workspace's stock of (company, warehouse, supply, unit), if any. */
export async function findStockByKey(db: Executor, workspaceId: number, key: StockKey): Promise<StockRecord | undefined> {
  const [row] = await db
    .select()
    .from(stocks)
    .where(
      and(
        eq(stocks.workspace_id, workspaceId),
        eq(stocks.company_id, key.companyId),
        eq(stocks.warehouse_id, key.warehouseId),
        eq(stocks.supply_id, key.supplyId),
        eq(stocks.unit_id, key.unitId),
      ),
    );
  return row;
}

/**
 * The stock ids of these keys, creating the missing rows at zero (a concurrent creation of the same key is absorbed by
 * the unique index). `created` holds the ids this call inserted: their first entry is an INITIAL (Alta).
 */
export async function ensureStocks(db: Executor, workspaceId: number, keys: StockKey[]): Promise<{ ids: number[]; created: Set<number> }> {
  const created = new Set<number>();
  const ids: number[] = [];
  for (const key of keys) {
    const inserted = await db
      .insert(stocks)
      .values({ workspace_id: workspaceId, company_id: key.companyId, warehouse_id: key.warehouseId, supply_id: key.supplyId, unit_id: key.unitId })
      .onConflictDoNothing()
      .returning({ stock_id: stocks.stock_id });
    if (inserted[0]) {
      created.add(inserted[0].stock_id);
      ids.push(inserted[0].stock_id);
      continue;
    }
    const existing = await findStockByKey(db, workspaceId, key);
    if (!existing) throw notFound(INVENTORY_MSG.stockNotFound);
    ids.push(existing.stock_id);
  }
  return { ids, created };
}

/**
 * Lots of entries still in stock, first in first out: an entry (INITIAL, PURCHASE, or a MOVEMENT into the stock) is
 * still (partly) there while the entries newer than it add up to less than the stock's quantity.
 * `which` selects the stocks (alias `s`); only their entries are read, each kind through its partial index
 * (stock_transactions_entries_idx, stock_transactions_moved_in_idx), never the workspace's whole ledger.
 * Columns: stock_transaction_id, stock_id, quantity (what is left of the lot), expiration_date.
 */
export function lotsInStock(which: SQL) {
  return sql`(
    select x.stock_transaction_id, x.stock_id, least(x.quantity, x.stock_quantity - x.newer) as quantity, x.expiration_date
    from (
      select e.stock_transaction_id, s.stock_id, e.quantity, e.expiration_date, s.quantity as stock_quantity,
        coalesce(sum(e.quantity) over (partition by s.stock_id order by e.stock_transaction_id desc rows between unbounded preceding and 1 preceding), 0) as newer
      from ${stocks} s
      cross join lateral (
        select t.stock_transaction_id, t.quantity, t.expiration_date
        from ${stockTransactions} t
        where t.stock_id = s.stock_id and t.name in ('INITIAL', 'PURCHASE')
        union all
        select t.stock_transaction_id, t.quantity, t.expiration_date
        from ${stockTransactions} t
        where t.stock_destiny_id = s.stock_id and t.name = 'MOVEMENT'
      ) e
      where ${which}
    ) x
    where x.newer < x.stock_quantity
  )`;
}

/** Sets each stock's expiration_date to the nearest expiration among its lots still in stock (null when empty). */
export async function refreshExpirations(db: Executor, workspaceId: number, stockIds: number[]): Promise<void> {
  const ids = [...new Set(stockIds)];
  if (!ids.length) return;
  // one SQL text whatever the number of stocks (statements are prepared per text): the ids go as one array
  const which = sql`s.workspace_id = ${workspaceId} and s.stock_id = any(${sql.param(ids)}::int[])`;
  await db.execute(sql`
    update ${stocks} set expiration_date = (
      select min(l.expiration_date) from ${lotsInStock(which)} l where l.stock_id = ${stocks.stock_id}
    )
    where ${stocks.workspace_id} = ${workspaceId} and ${stocks.stock_id} = any(${sql.param(ids)}::int[])`);
}

/** Whether a later transaction changed this stock's PPP (an entry into it, or a movement into it). */
export async function laterPppChange(db: Executor, stockId: number, afterTransactionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stockTransactions.stock_transaction_id })
    .from(stockTransactions)
    .where(
      and(
        sql`${stockTransactions.stock_transaction_id} > ${afterTransactionId}`,
        or(
          and(eq(stockTransactions.stock_id, stockId), inArray(stockTransactions.name, ['INITIAL', 'PURCHASE'])),
          and(eq(stockTransactions.stock_destiny_id, stockId), eq(stockTransactions.name, 'MOVEMENT')),
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}
