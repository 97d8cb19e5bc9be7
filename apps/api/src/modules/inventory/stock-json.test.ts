import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decimalNumber, expirationStatus, stockValue, stockValueUsd, supplyTypeName, type StockRow } from '@fm/domain';
import { AR_TODAY } from '../../db/argentina-today';
import { rowsOf } from '../../db/client';
import { brands, companies, stocks, supplies, units, warehouses } from '../../db/schema/index';
import { buildUser, call, json, type TestApp, type TestUser } from '../../test/app';
import { seededRandom } from '../../test/seeded-random';
import { inventoryApp, inventoryFixture, UNIT_KG, UNIT_LT, type Fixture } from './stocks.test-helpers';

/**
 * The stock rows the database writes as JSON (decision 0042) against the rows the domain's functions shape: values by
 * stockValue and stockValueUsd (exact decimals), the expiry warning by expirationStatus, on random stocks with the
 * columns' extremes and every expiry boundary.
 */
let app: TestApp;
let owner: TestUser;
let fx: Fixture;
let today: string;

// seeded, so a failure reproduces
const { random, int, decimal } = seededRandom(17);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const supplyUnits = alias(units, 'supply_units');

async function domainRows(): Promise<StockRow[]> {
  const rows = await app.db
    .select({ stock: stocks, supply: supplies, supply_unit: supplyUnits.name, brand: brands, unit: units, warehouse: warehouses, company: companies })
    .from(stocks)
    .innerJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .innerJoin(supplyUnits, eq(supplyUnits.unit_id, supplies.unit_id))
    .leftJoin(brands, eq(brands.brand_id, supplies.brand_id))
    .innerJoin(units, eq(units.unit_id, stocks.unit_id))
    .innerJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .innerJoin(companies, eq(companies.company_id, stocks.company_id))
    .where(eq(stocks.workspace_id, owner.workspace_id))
    .orderBy(stocks.stock_id);
  return rows.map(({ stock: r, supply: s, supply_unit, brand, unit, warehouse, company }) => ({
    stock_id: r.stock_id,
    supply: {
      supply_id: s.supply_id,
      name: s.name,
      generic: s.generic_name ? { name: s.generic_name } : null,
      unit: { unit_id: s.unit_id, name: supply_unit },
      brand: brand ? { brand_id: brand.brand_id, name: brand.name } : null,
      type: { supply_type_id: s.supply_type_id, name: supplyTypeName(s.supply_type_id) },
      subtype: s.subtype,
      eiq_value: decimalNumber(s.eiq_value),
    },
    unit: { unit_id: unit.unit_id, name: unit.name },
    warehouse: { warehouse_id: warehouse.warehouse_id, name: warehouse.name },
    company: { company_id: company.company_id, name: company.name },
    ppp: Number(r.ppp),
    quantity: Number(r.quantity),
    price: Number(r.price),
    exchange_rate: decimalNumber(r.exchange_rate),
    invoice: r.invoice,
    expiration_date: r.expiration_date,
    expiration_status: Number(r.quantity) > 0 ? expirationStatus(r.expiration_date, today) : null,
    value_ars: Number(stockValue(r.quantity, r.ppp)),
    value_usd: decimalNumber(stockValueUsd(r.quantity, r.ppp, r.exchange_rate)),
  }));
}

beforeAll(async () => {
  ({ app } = await inventoryApp());
  owner = await buildUser(app);
  fx = await inventoryFixture(app, owner);
  [{ today }] = await rowsOf<{ today: string }>(app.db, sql`select to_char(${AR_TODAY}, 'YYYY-MM-DD') as today`);
  const [brand] = await app.db.insert(brands).values({ name: `Marca ${owner.user_id}` }).returning();
  const [branded] = await app.db
    .insert(supplies)
    .values({ name: `Semilla "Don Mario" ${owner.user_id}`, generic_name: '', supply_type_id: 7, subtype: 'Híbrido', eiq_value: '9999.99', unit_id: UNIT_KG, brand_id: brand.brand_id })
    .returning();
  const places = await app.db
    .insert(warehouses)
    .values(Array.from({ length: 50 }, (_, i) => ({ user_id: owner.user_id, name: `Depósito ${i} \\ "${i}"` })))
    .returning();
  const days = [undefined, -400, -1, 0, 1, 29, 30, 31, 365];
  const rows = [];
  for (const place of places) {
    for (const supply_id of [fx.glifosato, fx.urea, branded.supply_id]) {
      for (const unit_id of [UNIT_LT, UNIT_KG]) {
        const day = days[int(days.length)];
        const rate = random();
        rows.push({
          workspace_id: owner.workspace_id,
          company_id: fx.company,
          warehouse_id: place.warehouse_id,
          supply_id,
          unit_id,
          quantity: random() < 0.1 ? '0' : decimal(11, 5),
          ppp: decimal(12, 4),
          price: decimal(12, 4),
          exchange_rate: rate < 0.15 ? null : rate < 0.2 ? '0' : decimal(8, 4),
          invoice: random() < 0.5 ? null : `A-0001-${String(int(1e8)).padStart(8, '0')}`,
          expiration_date: day === undefined ? null : addDays(today, day),
        });
      }
    }
  }
  // the extremes the columns hold, and the half-cent ties of both values
  rows[0] = { ...rows[0], quantity: '99999999999.99999', ppp: '999999999999.9999', exchange_rate: '0.0001' };
  rows[1] = { ...rows[1], quantity: '0.00001', ppp: '0.0001', exchange_rate: '99999999.9999' };
  rows[2] = { ...rows[2], quantity: '1', ppp: '0.0050', exchange_rate: '1' };
  rows[3] = { ...rows[3], quantity: '0.5', ppp: '0.0100', exchange_rate: '2' };
  await app.db.insert(stocks).values(rows);
});
afterAll(() => app.cleanup());

describe('stock rows written by the database', () => {
  it('equal the rows the domain shapes on 300 random stocks, and the envelope keeps its totals', async () => {
    const expected = await domainRows();
    expect(expected).toHaveLength(300);
    expect(new Set(expected.map((r) => r.expiration_status))).toEqual(new Set(['expired', 'expiring', null]));
    expect(expected.filter((r) => r.value_usd === null).length).toBeGreaterThan(30);

    const res = await call(app, 'GET', `supplies/stocks?workspace_id=${owner.workspace_id}&pagination=true&page=1&per_page=1000`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<StockRow[]>(res) as ReturnType<typeof json<StockRow[]>> & { totals: { value_ars: number; value_usd: number | null; value_usd_partial: boolean } };
    expect([...body.data].sort((a, b) => a.stock_id - b.stock_id)).toStrictEqual(expected);
    expect(body).toMatchObject({ success: true, status: 200, total: 300, page: 1, per_page: 1000, totals: { value_usd_partial: true } });
    expect(body.totals.value_ars).toBeGreaterThan(0);
  });

  it('answers one page in the list order, the same rows', async () => {
    const expected = new Map((await domainRows()).map((r) => [r.stock_id, r]));
    const res = await call(app, 'GET', `supplies/stocks?workspace_id=${owner.workspace_id}&pagination=true&page=3&per_page=7&warehouse_id=${fx.warehouseA}`, { token: owner.token });
    expect(json<StockRow[]>(res).data).toEqual([]);
    const page = await call(app, 'GET', `supplies/stocks?workspace_id=${owner.workspace_id}&pagination=true&page=3&per_page=7`, { token: owner.token });
    const rows = json<StockRow[]>(page).data;
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(row).toStrictEqual(expected.get(row.stock_id));
  });
});
