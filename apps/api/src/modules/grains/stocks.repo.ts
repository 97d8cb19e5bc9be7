import Big from 'big.js';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { decimalNumber, GRAIN_MSG, GRAIN_STOCK_TRANSACTION_LABELS, TONS_SCALE, type GrainStockRow, type GrainStockTransactionKind } from '@fm/domain';
import type { Executor } from '../../db/client';
import { isoInstant, jsonIdName, jsonNumber } from '../../db/json-sql';
import { companies, contractors, crops, destinations, grainContractMovements, grainStocks, grainStockTransactions, seasons } from '../../db/schema/index';
import { notFound } from '../../http/errors';
import { listPage, pageTexts, type ListPlan, type ListSpec, type Page } from '../../http/list-query';
import { idsThenRows, listStatements, type StatementShape } from '../../http/list-statement';
import { listMovements, type MovementRow } from './movements.repo';

/** Grain stocks list (spec doc 3 "Grain stock screens", §7): filter `stock.stock_id` and the key ids; newest first. */
export const stockList: ListSpec = {
  resource: 'stock',
  fields: {
    stock_id: { column: grainStocks.stock_id, type: 'number' },
    company_id: { column: grainStocks.company_id, type: 'number' },
    season_id: { column: grainStocks.season_id, type: 'number' },
    crop_id: { column: grainStocks.crop_id, type: 'number' },
    destination_id: { column: grainStocks.destination_id, type: 'number' },
    tons: { column: grainStocks.tons, type: 'number' },
    'destination.destination_type': { column: destinations.destination_type, type: 'string' },
    destination_type: { column: destinations.destination_type, type: 'string' },
  },
  defaultOrder: [desc(grainStocks.stock_id)],
};

/**
 * A grain stock as the API answers it (GrainStockRow), written by the database as JSON text and spliced into the
 * answer (decision 0042): the spec's nested season, company, destination and product after the flat ids and names,
 * decimals as JSON numbers (tons numeric(14, 3) and money numeric(14, 2) stay exact), the instant as toISOString.
 */
const stockJson = sql<string>`json_build_object(
  'stock_id', ${grainStocks.stock_id},
  'season_id', ${grainStocks.season_id}, 'season_name', ${seasons.name},
  'company_id', ${grainStocks.company_id}, 'company_name', ${companies.name},
  'destination_id', ${grainStocks.destination_id}, 'destination_name', ${destinations.name}, 'destination_type', ${destinations.destination_type},
  'crop_id', ${grainStocks.crop_id}, 'crop_name', ${crops.name},
  'tons', ${jsonNumber(grainStocks.tons)},
  'contractor_id', ${grainStocks.contractor_id}, 'contractor_name', ${contractors.name},
  'labor_price', ${jsonNumber(grainStocks.labor_price)}, 'labor_exchange_rate', ${jsonNumber(grainStocks.labor_exchange_rate)},
  'observations', ${grainStocks.observations}, 'created_at', ${isoInstant(grainStocks.created_at)},
  'season', ${jsonIdName('season_id', grainStocks.season_id, seasons.name)},
  'company', ${jsonIdName('company_id', grainStocks.company_id, companies.name)},
  'destination', json_build_object('destination_id', ${grainStocks.destination_id}, 'name', ${destinations.name}, 'destination_type', ${destinations.destination_type}),
  'product', ${jsonIdName('crop_id', grainStocks.crop_id, crops.name)}
)::text`;

function stockSelect(db: Executor) {
  return db
    .select({ json: stockJson })
    .from(grainStocks)
    .innerJoin(seasons, eq(seasons.season_id, grainStocks.season_id))
    .innerJoin(companies, eq(companies.company_id, grainStocks.company_id))
    .innerJoin(destinations, eq(destinations.destination_id, grainStocks.destination_id))
    .innerJoin(crops, eq(crops.crop_id, grainStocks.crop_id))
    .leftJoin(contractors, eq(contractors.contractor_id, grainStocks.contractor_id));
}

export type StockRow = GrainStockRow;
const parseStock = (json: string) => JSON.parse(json) as StockRow;

const stockShapeWhere = (s: StatementShape) => and(eq(grainStocks.workspace_id, s.param('workspace')), s.where);
const stockMatching = (db: Executor, s: StatementShape) =>
  db.select({ id: grainStocks.stock_id }).from(grainStocks).innerJoin(destinations, eq(destinations.destination_id, grainStocks.destination_id)).where(stockShapeWhere(s)).$dynamic();
// the page's ids, then their rows with the names: as one statement the 6-relation join was planned on every request
// (~5 ms at 1M rows, against 0.3 ms to run it)
const stocksList = idsThenRows({ matching: stockMatching, id: grainStocks.stock_id, rows: stockSelect, name: 'grain_stocks_by_id' });

/** A page of grain stocks as the JSON texts the database wrote (stockJson), to send as they are. */
export async function listStockTexts(db: Executor, workspaceId: number, plan: ListPlan): Promise<Page<string>> {
  const values = { workspace: workspaceId };
  return pageTexts(await listPage(db, plan, () => stocksList.page(db, plan, values), stocksList.matching(db, plan, values)));
}

