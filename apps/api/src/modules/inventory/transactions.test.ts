import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTORY_MSG, type StockRow, type StockTransactionRow } from '@fm/domain';
import { buildUser, call, json, type TestApp, type TestUser } from '../../test/app';
import { consume } from './index';
import { fields, inventoryApp, inventoryFixture, ledgerSum, sendForm, stockRow, type Fixture } from './stocks.test-helpers';

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

async function enter(f: Fixture, u: TestUser, row: Record<string, unknown>, warehouseId = f.warehouseA): Promise<StockRow> {
  const res = await sendForm(app, 'POST', `supplies/stocks?${q(u)}`, u.token, fields({ warehouse_id: warehouseId, company_id: f.company, supplies: [row] }));
  expect(res.statusCode).toBe(201);
  return json<StockRow[]>(res).data[0];
}

const movement = (body: Record<string, unknown>, u = owner) => sendForm(app, 'POST', `supplies/stocks/transactions?${q(u)}`, u.token, fields({ name: 'MOVEMENT', ...body }));
const adjustment = (body: Record<string, unknown>, u = owner) => call(app, 'POST', `supplies/stocks/transactions?${q(u)}`, { token: u.token, body: { name: 'ADJUSTMENT', ...body } });
const remove = (id: number, u = owner) => call(app, 'DELETE', `supplies/stocks/transactions?${q(u)}&stock_transaction_id=${id}`, { token: u.token });

async function transactions(u: TestUser, query: string): Promise<StockTransactionRow[]> {
  const res = await call(app, 'GET', `supplies/stocks/transactions?${q(u)}${query}`, { token: u.token });
  expect(res.statusCode).toBe(200);
  return json<StockTransactionRow[]>(res).data;
}

async function expectLedger(stockId: number, quantity: string) {
  expect((await stockRow(app, stockId)).quantity).toBe(quantity);
  expect(await ledgerSum(app, stockId)).toBe(quantity);
}

describe('MOVEMENT', () => {
  it("an empty movement answers the spec's messages", async () => {
    const res = await movement({});
    expect(res.statusCode).toBe(422);
    expect(json(res).message?.split('\n')).toEqual(['Debe seleccionar un deposito', 'Debe seleccionar una empresa', 'falta completar Insumo, Cantidad']);
    const bad = await call(app, 'POST', `supplies/stocks/transactions?${q(owner)}`, { token: owner.token, body: { name: 'OTRA' } });
    expect(json(bad).message).toBe(INVENTORY_MSG.typeInvalid);
  });

  it('moves to another warehouse, creating the destination stock at the source PPP, then merging PPP', async () => {
    const src = await enter(fx, owner, { supply_id: fx.glifosato, quantity: 100, price: 10, exchange_rate: 1000 });
    await enter(fx, owner, { supply_id: fx.glifosato, quantity: 100, price: 14 });
    const same = await movement({ company_id: fx.company, warehouse_id: fx.warehouseA, stocks: [{ stock_id: src.stock_id, quantity: 10 }] });
    expect(same.statusCode).toBe(422);
    expect(json(same).message).toBe('El depósito de destino debe ser distinto al de origen.');
    const over = await movement({ company_id: fx.company, warehouse_id: fx.warehouseB, stocks: [{ stock_id: src.stock_id, quantity: '200.5' }] });
    expect(over.statusCode).toBe(422);
    expect(json(over).message).toBe('La cantidad a mover supera el stock disponible (200 lt).');

    const ok = await movement({ company_id: fx.company, warehouse_id: fx.warehouseB, observations: 'Para la siembra', stocks: [{ company_id: fx.company, warehouse_id: fx.warehouseA, supply_id: fx.glifosato, quantity: 50 }] });
    expect(ok.statusCode).toBe(201);
    expect(json(ok).message).toBe('Movimiento de stock realizado correctamente');
    const [moved] = await transactions(owner, `&stock_id=${src.stock_id}&pagination=true&page=1&per_page=5`);
    expect(moved).toMatchObject({ name: 'MOVEMENT', quantity: 50, price: 12, observations: 'Para la siembra', destiny: { warehouse: { warehouse_id: fx.warehouseB }, supply: { supply_id: fx.glifosato } } });
    const destId = moved.stock_destiny_id ?? 0;
    expect(await stockRow(app, destId)).toMatchObject({ quantity: '50.00000', ppp: '12.0000' });
    await expectLedger(src.stock_id, '150.00000');
    await expectLedger(destId, '50.00000');

    // the destination gets its own entry at 20, then another movement at the source's 12: (50·12 + 50·20)/100 = 16, + 100 @ 12 → 14
    await enter(fx, owner, { supply_id: fx.glifosato, quantity: 50, price: 20 }, fx.warehouseB);
    expect((await stockRow(app, destId)).ppp).toBe('16.0000');
    await movement({ company_id: fx.company, warehouse_id: fx.warehouseB, stocks: [{ stock_id: src.stock_id, quantity: 100 }] });
    expect(await stockRow(app, destId)).toMatchObject({ quantity: '200.00000', ppp: '14.0000' });
    await expectLedger(src.stock_id, '50.00000');

    // the warehouse's detail panel: what went out of A and into B both appear for B
    const forB = await transactions(owner, `&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'stock.warehouse_id', condition: 'is', value: fx.warehouseB }] }))}`);
    expect(forB.map((t) => t.name).sort()).toEqual(['MOVEMENT', 'MOVEMENT', 'PURCHASE']);
    // the same through the warehouse_id parameter, an `in` of both warehouses, both ANDed, and with one stock
    const byParam = await transactions(owner, `&warehouse_id=${fx.warehouseB}`);
    expect(byParam.map((t) => t.stock_transaction_id)).toEqual(forB.map((t) => t.stock_transaction_id));
    const inBoth = await transactions(owner, `&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'stock.warehouse_id', condition: 'in', value: [fx.warehouseA, fx.warehouseB] }] }))}`);
    expect(inBoth.length).toBeGreaterThan(forB.length);
    const anded = await transactions(owner, `&warehouse_id=${fx.warehouseA}&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'stock.warehouse_id', condition: 'is', value: fx.warehouseB }] }))}`);
    expect(anded.map((t) => t.name).sort()).toEqual(['MOVEMENT', 'MOVEMENT']);
    const destOnly = await transactions(owner, `&warehouse_id=${fx.warehouseB}&stock_id=${destId}`);
    expect(destOnly.map((t) => t.name)).toEqual(['PURCHASE']);
  });

  it("refuses another workspace's source stock or destination warehouse (404)", async () => {
    const theirs = await enter(otherFx, other, { supply_id: otherFx.glifosato, quantity: 10, price: 1 });
    const res = await movement({ company_id: fx.company, warehouse_id: fx.warehouseB, stocks: [{ stock_id: theirs.stock_id, quantity: 1 }] });
    expect(res.statusCode).toBe(404);
    const mine = await enter(fx, owner, { supply_id: fx.urea, quantity: 10, price: 1 });
    const toTheirs = await movement({ company_id: fx.company, warehouse_id: otherFx.warehouseB, stocks: [{ stock_id: mine.stock_id, quantity: 1 }] });
    expect(toTheirs.statusCode).toBe(404);
    await expectLedger(theirs.stock_id, '10.00000');
  });
});

