import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EXPIRY_WARNING_DAYS, formatDate, INVENTORY_MSG, type ExpiredLot } from '@fm/domain';
import { AR_TODAY } from '../../db/argentina-today';
import { rowsOf, type Executor } from '../../db/client';
import { heavyWork } from '../../db/heavy-work';
import { companies, stocks, stockTransactions, supplies, units, warehouses, workspacePermissions, workspaces, workspaceUsers } from '../../db/schema/index';
import { withAdvisoryLock } from '../../jobs/advisory-lock';
import { HOUR_MS, runPeriodically } from '../../jobs/periodic';
import { notify } from '../notifications/index';
import { lotsInStock } from './ledger.repo';

/** Advisory-lock key of the daily expiry job (one instance runs it). */
const LOCK_KEY = 724_009;

type LotRow = {
  stock_transaction_id: number;
  workspace_id: number;
  stock_id: number;
  supply_id: number;
  supply_name: string;
  warehouse_id: number;
  warehouse_name: string;
  company_id: number;
  company_name: string;
  unit_id: number;
  unit_name: string;
  quantity: string;
  expiration_date: string;
  expired: boolean;
};

const WINDOW_END = sql`${AR_TODAY} + ${EXPIRY_WARNING_DAYS}::int`;

/** Stocks (alias `s`) whose nearest lot in stock expired or expires within the window. */
const dueStocks = (workspaceId: number | null) =>
  sql`${workspaceId === null ? sql`true` : sql`s.workspace_id = ${workspaceId}`} and s.quantity > 0 and s.expiration_date <= ${WINDOW_END}`;

/**
 * Lots still in stock (first in, first out) that expired or expire within EXPIRY_WARNING_DAYS days, nearest first.
 * A stock's expiration_date is the nearest expiration among its lots in stock (refreshExpirations keeps it in the same
 * transaction as every ledger change), so only stocks holding something with that date inside the window can have a
 * due lot: the FIFO window runs over their entries alone (stocks_expiring_idx), not over the whole ledger.
 */
async function dueLots(db: Executor, workspaceId: number | null, onlyUnnotified = false): Promise<LotRow[]> {
  return rowsOf<LotRow>(
    db,
    sql`select l.stock_transaction_id, s.workspace_id, s.stock_id, sp.supply_id, sp.name as supply_name, w.warehouse_id, w.name as warehouse_name,
          c.company_id, c.name as company_name, u.unit_id, u.name as unit_name, l.quantity::text as quantity,
          to_char(l.expiration_date, 'YYYY-MM-DD') as expiration_date, (l.expiration_date < ${AR_TODAY}) as expired
        from ${lotsInStock(dueStocks(workspaceId))} l
        join ${stocks} s on s.stock_id = l.stock_id
        join ${supplies} sp on sp.supply_id = s.supply_id
        join ${warehouses} w on w.warehouse_id = s.warehouse_id
        join ${companies} c on c.company_id = s.company_id
        join ${units} u on u.unit_id = s.unit_id
        ${onlyUnnotified ? sql`join ${stockTransactions} t on t.stock_transaction_id = l.stock_transaction_id and t.expiry_notified_at is null` : sql``}
        where l.expiration_date is not null and l.expiration_date <= ${WINDOW_END} and s.quantity > 0
        order by l.expiration_date, l.stock_transaction_id
        limit 2000`,
  );
}

/** GET supplies/stocks/expired: the workspace's expired and expiring lots. */
export async function listExpiredLots(db: Executor, workspaceId: number): Promise<ExpiredLot[]> {
  const rows = await heavyWork(db, () => dueLots(db, workspaceId));
  return rows.map((r) => ({
    stock_transaction_id: r.stock_transaction_id,
    stock_id: r.stock_id,
    supply: { supply_id: r.supply_id, name: r.supply_name },
    warehouse: { warehouse_id: r.warehouse_id, name: r.warehouse_name },
    company: { company_id: r.company_id, name: r.company_name },
    unit: { unit_id: r.unit_id, name: r.unit_name },
    quantity: Number(r.quantity),
    expiration_date: r.expiration_date,
    status: r.expired ? 'expired' : 'expiring',
  }));
}

/** Who hears about a workspace's lots: its owner and the members who may read stock_supplies. */
async function stockReaders(db: Executor, workspaceId: number): Promise<number[]> {
  const rows = await rowsOf<{ user_id: number }>(
    db,
    sql`select ${workspaces.user_id} as user_id from ${workspaces} where ${workspaces.workspace_id} = ${workspaceId}
        union
        select wu.user_id from ${workspaceUsers} wu
        join ${workspacePermissions} wp on wp.workspace_id = wu.workspace_id and wp.user_id = wu.user_id and wp.module = 'stock_supplies' and wp.read
        where wu.workspace_id = ${workspaceId}`,
  );
  return rows.map((r) => Number(r.user_id));
}

/**
 * Notifies each lot that expired or expires within 30 days once (stock_transactions.expiry_notified_at, and a
 * per-user dedupe key). Returns how many lots it notified.
 */
export async function runExpiryNotices(db: Executor): Promise<number> {
  const lots = await dueLots(db, null, true);
  const readers = new Map<number, number[]>();
  for (const lot of lots) {
    if (!readers.has(lot.workspace_id)) readers.set(lot.workspace_id, await stockReaders(db, lot.workspace_id));
    const body = INVENTORY_MSG.expiryBody(lot.supply_name, lot.warehouse_name, formatDate(lot.expiration_date), lot.expired);
    for (const userId of readers.get(lot.workspace_id) ?? []) {
      await notify(db, userId, { title: INVENTORY_MSG.expiryTitle, body, web: '/inventario-stock', dedupeKey: `stock-lot-${lot.stock_transaction_id}` });
    }
    await db.execute(sql`update ${stockTransactions} set expiry_notified_at = now() where ${stockTransactions.stock_transaction_id} = ${lot.stock_transaction_id}`);
  }
  return lots.length;
}

/** Starts the daily expiry job (first run right after start), one instance at a time. */
export function startExpiryJob(app: FastifyInstance): void {
  runPeriodically(app, 'stock expiry job', 24 * HOUR_MS, () => withAdvisoryLock(app.db, LOCK_KEY, (tx) => runExpiryNotices(tx)));
}
