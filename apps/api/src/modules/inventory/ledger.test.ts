import Big from 'big.js';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MSG } from '@fm/domain';
import type { Db } from '../../db/client';
import * as schema from '../../db/schema/index';
import { stockTransactions } from '../../db/schema/index';
import { AppError } from '../../http/errors';
import { buildUser, type TestApp, type TestUser } from '../../test/app';
import { consume, move, receive, releaseUsage } from './index';
import { inventoryApp, inventoryFixture, ledgerSum, stockRow, type Fixture } from './stocks.test-helpers';

let app: TestApp;
let user: TestUser;
let fx: Fixture;

beforeAll(async () => {
  ({ app } = await inventoryApp());
  user = await buildUser(app);
  fx = await inventoryFixture(app, user);
});
afterAll(() => app.cleanup());

async function freshStock(quantity: string, supplyId = fx.glifosato): Promise<number> {
  const { stockIds } = await receive(app.db, { workspaceId: user.workspace_id, userId: user.user_id, companyId: fx.company, warehouseId: fx.warehouseA, rows: [{ supplyId, quantity, price: '10' }] });
  return stockIds[0];
}

describe('ledger functions', () => {
  it('consume refuses more than the stock holds with a Spanish 409, and releaseUsage puts a work order back', async () => {
    const stockId = await freshStock('10', fx.urea);
    await consume(app.db, { workspaceId: user.workspace_id, stockId, quantity: '4', workOrderId: 500, userId: user.user_id });
    await consume(app.db, { workspaceId: user.workspace_id, stockId, quantity: '5.5', workOrderId: 500, userId: user.user_id });
    const over = await consume(app.db, { workspaceId: user.workspace_id, stockId, quantity: '0.50001', workOrderId: 501, userId: user.user_id }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(AppError);
    expect((over as AppError).status).toBe(409);
    expect((over as AppError).message).toBe(INVENTORY_MSG.insufficientStock('0.5', 'kg'));
    expect((await stockRow(app, stockId)).quantity).toBe('0.50000');

    // inside the caller's transaction: a failure after consume rolls the usage back too
    await expect(
      app.db.transaction(async (tx) => {
        await consume(tx, { workspaceId: user.workspace_id, stockId, quantity: '0.5', workOrderId: 502, userId: user.user_id });
        throw new Error('the work order failed to save');
      }),
    ).rejects.toThrow('the work order failed to save');
    expect((await stockRow(app, stockId)).quantity).toBe('0.50000');

    expect(await releaseUsage(app.db, { workspaceId: user.workspace_id, workOrderId: 500 })).toBe(2);
    expect((await stockRow(app, stockId)).quantity).toBe('10.00000');
    expect(await ledgerSum(app, stockId)).toBe('10.00000');
    expect(await app.db.select().from(stockTransactions).where(eq(stockTransactions.work_order_id, 500))).toEqual([]);
  });

  it("never touches another workspace's stock", async () => {
    const stranger = await buildUser(app);
    const stockId = await freshStock('5');
    const res = await consume(app.db, { workspaceId: stranger.workspace_id, stockId, quantity: '1', workOrderId: null, userId: stranger.user_id }).catch((e: unknown) => e);
    expect((res as AppError).status).toBe(404);
    expect((await stockRow(app, stockId)).quantity).toBe('5.00000');
  });
});

describe('concurrency (PostgreSQL)', () => {
  it.runIf(process.env.FM_TEST_DB === 'postgres')('50 concurrent consumptions and moves on one stock never oversell and leave quantity = ledger sum', async () => {
    const stockId = await freshStock('100');
    const start = new Big((await stockRow(app, stockId)).quantity);
    const url = app.config.DATABASE_URL;
    if (!url) throw new Error('no DATABASE_URL');
    const pool = new pg.Pool({ connectionString: url, max: 50 });
    // a client still closing after pool.end() gets 57P01 when the test database is dropped WITH (FORCE); the pool
    // re-emits it, and unheard it failed a whole run as an uncaught exception
    pool.on('error', () => undefined);
    const db = drizzle(pool, { schema }) as unknown as Db;
    try {
      // 25 consumptions of 3 and 25 moves of 2: 125 asked of about 100
      const ops = Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? consume(db, { workspaceId: user.workspace_id, stockId, quantity: '3', workOrderId: 9000 + i, userId: user.user_id }).then(() => new Big(3))
          : move(db, { workspaceId: user.workspace_id, userId: user.user_id, destinationWarehouseId: fx.warehouseB, rows: [{ stockId, quantity: '2' }] }).then(() => new Big(2)),
      );
      const results = await Promise.allSettled(ops);
      const done = results.filter((r): r is PromiseFulfilledResult<Big> => r.status === 'fulfilled').map((r) => r.value);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused.length).toBeGreaterThan(0);
      for (const r of refused) {
        expect(r.reason).toBeInstanceOf(AppError);
        expect([409, 422]).toContain((r.reason as AppError).status);
      }
      const taken = done.reduce((s, q) => s.plus(q), new Big(0));
      const { quantity } = await stockRow(app, stockId);
      expect(new Big(quantity).gte(0)).toBe(true);
      expect(quantity).toBe(start.minus(taken).toFixed(5));
      // what is left cannot serve either kind of request any more
      expect(new Big(quantity).lt(3)).toBe(true);
      expect(await ledgerSum(app, stockId)).toBe(quantity);
      const [dest] = await app.db.select({ id: schema.stocks.stock_id }).from(schema.stocks).where(eq(schema.stocks.warehouse_id, fx.warehouseB));
      expect(await ledgerSum(app, dest.id)).toBe((await stockRow(app, dest.id)).quantity);
    } finally {
      await pool.end();
    }
  });
});