describe('ADJUSTMENT', () => {
  it('records the counted quantity and the signed difference, up and down', async () => {
    const s = await enter(fx, owner, { supply_id: fx.urea, quantity: 100, price: 3 }, fx.warehouseB);
    const down = await adjustment({ stock_destiny_id: s.stock_id, quantity: '92.5', observations: 'Bolsa rota' });
    expect(down.statusCode).toBe(201);
    expect(json(down).message).toBe('Ajuste de stock realizado correctamente');
    await expectLedger(s.stock_id, '92.50000');
    const up = await adjustment({ stock_destiny_id: s.stock_id, quantity: 95 });
    expect(json<{ difference: number }[]>(up).data[0].difference).toBe(2.5);
    const [last, first] = await transactions(owner, `&stock_id=${s.stock_id}&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'name', condition: 'is', value: 'ADJUSTMENT' }] }))}`);
    expect([last.quantity, last.difference, first.quantity, first.difference, first.observations]).toEqual([95, 2.5, 92.5, -7.5, 'Bolsa rota']);
    expect((await stockRow(app, s.stock_id)).ppp).toBe('3.0000');
    expect(json(await adjustment({ stock_destiny_id: s.stock_id, quantity: -1 })).message).toBe(INVENTORY_MSG.quantityNotNegative);
    expect(json(await adjustment({ quantity: 1 })).message).toBe(INVENTORY_MSG.adjustedStockRequired);
    const theirs = await enter(otherFx, other, { supply_id: otherFx.urea, quantity: 10, price: 1 });
    expect((await adjustment({ stock_destiny_id: theirs.stock_id, quantity: 0 })).statusCode).toBe(404);
    await expectLedger(theirs.stock_id, '10.00000');
  });
});

