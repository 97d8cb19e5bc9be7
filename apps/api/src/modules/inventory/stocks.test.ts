import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argentinaDay, INVENTORY_MSG, STOCK_FILE_MAX_BYTES, type StockRow, type StockTransactionRow } from '@fm/domain';
import { addMember, buildUser, call, json, memberWithout, type TestApp, type TestUser } from '../../test/app';
import type { LocalFileStore } from '../../files/index';
import { countRows, fields, inventoryApp, inventoryFixture, ledgerSum, PDF, sendForm, stockRow, UNIT_LT, type Fixture } from './stocks.test-helpers';

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

const q = (u: TestUser) => `workspace_id=${u.workspace_id}&workspace=true`;
const entry = (f: Fixture, rows: unknown[], extra: Record<string, unknown> = {}) => fields({ warehouse_id: f.warehouseA, company_id: f.company, supplies: rows, ...extra });
const post = (parts: ReturnType<typeof fields>, u = owner) => sendForm(app, 'POST', `supplies/stocks?${q(u)}`, u.token, parts);

async function stocksOf(u: TestUser, query = '') {
  const res = await call(app, 'GET', `supplies/stocks?${q(u)}${query}`, { token: u.token });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: StockRow[]; totals: { value_ars: number; value_usd: number | null; value_usd_partial: boolean }; total?: number };
}

/** Files in the app's store (a temporary folder with the in-memory test database, decision 0014). */
async function uploadedFiles(): Promise<string[]> {
  const root = (app.fileStore as LocalFileStore).root;
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => d.name);
  } catch {
    return [];
  }
}

