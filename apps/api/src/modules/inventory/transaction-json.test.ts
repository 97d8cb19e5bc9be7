import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decimalNumber, type StockRow, type StockTransactionRow } from '@fm/domain';
import { companies, providers, stocks, stockTransactions, supplies, units, users, warehouses } from '../../db/schema/index';
import { buildUser, call, json, type TestApp, type TestUser } from '../../test/app';
import { fields, inventoryApp, inventoryFixture, PDF, sendForm, type Fixture } from './stocks.test-helpers';

/**
 * The transaction rows the database writes as JSON (decision 0042, applied to the supply ledger) against the rows as
 * JavaScript shaped them before: the columns read by a plain select, numerics as JSON numbers, instants as ISO texts,
 * file links, and the destination, provider and user only when the row has them.
 */
let app: TestApp;
let owner: TestUser;
let fx: Fixture;

const dStock = alias(stocks, 'd_stock');
const dWarehouse = alias(warehouses, 'd_warehouse');
const dSupply = alias(supplies, 'd_supply');
const dUnit = alias(units, 'd_unit');

async function oracleRows(workspaceId: number): Promise<StockTransactionRow[]> {
  const rows = await app.db
    .select({
      t: stockTransactions,
      warehouse: warehouses,
      supply: supplies,
      unit: units,
      company: companies,
      d_warehouse: dWarehouse,
      d_supply: dSupply,
      d_unit: dUnit,
      provider: providers,
      user: users,
    })
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
    .leftJoin(users, eq(users.user_id, stockTransactions.user_id))
    .where(eq(stockTransactions.workspace_id, workspaceId))
    .orderBy(desc(stockTransactions.created_at), desc(stockTransactions.stock_transaction_id));
  return rows.map(({ t, warehouse, supply, unit, company, d_warehouse, d_supply, d_unit, provider, user }) => ({
    stock_transaction_id: t.stock_transaction_id,
    stock_id: t.stock_id,
    name: t.name as StockTransactionRow['name'],
    quantity: Number(t.quantity),
    difference: decimalNumber(t.difference),
    price: decimalNumber(t.price),
    exchange_rate: decimalNumber(t.exchange_rate),
    invoice: t.invoice,
    delivery_note: t.delivery_note,
    invoice_file_url: t.invoice_file_id ? `/fm/v1/files/${t.invoice_file_id}` : null,
    delivery_note_file_url: t.delivery_note_file_id ? `/fm/v1/files/${t.delivery_note_file_id}` : null,
    observations: t.observations,
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
    expiration_date: t.expiration_date,
    stock_destiny_id: t.stock_destiny_id,
    destiny:
      d_warehouse && d_supply && d_unit
        ? {
            warehouse: { warehouse_id: d_warehouse.warehouse_id, name: d_warehouse.name },
            supply: { supply_id: d_supply.supply_id, name: d_supply.name },
            unit: { unit_id: d_unit.unit_id, name: d_unit.name },
          }
        : null,
    stock: {
      warehouse: { warehouse_id: warehouse.warehouse_id, name: warehouse.name },
      supply: { supply_id: supply.supply_id, name: supply.name },
      unit: { unit_id: unit.unit_id, name: unit.name },
      company: { company_id: company.company_id, name: company.name },
    },
    provider: provider ? { provider_id: provider.provider_id, name: provider.name } : null,
    user: user ? { name: user.name, last_name: user.last_name ?? '' } : null,
    work_order_id: t.work_order_id,
  }));
}

const q = (u: TestUser) => `workspace_id=${u.workspace_id}&workspace=true`;

