import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { argentinaDay, type ExpiredLot } from '@fm/domain';
import { rowsOf } from '../../db/client';
import { buildUser, call, json, type TestApp, type TestUser } from '../../test/app';
import { adjust, consume, move, receive } from './index';
import { inventoryApp, inventoryFixture, stockRow, type Fixture } from './stocks.test-helpers';

let app: TestApp;
let owner: TestUser;
let fx: Fixture;
let other: TestUser;
let otherFx: Fixture;

beforeAll(async () => {
  ({ app } = await inventoryApp());
  owner = await buildUser(app);
  fx = await inventoryFixture(app, owner);
  other = await buildUser(app);
  otherFx = await inventoryFixture(app, other);
});
afterAll(() => app.cleanup());

const day = argentinaDay;

/**
 * The due lots as the first version computed them: the FIFO window over every entry of the workspace's ledger, with no
 * use of stocks.expiration_date. The endpoint must answer exactly these.
 */
async function dueLotsOverWholeLedger(workspaceId: number): Promise<{ stock_transaction_id: number; stock_id: number; quantity: string; expiration_date: string }[]> {
  return rowsOf(
    app.db,
    sql`select l.stock_transaction_id, l.stock_id, l.quantity::float8::text as quantity, to_char(l.expiration_date, 'YYYY-MM-DD') as expiration_date
        from (
          select x.stock_transaction_id, x.stock_id, least(x.quantity, x.stock_quantity - x.newer) as quantity, x.expiration_date
          from (
            select e.stock_transaction_id, e.lot_stock as stock_id, e.quantity, e.expiration_date, s.quantity as stock_quantity,
              coalesce(sum(e.quantity) over (partition by e.lot_stock order by e.stock_transaction_id desc rows between unbounded preceding and 1 preceding), 0) as newer
            from (
              select t.stock_transaction_id, case when t.name = 'MOVEMENT' then t.stock_destiny_id else t.stock_id end as lot_stock, t.quantity, t.expiration_date
              from stock_transactions t where t.workspace_id = ${workspaceId} and t.name in ('INITIAL', 'PURCHASE', 'MOVEMENT')
            ) e
            join stocks s on s.stock_id = e.lot_stock
          ) x
          where x.newer < x.stock_quantity
        ) l
        join stocks s on s.stock_id = l.stock_id
        where l.expiration_date is not null and l.expiration_date <= (now() at time zone 'America/Argentina/Buenos_Aires')::date + 30 and s.quantity > 0
        order by l.expiration_date, l.stock_transaction_id`,
  );
}

/** Each stock's nearest expiration among its lots still in stock, from the whole ledger. */
async function nearestExpirationOverWholeLedger(stockId: number): Promise<string | null> {
  const [row] = await rowsOf<{ nearest: string | null }>(
    app.db,
    sql`select to_char(min(x.expiration_date), 'YYYY-MM-DD') as nearest from (
          select e.expiration_date, e.quantity, s.quantity as stock_quantity,
            coalesce(sum(e.quantity) over (order by e.stock_transaction_id desc rows between unbounded preceding and 1 preceding), 0) as newer
          from stock_transactions e join stocks s on s.stock_id = ${stockId}
          where (e.stock_id = ${stockId} and e.name in ('INITIAL', 'PURCHASE')) or (e.stock_destiny_id = ${stockId} and e.name = 'MOVEMENT')
        ) x where x.newer < x.stock_quantity`,
  );
  return row.nearest;
}

async function expiredOf(u: TestUser): Promise<ExpiredLot[]> {
  const res = await call(app, 'GET', `supplies/stocks/expired?workspace_id=${u.workspace_id}`, { token: u.token });
  expect(res.statusCode).toBe(200);
  return json<ExpiredLot[]>(res).data;
}