describe('POST supplies/stocks (Alta de stock)', () => {
  it('asks for a token', async () => {
    expect((await call(app, 'GET', `supplies/stocks?${q(owner)}`)).statusCode).toBe(401);
  });

  it("an empty save answers the spec's three messages", async () => {
    const res = await post([]);
    expect(res.statusCode).toBe(422);
    const body = json(res);
    expect(body.message?.split('\n')).toEqual([INVENTORY_MSG.warehouseRequired, INVENTORY_MSG.companyRequired, 'falta completar Insumo, Cantidad, Precio']);
    expect(body.detail).toContainEqual({ loc: ['body', 'warehouse_id'], msg: 'Debe seleccionar un deposito' });
    expect(body.detail).toContainEqual({ loc: ['body', 'company_id'], msg: 'Debe seleccionar una empresa' });
  });

  it("names a row's missing fields in Spanish", async () => {
    const res = await post(entry(fx, [{ supply_id: fx.glifosato, quantity: 10, price: '' }, { supply_id: fx.urea, quantity: '', price: 5 }]));
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('falta completar Cantidad, Precio');
    expect(json(res).detail).toEqual([
      { loc: ['body', 'supplies', 0, 'price'], msg: 'falta completar Cantidad, Precio' },
      { loc: ['body', 'supplies', 1, 'quantity'], msg: 'falta completar Cantidad, Precio' },
    ]);
    const zero = await post(entry(fx, [{ supply_id: fx.glifosato, quantity: 0, price: 10 }]));
    expect(json(zero).message).toBe(INVENTORY_MSG.quantityPositive);
  });

  it('enters stock (INITIAL), then adds a second entry to the same row (PURCHASE) recomputing PPP', async () => {
    const first = await post(entry(fx, [{ supply_id: fx.glifosato, unit_id: UNIT_LT, quantity: 100, price: 10, exchange_rate: 1000 }], { provider_id: fx.provider, invoice: 'A-0001-00000001' }));
    expect(first.statusCode).toBe(201);
    expect(json(first).message).toBe('Stock cargado correctamente');
    const [row] = json<StockRow[]>(first).data;
    expect(row.supply.type).toEqual({ supply_type_id: 1, name: 'Herbicida' });
    expect(row).toMatchObject({ quantity: 100, ppp: 10, price: 10, exchange_rate: 1000, invoice: 'A-0001-00000001', value_ars: 1000, value_usd: 1, unit: { unit_id: UNIT_LT, name: 'lt' } });

    const second = await post(entry(fx, [{ supply_id: fx.glifosato, quantity: '50', price: '16', exchange_rate: '1200' }]));
    expect(json<StockRow[]>(second).data[0]).toMatchObject({ stock_id: row.stock_id, quantity: 150, ppp: 12, price: 16, value_ars: 1800, value_usd: 1.5 });
    // a third at 7,30 (comma decimal): (150·12 + 30·7.3) / 180 = 11.21666… → 11.2167
    const third = await post(entry(fx, [{ supply_id: fx.glifosato, quantity: 30, price: '7,30' }]));
    expect(json<StockRow[]>(third).data[0]).toMatchObject({ stock_id: row.stock_id, quantity: 180, ppp: 11.2167, price: 7.3, value_ars: 2019.01 });

    const tx = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}&stock_id=${row.stock_id}`, { token: owner.token });
    const names = json<StockTransactionRow[]>(tx).data.map((t) => t.name);
    expect(names).toEqual(['PURCHASE', 'PURCHASE', 'INITIAL']);
    expect(await ledgerSum(app, row.stock_id)).toBe('180.00000');
  });

  it('Agregar (stock_id) adds to that stock; two rows of one new stock are an INITIAL and a PURCHASE', async () => {
    const res = await post(entry(fx, [{ supply_id: fx.urea, quantity: 1000, price: 500 }, { supply_id: fx.urea, quantity: 1000, price: 700 }], { warehouse_id: fx.warehouseB }));
    const [urea] = json<StockRow[]>(res).data;
    expect(urea).toMatchObject({ quantity: 2000, ppp: 600, warehouse: { warehouse_id: fx.warehouseB } });
    const add = await post(entry(fx, [{ supply_id: fx.urea, quantity: 2000, price: 400 }], { stock_id: urea.stock_id }));
    expect(json<StockRow[]>(add).data[0]).toMatchObject({ stock_id: urea.stock_id, quantity: 4000, ppp: 500 });
    const list = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}&stock_id=${urea.stock_id}`, { token: owner.token });
    expect(json<StockTransactionRow[]>(list).data.map((t) => t.name)).toEqual(['PURCHASE', 'PURCHASE', 'INITIAL']);
  });

  it('keeps an invoice PDF and links it from the transaction', async () => {
    const before = await countRows(app, 'files');
    const res = await post([
      ...entry(fx, [{ supply_id: fx.glifosato, quantity: 1, price: 10 }], { invoice: 'A-0001-00000009' }),
      { name: 'invoice_file', filename: '../../factura.pdf', content: PDF, contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(201);
    expect(await countRows(app, 'files')).toBe(before + 1);
    const tx = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}&pagination=true&page=1&per_page=1`, { token: owner.token });
    const [t] = json<StockTransactionRow[]>(tx).data;
    expect(t.invoice_file_url).toMatch(/^\/fm\/v1\/files\/\d+$/);
    expect(t.delivery_note_file_url).toBeNull();
    expect((await uploadedFiles()).length).toBe(before + 1);
  });

  it('removes the kept file again when the entry fails in the ledger', async () => {
    const before = [await countRows(app, 'files'), (await uploadedFiles()).length, await countRows(app, 'stock_transactions')];
    const res = await post([
      ...entry(fx, [{ supply_id: fx.glifosato, quantity: 1, price: 10 }], { warehouse_id: otherFx.warehouseA }),
      { name: 'invoice_file', filename: 'factura.pdf', content: PDF, contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(404);
    expect([await countRows(app, 'files'), (await uploadedFiles()).length, await countRows(app, 'stock_transactions')]).toEqual(before);
  });

  it('refuses a file whose bytes are not an image or a PDF, and an oversize one, writing nothing', async () => {
    const counts = async () => [await countRows(app, 'stocks'), await countRows(app, 'stock_transactions'), await countRows(app, 'files'), (await uploadedFiles()).length];
    const before = await counts();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]);
    const fake = await post([...entry(fx, [{ supply_id: fx.urea, quantity: 1, price: 1 }], { warehouse_id: fx.warehouseA }), { name: 'invoice_file', filename: 'factura.pdf', content: exe, contentType: 'application/pdf' }]);
    expect(fake.statusCode).toBe(422);
    expect(json(fake).message).toBe(INVENTORY_MSG.fileType);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(STOCK_FILE_MAX_BYTES)]);
    const oversize = await post([...entry(fx, [{ supply_id: fx.urea, quantity: 1, price: 1 }]), { name: 'delivery_note_file', filename: 'remito.pdf', content: big, contentType: 'application/pdf' }]);
    expect(oversize.statusCode).toBe(422);
    expect(json(oversize).message).toBe(INVENTORY_MSG.fileTooLarge);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another workspace's warehouse, company, supply or stock, and writes nothing", async () => {
    const before = await countRows(app, 'stock_transactions');
    const own = (over: Record<string, unknown>) => post(entry(fx, [{ supply_id: fx.glifosato, quantity: 1, price: 1 }], over));
    expect(json(await own({ warehouse_id: otherFx.warehouseA })).message).toBe(INVENTORY_MSG.warehouseNotFound);
    expect(json(await own({ company_id: otherFx.company })).message).toBe(INVENTORY_MSG.companyNotFound);
    expect(json(await own({ provider_id: otherFx.provider })).message).toBe(INVENTORY_MSG.providerNotFound);
    const theirs = await post(entry(otherFx, [{ supply_id: otherFx.glifosato, quantity: 5, price: 5 }]), other);
    const theirStock = json<StockRow[]>(theirs).data[0].stock_id;
    const agregar = await own({ stock_id: theirStock });
    expect(agregar.statusCode).toBe(404);
    expect(json(agregar).message).toBe(INVENTORY_MSG.stockNotFound);
    expect(await countRows(app, 'stock_transactions')).toBe(before + 1);
    expect((await stocksOf(owner)).data.map((s) => s.stock_id)).not.toContain(theirStock);
    expect((await call(app, 'DELETE', `supplies/stocks?${q(owner)}&stock_id=${theirStock}`, { token: owner.token })).statusCode).toBe(404);
  });

  it('refuses a member without the stock_supplies permission (403) and lets one with it in', async () => {
    // without work orders either: the order form reads stocks too (alsoFor)
    const token = await memberWithout(app, owner.workspace_id, ['stock_supplies', 'work_orders']);
    const asMember = { ...owner, token };
    expect((await call(app, 'GET', `supplies/stocks?${q(asMember)}`, { token })).statusCode).toBe(403);
    const ordersOnly = await memberWithout(app, owner.workspace_id, 'stock_supplies');
    expect((await call(app, 'GET', `supplies/stocks?${q(owner)}`, { token: ordersOnly })).statusCode).toBe(200);
    expect((await post(entry(fx, [{ supply_id: fx.glifosato, quantity: 1, price: 1 }]), asMember)).statusCode).toBe(403);
    expect((await call(app, 'GET', `supplies/stocks/expired?${q(asMember)}`, { token })).statusCode).toBe(403);
    const reader = await buildUser(app);
    const readToken = await addMember(app, owner.workspace_id, reader, [{ module: 'stock_supplies', read: true, create: false, update: false, delete: false }]);
    expect((await call(app, 'GET', `supplies/stocks?${q(owner)}`, { token: readToken })).statusCode).toBe(200);
    expect((await post(entry(fx, [{ supply_id: fx.glifosato, quantity: 1, price: 1 }]), { ...reader, workspace_id: owner.workspace_id, token: readToken })).statusCode).toBe(403);
  });
});

describe('GET supplies/stocks', () => {
  it('filters, pages and totals the value of every filtered row', async () => {
    const all = await stocksOf(owner);
    const sum = all.data.reduce((s, r) => s + r.value_ars, 0);
    expect(all.totals.value_ars).toBeCloseTo(sum, 2);
    const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'stock.warehouse_id', condition: 'is', value: fx.warehouseB }] }));
    const inB = await stocksOf(owner, `&filters=${filters}`);
    expect(inB.data.length).toBeGreaterThan(0);
    expect(inB.data.every((r) => r.warehouse.warehouse_id === fx.warehouseB)).toBe(true);
    const byName = await stocksOf(owner, `&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'supply.name', condition: 'contains', value: 'glifo' }] }))}`);
    expect(byName.data.every((r) => r.supply.name.startsWith('Glifosato'))).toBe(true);
    const page = await stocksOf(owner, '&pagination=true&page=1&per_page=1');
    expect(page.data).toHaveLength(1);
    expect(page.total).toBe(all.data.length);
    expect(page.totals.value_ars).toBe(all.totals.value_ars);
  });

  it('totals US$ only over rows with an exchange rate, and says when some were left out', async () => {
    const all = await stocksOf(owner);
    const withRate = all.data.filter((r) => r.value_usd !== null);
    const withoutRate = all.data.filter((r) => r.value_usd === null && r.quantity > 0);
    expect(withRate.length).toBeGreaterThan(0);
    expect(all.totals.value_usd).toBeCloseTo(withRate.reduce((s, r) => s + (r.value_usd ?? 0), 0), 2);
    expect(all.totals.value_usd_partial).toBe(withoutRate.length > 0);
    const onlyRated = encodeURIComponent(JSON.stringify({ AND: [{ field: 'stock.stock_id', condition: 'in', value: withRate.map((r) => r.stock_id) }] }));
    const rated = await stocksOf(owner, `&filters=${onlyRated}`);
    if (rated.data.length === withRate.length) expect(rated.totals.value_usd_partial).toBe(false);
    const none = await stocksOf(owner, `&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'supply.name', condition: 'contains', value: 'no-existe-zzz' }] }))}`);
    expect(none.totals).toEqual({ value_ars: 0, value_usd: null, value_usd_partial: false });
  });
});

describe('expirations and DELETE supplies/stocks', () => {
  it('lists expired and expiring lots and marks the stock', async () => {
    const day = argentinaDay;
    const u = await buildUser(app);
    const f = await inventoryFixture(app, u);
    await post(entry(f, [{ supply_id: f.glifosato, quantity: 10, price: 1, expiration_date: day(-3) }]), u);
    await post(entry(f, [{ supply_id: f.urea, quantity: 10, price: 1, expiration_date: day(200) }]), u);
    const res = await post(entry(f, [{ supply_id: f.urea, quantity: 10, price: 1, expiration_date: day(10) }], { warehouse_id: f.warehouseB }), u);
    const list = await call(app, 'GET', `supplies/stocks/expired?${q(u)}`, { token: u.token });
    const lots = json<{ status: string; expiration_date: string; quantity: number }[]>(list).data;
    expect(lots.map((l) => [l.status, l.expiration_date, l.quantity])).toEqual([
      ['expired', day(-3), 10],
      ['expiring', day(10), 10],
    ]);
    expect(json(await call(app, 'GET', `stocks/expired?${q(u)}`, { token: u.token })).data).toEqual(lots);
    const stocks = await stocksOf(u);
    expect(stocks.data.map((s) => s.expiration_status).sort()).toEqual(['expired', 'expiring', null].sort());
    expect(json<StockRow[]>(res).data[0].expiration_date).toBe(day(10));
  });

  it('deletes a stock only when it is empty', async () => {
    const res = await post(entry(fx, [{ supply_id: fx.urea, quantity: 3, price: 2 }], { warehouse_id: fx.warehouseA }));
    const stock = json<StockRow[]>(res).data[0];
    const refused = await call(app, 'DELETE', `supplies/stocks?${q(owner)}&stock_id=${stock.stock_id}`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toBe('Solo se puede eliminar un stock sin cantidad.');
    const adjust = await call(app, 'POST', `supplies/stocks/transactions?${q(owner)}`, { token: owner.token, body: { name: 'ADJUSTMENT', stock_destiny_id: stock.stock_id, quantity: 0 } });
    expect(adjust.statusCode).toBe(201);
    expect(await stockRow(app, stock.stock_id)).toMatchObject({ quantity: '0.00000', expiration_date: null });
    const done = await call(app, 'DELETE', `supplies/stocks?${q(owner)}&stock_id=${stock.stock_id}`, { token: owner.token });
    expect(done.statusCode).toBe(200);
    expect(json(done).message).toBe('Stock eliminado correctamente');
    expect((await stocksOf(owner)).data.map((s) => s.stock_id)).not.toContain(stock.stock_id);
  });
});
