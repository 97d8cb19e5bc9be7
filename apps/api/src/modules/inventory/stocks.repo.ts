import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EXPIRY_WARNING_DAYS, SUPPLY_TYPES, type StockRow } from '@fm/domain';
import { AR_TODAY } from '../../db/argentina-today';
import type { Executor } from '../../db/client';
import { jsonIdName, jsonNumber, quotient2 } from '../../db/json-sql';
import { filterTotalsStatement, idsThenRows, type StatementShape } from '../../http/list-statement';
import { brands, companies, stocks, stockTransactions, supplies, units, warehouses } from '../../db/schema/index';
import { listPage, pageTexts, type ListPlan, type ListSpec, type Page } from '../../http/list-query';

const supplyUnits = alias(units, 'supply_units');

export const stockList: ListSpec = {
  resource: 'stock',
  fields: {
    stock_id: { column: stocks.stock_id, type: 'number' },
    company_id: { column: stocks.company_id, type: 'number' },
    warehouse_id: { column: stocks.warehouse_id, type: 'number' },
    supply_id: { column: stocks.supply_id, type: 'number' },
    unit_id: { column: stocks.unit_id, type: 'number' },
    quantity: { column: stocks.quantity, type: 'number' },
    ppp: { column: stocks.ppp, type: 'number' },
    price: { column: stocks.price, type: 'number' },
    expiration_date: { column: stocks.expiration_date, type: 'date' },
    invoice: { column: stocks.invoice, type: 'string' },
    'supply.name': { column: supplies.name, type: 'string' },
    'supply.supply_type_id': { column: supplies.supply_type_id, type: 'number' },
    'supply.generic_name': { column: supplies.generic_name, type: 'string' },
    'generic.name': { column: supplies.generic_name, type: 'string' },
    'warehouse.name': { column: warehouses.name, type: 'string' },
    'company.name': { column: companies.name, type: 'string' },
    'unit.name': { column: units.name, type: 'string' },
  },
  // the supply's and warehouse's names as copied into stocks (migration 0012): stocks_list_idx serves the page
  defaultOrder: [asc(stocks.supply_name), asc(stocks.warehouse_name), asc(stocks.stock_id)],
};

const supplyTypeNameSql = sql`case ${supplies.supply_type_id} ${sql.raw(SUPPLY_TYPES.map((t) => `when ${t.supply_type_id} then '${t.name.replace(/'/g, "''")}'`).join(' '))} end`;
const stockValueSql = sql`(${stocks.quantity} * ${stocks.ppp})`;

/**
 * A stock as the API answers it (StockRow), written by the database as JSON text and spliced into the answer
 * (decision 0042): decimals as JSON numbers, the expiry warning against Argentina's today (expirationStatus), the
 * values digit for digit what stockValue and stockValueUsd give (a product rounded half away from zero; the US$ value
 * by quotient2, half up at 20 decimals then at 2, null without a positive rate).
 */
const stockJson = sql<string>`json_build_object(
  'stock_id', ${stocks.stock_id},
  'supply', json_build_object('supply_id', ${supplies.supply_id}, 'name', ${supplies.name},
    'generic', case when ${supplies.generic_name} <> '' then json_build_object('name', ${supplies.generic_name}) end,
    'unit', ${jsonIdName('unit_id', supplies.unit_id, supplyUnits.name)},
    'brand', case when ${brands.brand_id} is not null and ${brands.name} is not null then ${jsonIdName('brand_id', brands.brand_id, brands.name)} end,
    'type', ${jsonIdName('supply_type_id', supplies.supply_type_id, supplyTypeNameSql)},
    'subtype', ${supplies.subtype}, 'eiq_value', ${jsonNumber(supplies.eiq_value)}),
  'unit', ${jsonIdName('unit_id', units.unit_id, units.name)},
  'warehouse', ${jsonIdName('warehouse_id', warehouses.warehouse_id, warehouses.name)},
  'company', ${jsonIdName('company_id', companies.company_id, companies.name)},
  'ppp', ${jsonNumber(stocks.ppp)}, 'quantity', ${jsonNumber(stocks.quantity)}, 'price', ${jsonNumber(stocks.price)},
  'exchange_rate', ${jsonNumber(stocks.exchange_rate)}, 'invoice', ${stocks.invoice}, 'expiration_date', ${stocks.expiration_date},
  'expiration_status', case when ${stocks.quantity} > 0 then case
    when ${stocks.expiration_date} < ${AR_TODAY} then 'expired'
    when ${stocks.expiration_date} <= ${AR_TODAY} + ${sql.raw(String(EXPIRY_WARNING_DAYS))} then 'expiring' end end,
  'value_ars', ${jsonNumber(sql`round(${stockValueSql}, 2)`)},
  'value_usd', case when ${stocks.exchange_rate} > 0 then ${jsonNumber(quotient2(stockValueSql, sql`${stocks.exchange_rate}`))} end
)::text`;

function stockSelect(db: Executor) {
  return db
    .select({ json: stockJson })
    .from(stocks)
    .innerJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .innerJoin(supplyUnits, eq(supplyUnits.unit_id, supplies.unit_id))
    .leftJoin(brands, eq(brands.brand_id, supplies.brand_id))
    .innerJoin(units, eq(units.unit_id, stocks.unit_id))
    .innerJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .innerJoin(companies, eq(companies.company_id, stocks.company_id));
}

/** What narrows the list besides its filters: the query-string shortcuts, or the stocks a POST just wrote. */
export type StockNarrowing = { stock_id?: number; warehouse_id?: number; company_id?: number; ids?: number[] };
const NARROWINGS = ['stock_id', 'warehouse_id', 'company_id', 'ids'] as const;
type Given = (typeof NARROWINGS)[number][];