describe('DELETE supplies/stocks/transactions (reversal)', () => {
  it('restores PPP from ppp_before when deleting the latest entry, and works it back otherwise', async () => {
    const u = await buildUser(app);
    const f = await inventoryFixture(app, u);
    const s = await enter(f, u, { supply_id: f.glifosato, quantity: 100, price: 10 });
    await enter(f, u, { supply_id: f.glifosato, quantity: 50, price: 16 });
    await enter(f, u, { supply_id: f.glifosato, quantity: 50, price: 20 });
    const [t3, t2] = await transactions(u, `&stock_id=${s.stock_id}`);
    expect((await stockRow(app, s.stock_id)).ppp).toBe('14.0000');
    // the middle entry is not the latest: (200·14 − 50·16) / 150 = 13.3333
    const res = await remove(t2.stock_transaction_id, u);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Transacción eliminada correctamente');
    expect(await stockRow(app, s.stock_id)).toMatchObject({ quantity: '150.00000', ppp: '13.3333' });
    // the latest: its ppp_before comes back exactly
    await remove(t3.stock_transaction_id, u);
    expect(await stockRow(app, s.stock_id)).toMatchObject({ quantity: '100.00000', ppp: '12.0000' });
    await expectLedger(s.stock_id, '100.00000');
  });

  it('reverses a movement, an adjustment and a usage', async () => {
    const u = await buildUser(app);
    const f = await inventoryFixture(app, u);
    const s = await enter(f, u, { supply_id: f.urea, quantity: 100, price: 5 });
    await movement({ company_id: f.company, warehouse_id: f.warehouseB, stocks: [{ stock_id: s.stock_id, quantity: 40 }] }, u);
    const [mv] = await transactions(u, `&stock_id=${s.stock_id}&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'name', condition: 'is', value: 'MOVEMENT' }] }))}`);
    const dest = mv.stock_destiny_id ?? 0;
    await remove(mv.stock_transaction_id, u);
    await expectLedger(s.stock_id, '100.00000');
    await expectLedger(dest, '0.00000');
    expect((await stockRow(app, s.stock_id)).ppp).toBe('5.0000');

    await adjustment({ stock_destiny_id: s.stock_id, quantity: 90 }, u);
    const [adj] = await transactions(u, `&stock_id=${s.stock_id}&pagination=true&page=1&per_page=1`);
    await remove(adj.stock_transaction_id, u);
    await expectLedger(s.stock_id, '100.00000');

    const { transactionId } = await consume(app.db, { workspaceId: u.workspace_id, stockId: s.stock_id, quantity: '30', workOrderId: 77, userId: u.user_id });
    await expectLedger(s.stock_id, '70.00000');
    const [usage] = await transactions(u, `&stock_id=${s.stock_id}&pagination=true&page=1&per_page=1`);
    expect(usage).toMatchObject({ stock_transaction_id: transactionId, name: 'USAGE', quantity: 30, price: 5, work_order_id: 77 });
    await remove(transactionId, u);
    await expectLedger(s.stock_id, '100.00000');
  });

  it('refuses a reversal that would leave a stock negative, changing nothing', async () => {
    const u = await buildUser(app);
    const f = await inventoryFixture(app, u);
    const s = await enter(f, u, { supply_id: f.urea, quantity: 100, price: 5 });
    await consume(app.db, { workspaceId: u.workspace_id, stockId: s.stock_id, quantity: '80', workOrderId: 1, userId: u.user_id });
    const [, entry] = await transactions(u, `&stock_id=${s.stock_id}`);
    expect(entry.name).toBe('INITIAL');
    const res = await remove(entry.stock_transaction_id, u);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('No se puede eliminar la transacción: el stock quedaría negativo.');
    await expectLedger(s.stock_id, '20.00000');
    expect(await transactions(u, `&stock_id=${s.stock_id}`)).toHaveLength(2);
    // a movement whose destination already used what it received cannot come back either
    await movement({ company_id: f.company, warehouse_id: f.warehouseB, stocks: [{ stock_id: s.stock_id, quantity: 20 }] }, u);
    const [mv] = await transactions(u, `&stock_id=${s.stock_id}&pagination=true&page=1&per_page=1`);
    await consume(app.db, { workspaceId: u.workspace_id, stockId: mv.stock_destiny_id ?? 0, quantity: '15', workOrderId: 2, userId: u.user_id });
    expect((await remove(mv.stock_transaction_id, u)).statusCode).toBe(409);
    await expectLedger(s.stock_id, '0.00000');
    await expectLedger(mv.stock_destiny_id ?? 0, '5.00000');
  });

  it("answers 404 for another workspace's transaction and leaves it alone", async () => {
    const theirs = await enter(otherFx, other, { supply_id: otherFx.urea, quantity: 7, price: 1 }, otherFx.warehouseB);
    const [t] = await transactions(other, `&stock_id=${theirs.stock_id}`);
    const res = await remove(t.stock_transaction_id);
    expect(res.statusCode).toBe(404);
    expect(await transactions(owner, `&stock_id=${theirs.stock_id}`)).toEqual([]);
    await expectLedger(theirs.stock_id, '7.00000');
  });

  it('lists newest first with the user, provider and paging', async () => {
    const u = await buildUser(app);
    const f = await inventoryFixture(app, u);
    await sendForm(app, 'POST', `supplies/stocks?${q(u)}`, u.token, fields({ warehouse_id: f.warehouseA, company_id: f.company, provider_id: f.provider, invoice: 'B-1', supplies: [{ supply_id: f.urea, quantity: 1, price: 1 }, { supply_id: f.glifosato, quantity: 2, price: 2 }] }));
    const res = await call(app, 'GET', `supplies/stocks/transactions?${q(u)}&pagination=true&page=1&per_page=5`, { token: u.token });
    const body = json<StockTransactionRow[]>(res);
    expect(body.total).toBe(2);
    expect(body.data[0].stock_transaction_id).toBeGreaterThan(body.data[1].stock_transaction_id);
    expect(body.data[0]).toMatchObject({ name: 'INITIAL', invoice: 'B-1', provider: { provider_id: f.provider, name: 'Agroinsumos Test SA' }, user: { last_name: 'Prueba' }, destiny: null });
  });
});