/** 404 unless the stock is the workspace's: the check of the routes that list a stock's rows, which need no more of it. */
export async function requireStock(db: Executor, workspaceId: number, stockId: number): Promise<void> {
  const [row] = await db
    .select({ id: grainStocks.stock_id })
    .from(grainStocks)
    .where(and(eq(grainStocks.workspace_id, workspaceId), eq(grainStocks.stock_id, stockId)));
  if (!row) throw notFound(GRAIN_MSG.stockNotFound);
}

/** One stock of the workspace; 404 otherwise. */
export async function findStock(db: Executor, workspaceId: number, stockId: number): Promise<StockRow> {
  const [row] = await stockSelect(db).where(and(eq(grainStocks.workspace_id, workspaceId), eq(grainStocks.stock_id, stockId)));
  if (!row) throw notFound(GRAIN_MSG.stockNotFound);
  return parseStock(row.json);
}

export const transactionList: ListSpec = {
  resource: 'transaction',
  fields: {
    stock_transaction_id: { column: grainStockTransactions.stock_transaction_id, type: 'number' },
    movement_id: { column: grainStockTransactions.movement_id, type: 'number' },
    kind: { column: grainStockTransactions.kind, type: 'string' },
    waybill: { column: grainStockTransactions.waybill, type: 'string', verbatim: true },
    created_at: { column: grainStockTransactions.created_at, type: 'date' },
  },
  defaultOrder: [desc(grainStockTransactions.stock_transaction_id)],
};

const ledgerWhere = (s: StatementShape) => and(eq(grainStockTransactions.workspace_id, s.param('workspace')), eq(grainStockTransactions.stock_id, s.param('stock_id')), s.where);
const transactionsList = listStatements({
  columns: {
    stock_transaction_id: grainStockTransactions.stock_transaction_id,
    stock_id: grainStockTransactions.stock_id,
    movement_id: grainStockTransactions.movement_id,
    contract_movement_id: grainStockTransactions.contract_movement_id,
    kind: grainStockTransactions.kind,
    created_at: grainStockTransactions.created_at,
    waybill: grainStockTransactions.waybill,
    origin: grainStockTransactions.origin,
    destination: destinations.name,
    destination_tons: grainStockTransactions.tons,
    destination_humidity: grainStockTransactions.humidity,
  },
  id: grainStockTransactions.stock_transaction_id,
  from: (select, s) => select.from(grainStockTransactions).where(ledgerWhere(s)),
  // the stock's destination names the page's column only
  columnJoins: (filtered) =>
    filtered.innerJoin(grainStocks, eq(grainStocks.stock_id, grainStockTransactions.stock_id)).innerJoin(destinations, eq(destinations.destination_id, grainStocks.destination_id)),
});

/** GET grains/stocks/transactions?stock_id: the stock's ledger, newest first. */
export async function listTransactions(db: Executor, workspaceId: number, stockId: number, plan: ListPlan) {
  const values = { workspace: workspaceId, stock_id: stockId };
  const page = await listPage(db, plan, () => transactionsList.page(db, plan, values), transactionsList.matching(db, plan, values));
  return {
    ...page,
    data: page.data.map((t) => ({
      ...t,
      kind_label: GRAIN_STOCK_TRANSACTION_LABELS[t.kind as GrainStockTransactionKind] ?? t.kind,
      destination_tons: Number(t.destination_tons),
      destination_humidity: decimalNumber(t.destination_humidity),
    })),
  };
}

/**
 * GET grains/movements/stocks?stock_id: the movements received into the stock (or created with it) and what each can
 * still deliver, remaining_tons = destination_tons − tons already applied to contracts (never below 0).
 */
export async function movementsOfStock(db: Executor, workspaceId: number, stockId: number, plan: ListPlan): Promise<Page<MovementRow & { applied_tons: number; remaining_tons: number }>> {
  const page = await listMovements(db, workspaceId, plan, { receivedInto: stockId });
  const ids = page.data.map((m) => m.movement_id);
  const applied = new Map(
    ids.length
      ? (
          await db
            .select({ id: grainContractMovements.movement_id, tons: sql<string>`sum(${grainContractMovements.tons})::text` })
            .from(grainContractMovements)
            .where(and(eq(grainContractMovements.workspace_id, workspaceId), inArray(grainContractMovements.movement_id, ids)))
            .groupBy(grainContractMovements.movement_id)
        ).map((r) => [r.id, r.tons])
      : [],
  );
  return {
    ...page,
    data: page.data.map((m) => {
      const a = new Big(applied.get(m.movement_id) ?? '0');
      const remaining = new Big(m.destination_tons ?? 0).minus(a);
      return { ...m, applied_tons: Number(a.toFixed(TONS_SCALE)), remaining_tons: Number((remaining.lt(0) ? new Big(0) : remaining).toFixed(TONS_SCALE)) };
    }),
  };
}