describe('GET supplies/stocks/expired over the stocks whose nearest lot is due', () => {
  it('answers the lots left after usages, movements between warehouses and adjustments, as the whole-ledger window does', async () => {
    const actor = { workspaceId: owner.workspace_id, userId: owner.user_id };
    const base = { ...actor, companyId: fx.company, warehouseId: fx.warehouseA };
    const lot = (supplyId: number, quantity: string, expirationDate: string) => ({ supplyId, quantity, price: '1', expirationDate });

    // A (glifosato, Depósito Central): lots 10 expired, 10 in 5 days, 10 in 60 days; 5 used
    const [a] = (await receive(app.db, { ...base, rows: [lot(fx.glifosato, '10', day(-5))] })).stockIds;
    await receive(app.db, { ...base, rows: [lot(fx.glifosato, '10', day(5))] });
    await receive(app.db, { ...base, rows: [lot(fx.glifosato, '10', day(60))] });
    await consume(app.db, { ...actor, stockId: a, quantity: '5', workOrderId: null });
    // 12 moved to Galpón Norte: A keeps 13 (3 of the lot in 5 days), B receives a lot of 12 with A's nearest expiration
    await move(app.db, { ...actor, destinationWarehouseId: fx.warehouseB, rows: [{ stockId: a, quantity: '12' }] });
    const [b] = (await receive(app.db, { ...base, warehouseId: fx.warehouseB, rows: [lot(fx.glifosato, '4', day(-1))] })).stockIds;
    // B holds 16: the moved lot (oldest) goes first, 2 of the newest (expired) lot stay
    await consume(app.db, { ...actor, stockId: b, quantity: '14', workOrderId: null });
    // C (urea, Central): its expired lot is used up, the one left expires in 100 days — outside the window
    const [c] = (await receive(app.db, { ...base, rows: [lot(fx.urea, '10', day(-10))] })).stockIds;
    await receive(app.db, { ...base, rows: [lot(fx.urea, '10', day(100))] });
    await consume(app.db, { ...actor, stockId: c, quantity: '10', workOrderId: null });
    // D (urea, Norte): counted down to 4 of its lot in 20 days
    const [d] = (await receive(app.db, { ...base, warehouseId: fx.warehouseB, rows: [lot(fx.urea, '10', day(20))] })).stockIds;
    await adjust(app.db, { ...actor, stockId: d, countedQuantity: '4' });
    // another workspace's due lot is not ours
    await receive(app.db, { workspaceId: other.workspace_id, userId: other.user_id, companyId: otherFx.company, warehouseId: otherFx.warehouseA, rows: [lot(otherFx.glifosato, '7', day(-2))] });

    const lots = await expiredOf(owner);
    expect(lots.map((l) => [l.stock_id, l.warehouse.name, l.quantity, l.expiration_date, l.status])).toEqual([
      [b, 'Galpón Norte', 2, day(-1), 'expired'],
      [a, 'Depósito Central', 3, day(5), 'expiring'],
      [d, 'Galpón Norte', 4, day(20), 'expiring'],
    ]);
    const reference = await dueLotsOverWholeLedger(owner.workspace_id);
    expect(lots.map((l) => [l.stock_transaction_id, l.stock_id, l.quantity, l.expiration_date])).toEqual(
      reference.map((r) => [r.stock_transaction_id, r.stock_id, Number(r.quantity), r.expiration_date]),
    );
    for (const stockId of [a, b, c, d]) expect((await stockRow(app, stockId)).expiration_date).toBe(await nearestExpirationOverWholeLedger(stockId));
    expect((await stockRow(app, c)).expiration_date).toBe(day(100));

    const theirs = await expiredOf(other);
    expect(theirs.map((l) => [l.quantity, l.expiration_date, l.status])).toEqual([[7, day(-2), 'expired']]);
    expect(theirs.map((l) => l.stock_transaction_id)).toEqual((await dueLotsOverWholeLedger(other.workspace_id)).map((r) => r.stock_transaction_id));
  });
});
