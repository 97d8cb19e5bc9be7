import { and, desc, eq, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Filters } from '@fm/domain';
import type { Executor } from '../../db/client';
import { idsThenRows, type StatementShape } from '../../http/list-statement';
import { companies, providers, stocks, stockTransactions, supplies, units, users, warehouses } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { listPage, pageTexts, type ListPlan, type ListSpec, type Page } from '../../http/list-query';
import { FILES_PATH } from '../../files/index';
import { isoInstant, jsonIdName, jsonNumber } from '../../db/json-sql';

const dStock = alias(stocks, 'd_stock');
const dWarehouse = alias(warehouses, 'd_warehouse');
const dSupply = alias(supplies, 'd_supply');
const dUnit = alias(units, 'd_unit');

export const transactionList: ListSpec = {
  resource: 'stock_transaction',
  fields: {
    stock_transaction_id: { column: stockTransactions.stock_transaction_id, type: 'number' },
    name: { column: stockTransactions.name, type: 'string' },
    stock_id: { column: stockTransactions.stock_id, type: 'number' },
    'stock.stock_id': { column: stockTransactions.stock_id, type: 'number' },
    stock_destiny_id: { column: stockTransactions.stock_destiny_id, type: 'number' },
    work_order_id: { column: stockTransactions.work_order_id, type: 'number' },
    provider_id: { column: stockTransactions.provider_id, type: 'number' },
    invoice: { column: stockTransactions.invoice, type: 'string' },
    delivery_note: { column: stockTransactions.delivery_note, type: 'string' },
    observations: { column: stockTransactions.observations, type: 'string' },
    quantity: { column: stockTransactions.quantity, type: 'number' },
    created_at: { column: stockTransactions.created_at, type: 'date' },
    updated_at: { column: stockTransactions.updated_at, type: 'date' },
    expiration_date: { column: stockTransactions.expiration_date, type: 'date' },
    'stock.company_id': { column: stocks.company_id, type: 'number' },
    'stock.supply_id': { column: stocks.supply_id, type: 'number' },
    'supply.name': { column: supplies.name, type: 'string' },
    'warehouse.name': { column: warehouses.name, type: 'string' },
    'provider.name': { column: providers.name, type: 'string' },
  },
  defaultOrder: [desc(stockTransactions.created_at), desc(stockTransactions.stock_transaction_id)],
};

/**
 * `stock.warehouse_id` (or `warehouse_id`) is the warehouse a transaction touches, as its source OR its destination
 * (a warehouse's detail panel lists what went in and out). Taken out of the filters here; the rest go to planList.
 */
export function splitWarehouseFilter(raw: string | undefined): { filters: string | undefined; warehouses: number[][] } {
  if (!raw) return { filters: raw, warehouses: [] };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { filters: raw, warehouses: [] };
  }
  const parsed = Filters.safeParse(json);
  if (!parsed.success) return { filters: raw, warehouses: [] };
  const isWarehouse = (field: string) => field === 'stock.warehouse_id' || field === 'warehouse_id' || field === 'stock_transaction.warehouse_id';
  const conds = [...(parsed.data.AND ?? [])].filter((c) => isWarehouse(c.field));
  if (!conds.length) return { filters: raw, warehouses: [] };
  const warehouses = conds.map((c) => {
    const values = (Array.isArray(c.value) ? c.value : [c.value]).map(Number);
    if ((c.condition !== 'is' && c.condition !== 'in') || values.some((v) => !Number.isInteger(v))) throw badRequest(`Valor de filtro inválido para '${c.field}'`);
    return values;
  });
  const rest = { ...parsed.data, AND: (parsed.data.AND ?? []).filter((c) => !isWarehouse(c.field)) };
  return { filters: JSON.stringify(rest), warehouses };
}

/** The transaction's source stock or its destination stock is in one of these warehouses (an int[] parameter). */
function touchesWarehouse(warehouseIds: Placeholder): SQL {
  return or(sql`${stocks.warehouse_id} = any(${warehouseIds}::int[])`, sql`${dStock.warehouse_id} = any(${warehouseIds}::int[])`) as SQL;
}

const fileUrlOf = (fileId: SQLWrapper) => sql`(${sql.raw(`'${FILES_PATH}'`)} || ${fileId})`;

/**
 * A transaction as the API answers it (StockTransactionRow), written by the database as JSON text: a page is spliced
 * into the answer, never mapped, shaped and serialised again in JavaScript (decision 0042, as for grain movements).
 * The destination exists only for a movement or an adjustment; names a row lacks go out as ''.
 */