/** The list's WHERE with placeholders; `variant` names the narrowings the request gives. */
function stockShapeWhere(s: StatementShape, given: Given) {
  const by = (name: 'stock_id' | 'warehouse_id' | 'company_id') => (given.includes(name) ? eq(stocks[name], s.param(name)) : undefined);
  return and(
    eq(stocks.workspace_id, s.param('workspace')),
    given.includes('ids') ? sql`${stocks.stock_id} = any(${s.param('ids')}::int[])` : undefined,
    by('stock_id'),
    by('warehouse_id'),
    by('company_id'),
    s.where,
  );
}

/**
 * The stocks a request selects (the page's ids, the paged total). Left joins: every stock has its supply, unit,
 * warehouse and company (non-null foreign keys), so they select the same rows, and the planner drops each one no
 * filter or order reads — the default page is then an index walk on stocks_list_idx alone.
 */
function stockMatching(db: Executor, s: StatementShape, variant: Given) {
  return db
    .select({ id: stocks.stock_id })
    .from(stocks)
    .leftJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .leftJoin(units, eq(units.unit_id, stocks.unit_id))
    .leftJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .leftJoin(companies, eq(companies.company_id, stocks.company_id))
    .where(stockShapeWhere(s, variant))
    .$dynamic();
}

/** A page's ids first, then their rows with their names by one text (a generic plan, no planning per request). */
const stocksList = idsThenRows({ matching: stockMatching, id: stocks.stock_id, rows: stockSelect, name: 'stocks_by_id' });

const shapeOf = (workspaceId: number, narrowing: StockNarrowing) =>
  [{ workspace: workspaceId, ...narrowing }, NARROWINGS.filter((k) => narrowing[k] !== undefined)] as const;

/**
 * Stocks of the workspace (the list's filters and page, narrowed), as the JSON texts the database wrote (stockJson). A
 * page is its ids first, then those rows with their names: as one statement the 7-relation join was planned afresh
 * on every request (~5 ms, against 0.2 ms to run it).
 */
export async function listStockTexts(db: Executor, workspaceId: number, plan: ListPlan, narrowing: StockNarrowing = {}): Promise<Page<string>> {
  const [values, variant] = shapeOf(workspaceId, narrowing);
  return pageTexts(await listPage(db, plan, () => stocksList.page(db, plan, values, variant), stocksList.matching(db, plan, values, variant)));
}

/** listStockTexts parsed: the rows a write answers. */
export async function listStocks(db: Executor, workspaceId: number, plan: ListPlan, narrowing: StockNarrowing = {}): Promise<Page<StockRow>> {
  const page = await listStockTexts(db, workspaceId, plan, narrowing);
  return { ...page, data: page.data.map((text) => JSON.parse(text) as StockRow) };
}

type StockTotals = { value_ars: number; value_usd: number | null; value_usd_partial: boolean };

/**
 * Value of every stock the filters select (not only the page), in pesos and dollars, summed exactly in SQL numeric.
 * US$ counts only rows with an exchange rate: `value_usd` is null when none has one, and `value_usd_partial` says some
 * valued rows were left out (the screen marks the figure rather than show a wrong total). It reads every filtered
 * stock, so like a list's total it is cached per filter until the next write (filterTotalsStatement).
 */
export async function stockTotals(db: Executor, workspaceId: number, plan: ListPlan, narrowing: StockNarrowing = {}): Promise<StockTotals> {
  const [values, variant] = shapeOf(workspaceId, narrowing);
  const [row] = await totalsStatement(db, plan, values, variant);
  const usd = row?.usd ?? null;
  return { value_ars: Number(row?.ars ?? 0), value_usd: usd === null ? null : Number(usd), value_usd_partial: row?.partial === true };
}

const totalsStatement = filterTotalsStatement((db, s, variant: Given) =>
  db
    .select({
      ars: sql<string>`coalesce(sum(round(${stocks.quantity} * ${stocks.ppp}, 2)), 0)`,
      usd: sql<string | null>`sum(round(${stocks.quantity} * ${stocks.ppp} / nullif(${stocks.exchange_rate}, 0), 2))`,
      partial: sql<boolean>`coalesce(bool_or(${stocks.quantity} > 0 and coalesce(${stocks.exchange_rate}, 0) = 0), false)`,
    })
    .from(stocks)
    .innerJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .innerJoin(units, eq(units.unit_id, stocks.unit_id))
    .innerJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .innerJoin(companies, eq(companies.company_id, stocks.company_id))
    .where(stockShapeWhere(s, variant)),
);

/** Whether a stock took part in movements with other stocks or in work-order usages (its deletion would rewrite them). */
export async function stockIsLinked(db: Executor, workspaceId: number, stockId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: stockTransactions.stock_transaction_id })
    .from(stockTransactions)
    .where(
      and(
        eq(stockTransactions.workspace_id, workspaceId),
        sql`(${stockTransactions.stock_destiny_id} = ${stockId} or (${stockTransactions.stock_id} = ${stockId} and (${stockTransactions.name} = 'MOVEMENT' or ${stockTransactions.work_order_id} is not null)))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Deletes an empty stock with its own transactions. */
export async function deleteStockRows(db: Executor, workspaceId: number, stockId: number): Promise<void> {
  await db.delete(stockTransactions).where(and(eq(stockTransactions.workspace_id, workspaceId), eq(stockTransactions.stock_id, stockId)));
  await db.delete(stocks).where(and(eq(stocks.workspace_id, workspaceId), eq(stocks.stock_id, stockId)));
}
