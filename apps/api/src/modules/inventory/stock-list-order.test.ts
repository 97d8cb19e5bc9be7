import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StockRow, StockTransactionRow } from '@fm/domain';
import { supplies, warehouses } from '../../db/schema/index';
import { buildUser, call, type TestApp, type TestUser } from '../../test/app';
import { receive } from './index';
import { fields, inventoryApp, inventoryFixture, sendForm, type Fixture } from './stocks.test-helpers';

let app: TestApp;
let owner: TestUser;
let fx: Fixture;

beforeAll(async () => {
  ({ app } = await inventoryApp());
  owner = await buildUser(app);
  fx = await inventoryFixture(app, owner);
});
afterAll(() => app.cleanup());

type StockPage = { data: StockRow[]; total: number; totals: { value_ars: number } };

async function page(query: string): Promise<StockPage> {
  const res = await call(app, 'GET', `supplies/stocks?workspace_id=${owner.workspace_id}&${query}`, { token: owner.token });
  expect(res.statusCode).toBe(200);
  return res.json() as StockPage;
}

const labels = (p: StockPage) => p.data.map((s) => `${s.supply.name.split(' ')[0]} / ${s.warehouse.name}`);

describe('inventory list pages: ids by the names the order and filters read, then their rows', () => {
  it('orders stocks by supply then warehouse name (copied into stocks), following renames; totals follow writes', async () => {
    const base = { workspaceId: owner.workspace_id, userId: owner.user_id, companyId: fx.company };
    for (const warehouseId of [fx.warehouseB, fx.warehouseA]) {
      await receive(app.db, { ...base, warehouseId, rows: [{ supplyId: fx.urea, quantity: '10', price: '2' }, { supplyId: fx.glifosato, quantity: '10', price: '3' }] });
    }
    const first = await page('pagination=true&page=1&per_page=3');
    expect(labels(first)).toEqual(['Glifosato / Depósito Central', 'Glifosato / Galpón Norte', 'Urea / Depósito Central']);
    expect(first.total).toBe(4);
    expect(first.totals.value_ars).toBe(100);
    expect(labels(await page('pagination=true&page=2&per_page=3'))).toEqual(['Urea / Galpón Norte']);

    await app.db.update(warehouses).set({ name: 'Zona Sur' }).where(eq(warehouses.warehouse_id, fx.warehouseA));
    await app.db.update(supplies).set({ name: `Atrazina ${owner.user_id}` }).where(eq(supplies.supply_id, fx.urea));
    expect(labels(await page('pagination=true&page=1&per_page=10'))).toEqual(['Atrazina / Galpón Norte', 'Atrazina / Zona Sur', 'Glifosato / Galpón Norte', 'Glifosato / Zona Sur']);
    const search = (f: object) => `pagination=true&page=1&per_page=1&filters=${encodeURIComponent(JSON.stringify({ AND: [f] }))}`;
    const atrazina = await page(search({ field: 'supply.name', condition: 'contains', value: 'atraz' }));
    expect([labels(atrazina), atrazina.total, atrazina.totals.value_ars]).toEqual([['Atrazina / Galpón Norte'], 2, 40]);
    const south = await page(search({ field: 'warehouse.name', condition: 'is', value: 'Zona Sur' }));
    expect([labels(south), south.total, south.totals.value_ars]).toEqual([['Atrazina / Zona Sur'], 2, 50]);

    // a write through the API drops the cached totals at once
    const parts = fields({ warehouse_id: fx.warehouseB, company_id: fx.company, supplies: [{ supply_id: fx.glifosato, quantity: 10, price: 3 }] });
    expect((await sendForm(app, 'POST', `supplies/stocks?workspace_id=${owner.workspace_id}`, owner.token, parts)).statusCode).toBe(201);
    expect((await page('pagination=true&page=1&per_page=3')).totals.value_ars).toBe(130);

    // the query-string shortcuts narrow the page, its total and the totals, alone and together with a filter
    const inB = await page(`pagination=true&per_page=10&warehouse_id=${fx.warehouseB}`);
    expect([labels(inB), inB.total, inB.totals.value_ars]).toEqual([['Atrazina / Galpón Norte', 'Glifosato / Galpón Norte'], 2, 80]);
    const inA = await page(`pagination=true&per_page=10&warehouse_id=${fx.warehouseA}&company_id=${fx.company}`);
    expect([labels(inA), inA.totals.value_ars]).toEqual([['Atrazina / Zona Sur', 'Glifosato / Zona Sur'], 50]);
    const one = await page(`stock_id=${inA.data[1].stock_id}&${search({ field: 'supply.name', condition: 'contains', value: 'glifo' })}`);
    expect([labels(one), one.totals.value_ars]).toEqual([['Glifosato / Zona Sur'], 30]);
    const none = await page(`stock_id=${inA.data[1].stock_id}&${search({ field: 'supply.name', condition: 'contains', value: 'atraz' })}`);
    expect([none.data, none.totals.value_ars]).toEqual([[], 0]);
  });

  it('pages transactions by the names their filters and order read', async () => {
    const list = async (query: string) => {
      const res = await call(app, 'GET', `supplies/stocks/transactions?workspace_id=${owner.workspace_id}&pagination=true&${query}`, { token: owner.token });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: StockTransactionRow[]; total: number };
    };
    const bySupply = await list('page=1&per_page=2&order_by=supply.name&order=ASC');
    expect(bySupply.data.map((t) => t.stock.supply.name.split(' ')[0])).toEqual(['Atrazina', 'Atrazina']);
    expect(bySupply.total).toBe(5);
    const filter = encodeURIComponent(JSON.stringify({ AND: [{ field: 'supply.name', condition: 'contains', value: 'glifo' }] }));
    const glifosato = await list(`page=2&per_page=2&filters=${filter}`);
    expect([glifosato.data.map((t) => [t.stock.supply.name.split(' ')[0], t.quantity]), glifosato.total]).toEqual([[['Glifosato', 10]], 3]);
  });
});
