import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ExpiredLot, StockRow, StockTransactionRow } from '@fm/domain';
import { users } from '../../db/schema/index';
import { call, createTestApp, json, type TestApp } from '../../test/app';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';
import { ledgerSum } from './stocks.test-helpers';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db);
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  token = (await app.tokens.sign(demo.user_id, demo.last_workspace_id ?? 0)).token;
});
afterAll(() => app.cleanup());

describe('demo inventory', () => {
  it('has stock in two warehouses with PPP apart from the last price, a movement, an adjustment and a lot about to expire', async () => {
    const res = await call(app, 'GET', 'supplies/stocks', { token });
    const stocks = json<StockRow[]>(res).data;
    expect(stocks.length).toBeGreaterThanOrEqual(24);
    expect(new Set(stocks.map((s) => s.warehouse.name))).toEqual(new Set(['Depósito Central', 'Galpón La Esperanza']));
    expect(stocks.filter((s) => s.ppp !== s.price).length).toBeGreaterThan(20);
    expect((res.json() as { totals: { value_ars: number } }).totals.value_ars).toBeGreaterThan(0);
    for (const s of stocks) expect(await ledgerSum(app, s.stock_id)).toBe(s.quantity.toFixed(5));
    const tx = json<StockTransactionRow[]>(await call(app, 'GET', 'supplies/stocks/transactions', { token })).data;
    // USAGE: the demo work orders in Realizada and Facturada used stock (work-orders.demo.ts)
    expect(new Set(tx.map((t) => t.name))).toEqual(new Set(['INITIAL', 'PURCHASE', 'MOVEMENT', 'ADJUSTMENT', 'USAGE']));
    const lots = json<ExpiredLot[]>(await call(app, 'GET', 'supplies/stocks/expired', { token })).data;
    expect(lots.map((l) => [l.status, l.supply.name])).toEqual([['expiring', 'Lambdacialotrina 5% EC']]);
    const own = json<{ own: boolean }[]>(await call(app, 'GET', 'supplies?filters=' + encodeURIComponent(JSON.stringify({ AND: [{ field: 'own', condition: 'is', value: true }] })), { token })).data;
    // every demo supply comes from the starter catalogue (no duplicates of catalogue products)
    expect(own).toEqual([]);
  });
});