beforeAll(async () => {
  ({ app } = await inventoryApp());
  owner = await buildUser(app);
  fx = await inventoryFixture(app, owner);
  // an entry with a provider, an expiry and both files; another supply's entry; a movement; an adjustment
  const entry = await sendForm(app, 'POST', `supplies/stocks?${q(owner)}`, owner.token, [
    ...fields({
      warehouse_id: fx.warehouseA,
      company_id: fx.company,
      provider_id: fx.provider,
      invoice: 'A-0001-00000001',
      delivery_note: 'R-0001-00000002',
      supplies: [{ supply_id: fx.glifosato, quantity: '100.125', price: '10.5', exchange_rate: '1050.25', expiration_date: '2027-03-31' }],
    }),
    { name: 'invoice_file', filename: 'factura.pdf', content: PDF, contentType: 'application/pdf' },
    { name: 'delivery_note_file', filename: 'remito.pdf', content: PDF, contentType: 'application/pdf' },
  ]);
  expect(entry.statusCode, entry.body).toBe(201);
  const [glifosato] = json<StockRow[]>(entry).data;
  const urea = await sendForm(app, 'POST', `supplies/stocks?${q(owner)}`, owner.token, fields({ warehouse_id: fx.warehouseB, company_id: fx.company, supplies: [{ supply_id: fx.urea, quantity: 5, price: 1 }] }));
  expect(urea.statusCode, urea.body).toBe(201);
  const moved = await sendForm(app, 'POST', `supplies/stocks/transactions?${q(owner)}`, owner.token, fields({ name: 'MOVEMENT', company_id: fx.company, warehouse_id: fx.warehouseB, observations: 'Traslado "norte" \\ 2\nfin', stocks: [{ stock_id: glifosato.stock_id, quantity: '0.001' }] }));
  expect(moved.statusCode, moved.body).toBe(201);
  const adjusted = await call(app, 'POST', `supplies/stocks/transactions?${q(owner)}`, { token: owner.token, body: { name: 'ADJUSTMENT', stock_destiny_id: glifosato.stock_id, quantity: '90' } });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  // written straight: the columns' extremes, an instant with microseconds, no user, a usage by a work order
  const base = { workspace_id: owner.workspace_id, stock_id: glifosato.stock_id };
  await app.db.insert(stockTransactions).values([
    { ...base, name: 'PURCHASE', quantity: '99999999999.99999', price: '999999999999.9999', exchange_rate: '99999999.9999', created_at: new Date('2026-04-16T10:20:30.123456Z') },
    { ...base, name: 'USAGE', quantity: '0.00001', work_order_id: 77, created_at: new Date('2026-04-16T10:20:30.999Z'), updated_at: new Date('2026-05-01T00:00:00Z') },
  ]);
});
afterAll(() => app.cleanup());

describe('supply transaction rows written by the database', () => {
  it('every row of the list equals the row as JavaScript shaped it, page by page', async () => {
    const expected = await oracleRows(owner.workspace_id);
    expect(expected.map((t) => t.name).sort()).toEqual(['ADJUSTMENT', 'INITIAL', 'INITIAL', 'MOVEMENT', 'PURCHASE', 'USAGE']);

    const all = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}&pagination=true&page=1&per_page=50`, { token: owner.token });
    expect(all.statusCode, all.body).toBe(200);
    const body = json<StockTransactionRow[]>(all);
    expect(body.data).toStrictEqual(expected);
    expect(body).toMatchObject({ success: true, status: 200, total: 6, page: 1, per_page: 50 });

    const second = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}&pagination=true&page=2&per_page=3`, { token: owner.token });
    expect(json<StockTransactionRow[]>(second).data).toStrictEqual(expected.slice(3, 6));
    const unpaged = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}`, { token: owner.token });
    expect(json<StockTransactionRow[]>(unpaged).data).toStrictEqual(expected);
  });

  it('writes numerics, instants, links and the optional parts as the screen reads them', async () => {
    const res = await call(app, 'GET', `supplies/stocks/transactions?${q(owner)}&pagination=true&page=1&per_page=50`, { token: owner.token });
    const rows = json<StockTransactionRow[]>(res).data;
    const byName = (name: string) => rows.filter((t) => t.name === name);
    const [entry] = byName('INITIAL').filter((t) => t.provider);
    expect(entry).toMatchObject({ quantity: 100.125, price: 10.5, exchange_rate: 1050.25, expiration_date: '2027-03-31', invoice: 'A-0001-00000001', provider: { provider_id: fx.provider, name: 'Agroinsumos Test SA' } });
    expect(entry.invoice_file_url).toMatch(/^\/fm\/v1\/files\/\d+$/);
    expect(entry.delivery_note_file_url).toMatch(/^\/fm\/v1\/files\/\d+$/);
    expect(entry.user).toEqual({ name: expect.any(String), last_name: expect.any(String) });
    const [move] = byName('MOVEMENT');
    expect(move).toMatchObject({ quantity: 0.001, observations: 'Traslado "norte" \\ 2\nfin', destiny: { warehouse: { warehouse_id: fx.warehouseB, name: 'Galpón Norte' } }, provider: null });
    const [adjust] = byName('ADJUSTMENT');
    expect(adjust.difference).toBeCloseTo(-10.124, 5);
    const [extreme] = byName('PURCHASE');
    expect(extreme).toMatchObject({ quantity: Number('99999999999.99999'), price: Number('999999999999.9999'), exchange_rate: 99999999.9999, created_at: '2026-04-16T10:20:30.123Z', user: null, destiny: null, invoice_file_url: null });
    const [usage] = byName('USAGE');
    expect(usage).toMatchObject({ quantity: 0.00001, work_order_id: 77, created_at: '2026-04-16T10:20:30.999Z', updated_at: '2026-05-01T00:00:00.000Z' });
  });
});