const transactionJson = sql<string>`json_build_object(
  'stock_transaction_id', ${stockTransactions.stock_transaction_id}, 'stock_id', ${stockTransactions.stock_id}, 'name', ${stockTransactions.name},
  'quantity', ${jsonNumber(stockTransactions.quantity)}, 'difference', ${jsonNumber(stockTransactions.difference)},
  'price', ${jsonNumber(stockTransactions.price)}, 'exchange_rate', ${jsonNumber(stockTransactions.exchange_rate)},
  'invoice', ${stockTransactions.invoice}, 'delivery_note', ${stockTransactions.delivery_note},
  'invoice_file_url', ${fileUrlOf(stockTransactions.invoice_file_id)}, 'delivery_note_file_url', ${fileUrlOf(stockTransactions.delivery_note_file_id)},
  'observations', ${stockTransactions.observations},
  'created_at', ${isoInstant(stockTransactions.created_at)}, 'updated_at', ${isoInstant(stockTransactions.updated_at)},
  'expiration_date', ${stockTransactions.expiration_date}, 'stock_destiny_id', ${stockTransactions.stock_destiny_id},
  'destiny', case when ${dWarehouse.warehouse_id} is not null and ${dSupply.supply_id} is not null and ${dUnit.unit_id} is not null then json_build_object(
    'warehouse', ${jsonIdName('warehouse_id', dWarehouse.warehouse_id, sql`coalesce(${dWarehouse.name}, '')`)},
    'supply', ${jsonIdName('supply_id', dSupply.supply_id, sql`coalesce(${dSupply.name}, '')`)},
    'unit', ${jsonIdName('unit_id', dUnit.unit_id, sql`coalesce(${dUnit.name}, '')`)}) end,
  'stock', json_build_object(
    'warehouse', ${jsonIdName('warehouse_id', warehouses.warehouse_id, warehouses.name)}, 'supply', ${jsonIdName('supply_id', supplies.supply_id, supplies.name)},
    'unit', ${jsonIdName('unit_id', units.unit_id, units.name)}, 'company', ${jsonIdName('company_id', companies.company_id, companies.name)}),
  'provider', case when ${providers.provider_id} is not null then ${jsonIdName('provider_id', providers.provider_id, sql`coalesce(${providers.name}, '')`)} end,
  'user', case when ${users.name} is not null then json_build_object('name', ${users.name}, 'last_name', coalesce(${users.last_name}, '')) end,
  'work_order_id', ${stockTransactions.work_order_id}
)::text`;

/** The transactions with every name the list shows, as JSON texts (its WHERE given by idsThenRows). */
function transactionSelect(db: Executor) {
  return db
    .select({ json: transactionJson })
    .from(stockTransactions)
    .innerJoin(stocks, eq(stocks.stock_id, stockTransactions.stock_id))
    .innerJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .innerJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .innerJoin(units, eq(units.unit_id, stocks.unit_id))
    .innerJoin(companies, eq(companies.company_id, stocks.company_id))
    .leftJoin(dStock, eq(dStock.stock_id, stockTransactions.stock_destiny_id))
    .leftJoin(dWarehouse, eq(dWarehouse.warehouse_id, dStock.warehouse_id))
    .leftJoin(dSupply, eq(dSupply.supply_id, dStock.supply_id))
    .leftJoin(dUnit, eq(dUnit.unit_id, dStock.unit_id))
    .leftJoin(providers, eq(providers.provider_id, stockTransactions.provider_id))
    .leftJoin(users, eq(users.user_id, stockTransactions.user_id));
}

/** How many warehouse sets the request gives and whether it narrows to one stock. */
type TransactionVariant = { warehouses: number; stock: boolean };

/**
 * The transactions a WHERE selects (the page's ids, the paged total). Left joins: a transaction's stock and that
 * stock's warehouse and supply always exist (non-null foreign keys), so they select the same rows, and the planner
 * drops each one no filter or order reads — the default page is then an index walk on stock_transactions alone.
 */
function transactionMatching(db: Executor, s: StatementShape, variant: TransactionVariant) {
  const where = and(
    eq(stockTransactions.workspace_id, s.param('workspace')),
    ...Array.from({ length: variant.warehouses }, (_, i) => touchesWarehouse(s.param(`warehouses${i}`))),
    variant.stock ? eq(stockTransactions.stock_id, s.param('stock_id')) : undefined,
    s.where,
  );
  return db
    .select({ id: stockTransactions.stock_transaction_id })
    .from(stockTransactions)
    .leftJoin(stocks, eq(stocks.stock_id, stockTransactions.stock_id))
    .leftJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .leftJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .leftJoin(dStock, eq(dStock.stock_id, stockTransactions.stock_destiny_id))
    .leftJoin(providers, eq(providers.provider_id, stockTransactions.provider_id))
    .where(where)
    .$dynamic();
}

/**
 * A page of transactions: its ids first, through only the joins the filters and order need (an index walk on
 * stock_transactions_list_idx by default), then those rows with all their names. As one statement the 13-relation
 * join cost more to plan (~20 ms) than to run (< 1 ms) on every request.
 */
const transactionsList = idsThenRows({ matching: transactionMatching, id: stockTransactions.stock_transaction_id, rows: transactionSelect, name: 'stock_transactions_by_id' });

/** What narrows the list besides its filters: warehouses touched (each an `any` of ids, ANDed) and one stock. */
export type TransactionNarrowing = { warehouses: number[][]; stock_id?: number };

/** The workspace's stock transactions, newest first by default, as the JSON texts the database wrote (transactionJson). */
export async function listTransactionTexts(db: Executor, workspaceId: number, plan: ListPlan, narrowing: TransactionNarrowing = { warehouses: [] }): Promise<Page<string>> {
  const variant: TransactionVariant = { warehouses: narrowing.warehouses.length, stock: narrowing.stock_id !== undefined };
  const values = { workspace: workspaceId, stock_id: narrowing.stock_id, ...Object.fromEntries(narrowing.warehouses.map((ids, i) => [`warehouses${i}`, ids])) };
  return pageTexts(await listPage(db, plan, () => transactionsList.page(db, plan, values, variant), transactionsList.matching(db, plan, values, variant)));
}
