import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockTransactions } from '../../db/schema/index';
import { buildUser, createTestApp, type TestApp, type TestUser } from '../../test/app';
import { ledgerSum } from '../inventory/stocks.test-helpers';
import { createOrder, orderBody, setStatus, stockQuantity, woFixture, type WoFixture } from './work-orders.test-helpers';

let app: TestApp;
let owner: TestUser;
let f: WoFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  // 100 lt of glyphosate; each order uses 3 (1 ha × 3 lt/ha): 33 of the 50 fit
  f = await woFixture(app, owner, { quantities: ['100', '1000'] });
});
afterAll(() => app.cleanup());

describe('concurrent completions on one stock (PostgreSQL)', () => {
  it.runIf(process.env.FM_TEST_DB === 'postgres')('50 orders entering Realizada at once never overdraw it: quantity = initial − Σ USAGE, each answer 200 or 409', async () => {
    const body = orderBody(f, {
      field_crops: [{ field_crop_id: f.plots[0].field_crop_id, hectares_to_apply: '1' }],
      supplies: [{ supply_id: f.supplies[0], dose_to_apply: '3', price: '5000', stock_id: f.stocks[0] }],
    });
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await createOrder(app, owner, body));
    // half through a second API instance on the same database, as behind a load balancer
    const twin = await app.twin();
    const start = new Big(await stockQuantity(app, f.stocks[0]));
    const results = await Promise.all(ids.map((id, i) => setStatus(i % 2 ? twin : app, owner, id, 3, { labor_date: '2026-11-27' })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    for (const r of results.filter((x) => x.statusCode === 409)) expect((r.json() as { code: string }).code).toBe('STOCK_EXCEEDED');
    const done = codes.filter((c) => c === 200).length;
    expect(done).toBe(33);

    const usages = await app.db.select({ quantity: stockTransactions.quantity }).from(stockTransactions).where(and(eq(stockTransactions.stock_id, f.stocks[0]), eq(stockTransactions.name, 'USAGE')));
    const used = usages.reduce((s, u) => s.plus(u.quantity), new Big(0));
    const quantity = await stockQuantity(app, f.stocks[0]);
    expect(new Big(quantity).gte(0)).toBe(true);
    expect(quantity).toBe(start.minus(used).toFixed(5));
    expect(used.toFixed(5)).toBe(new Big(3).times(done).toFixed(5));
    expect(await ledgerSum(app, f.stocks[0])).toBe(quantity);
  });

  it('three completions asking 9 of 7: two succeed, one answers 409, the stock ends at 1', async () => {
    const small = await woFixture(app, owner, { quantities: ['7', '1000'] });
    const body = orderBody(small, {
      field_crops: [{ field_crop_id: small.plots[0].field_crop_id, hectares_to_apply: '1' }],
      supplies: [{ supply_id: small.supplies[0], dose_to_apply: '3', price: '5000', stock_id: small.stocks[0] }],
    });
    const ids = [await createOrder(app, owner, body), await createOrder(app, owner, body), await createOrder(app, owner, body)];
    const codes = (await Promise.all(ids.map((id) => setStatus(app, owner, id, 3, { labor_date: '2026-11-27' })))).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 200, 409]);
    expect(await stockQuantity(app, small.stocks[0])).toBe('1.00000');
    expect(await ledgerSum(app, small.stocks[0])).toBe('1.00000');
  });
});
