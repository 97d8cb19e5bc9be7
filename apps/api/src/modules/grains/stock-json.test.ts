import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { decimalNumber, type GrainStockRow } from '@fm/domain';
import { companies, contractors, crops, destinations, grainStocks, seasons } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { CROP_MAIZ, createMovements, grainFixture, movementBody, q, receive, type GrainFixture } from './grains.test-helpers';

/**
 * The grain stock rows the database writes as JSON (decision 0042, applied to grain stocks) against the rows as
 * JavaScript shaped them before (a plain select here): the flat ids and names, the nested season, company,
 * destination and product, decimals as JSON numbers, the instant as toISOString, and the optional contractor.
 */
let app: TestApp;
let owner: TestUser;
let f: GrainFixture;
let posted: GrainStockRow;

async function oracleRows(workspaceId: number): Promise<GrainStockRow[]> {
  const rows = await app.db
    .select({ s: grainStocks, season: seasons, company: companies, destination: destinations, crop: crops, contractor: contractors })
    .from(grainStocks)
    .innerJoin(seasons, eq(seasons.season_id, grainStocks.season_id))
    .innerJoin(companies, eq(companies.company_id, grainStocks.company_id))
    .innerJoin(destinations, eq(destinations.destination_id, grainStocks.destination_id))
    .innerJoin(crops, eq(crops.crop_id, grainStocks.crop_id))
    .leftJoin(contractors, eq(contractors.contractor_id, grainStocks.contractor_id))
    .where(eq(grainStocks.workspace_id, workspaceId))
    .orderBy(desc(grainStocks.stock_id));
  return rows.map(({ s, season, company, destination, crop, contractor }) => ({
    stock_id: s.stock_id,
    season_id: s.season_id,
    season_name: season.name,
    company_id: s.company_id,
    company_name: company.name,
    destination_id: s.destination_id,
    destination_name: destination.name,
    destination_type: destination.destination_type as GrainStockRow['destination_type'],
    crop_id: s.crop_id,
    crop_name: crop.name,
    tons: Number(s.tons),
    contractor_id: s.contractor_id,
    contractor_name: contractor?.name ?? null,
    labor_price: decimalNumber(s.labor_price),
    labor_exchange_rate: decimalNumber(s.labor_exchange_rate),
    observations: s.observations,
    created_at: s.created_at.toISOString(),
    season: { season_id: s.season_id, name: season.name },
    company: { company_id: s.company_id, name: company.name },
    destination: { destination_id: s.destination_id, name: destination.name, destination_type: destination.destination_type as GrainStockRow['destination_type'] },
    product: { crop_id: s.crop_id, name: crop.name },
  }));
}

const get = async (query: string) => {
  const res = await call(app, 'GET', `grains/stocks?${q(owner, query)}`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return json<GrainStockRow[]>(res);
};

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await grainFixture(app, owner);
  const [contractor] = await app.db.insert(contractors).values({ user_id: owner.user_id, name: 'Contratista "Don José" \\ Ñandú' }).returning();
  await share(app.db, 'contractors', contractor.contractor_id, [owner.workspace_id]);
  // a new stock with its contractor and labor; a stock a reception created (no contractor, labor or observations)
  const { origin_tons: _t, origin_humidity: _h, ...movement } = movementBody(f);
  const res = await call(app, 'POST', `grains/stocks?${q(owner)}`, {
    token: owner.token,
    body: { ...movement, destination_id: f.silo, destination_tons: '100.125', destination_humidity: '13', contractor_id: contractor.contractor_id, labor_price: '1500.5', labor_exchange_rate: '1050.25', observations: 'Bolsa "norte" \\ 2\nfin' },
  });
  expect(res.statusCode, res.body).toBe(201);
  [posted] = json<GrainStockRow[]>(res).data;
  const [id] = await createMovements(app, owner, [movementBody(f)]);
  expect((await receive(app, owner, [{ movement_id: id, destination_tons: '30', destination_humidity: '13' }])).statusCode).toBe(200);
  // written straight: the columns' extremes, an instant with microseconds, an empty stock
  const base = { workspace_id: owner.workspace_id, company_id: f.company, season_id: f.season, crop_id: CROP_MAIZ };
  await app.db.insert(grainStocks).values([
    { ...base, destination_id: f.silobolsa, tons: '99999999999.999', labor_price: '999999999999.99', labor_exchange_rate: '0.01', observations: '', created_at: new Date('2026-04-16T10:20:30.123456Z') },
    { ...base, destination_id: f.silo, tons: '0', created_at: new Date('2026-04-16T10:20:30.999Z') },
  ]);
});
afterAll(() => app.cleanup());

describe('grain stock rows written by the database', () => {
  it('every row of the list equals the row as JavaScript shaped it, page by page', async () => {
    const expected = await oracleRows(owner.workspace_id);
    expect(expected.map((s) => s.tons)).toEqual([0, 99999999999.999, 30, 100.125]);

    const all = await get('pagination=true&page=1&per_page=50');
    expect(all.data).toStrictEqual(expected);
    expect(all).toMatchObject({ success: true, status: 200, total: 4, page: 1, per_page: 50 });
    expect((await get('pagination=true&page=2&per_page=2')).data).toStrictEqual(expected.slice(2, 4));
    expect((await get('')).data).toStrictEqual(expected);
  });

  it('answers one stock the same way after a write', async () => {
    const [row] = (await oracleRows(owner.workspace_id)).filter((s) => s.stock_id === posted.stock_id);
    expect(posted).toStrictEqual(row);
    expect(posted).toMatchObject({ tons: 100.125, labor_price: 1500.5, labor_exchange_rate: 1050.25, contractor_name: 'Contratista "Don José" \\ Ñandú', observations: 'Bolsa "norte" \\ 2\nfin' });
  });

  it('writes numerics, the instant and the missing contractor as the screen reads them', async () => {
    const rows = (await get('pagination=true&page=1&per_page=50')).data;
    const extreme = rows.find((s) => s.tons > 1e10);
    expect(extreme).toMatchObject({ labor_price: 999999999999.99, labor_exchange_rate: 0.01, created_at: '2026-04-16T10:20:30.123Z', contractor_id: null, contractor_name: null, observations: '' });
    const received = rows.find((s) => s.tons === 30);
    expect(received).toMatchObject({ labor_price: null, labor_exchange_rate: null, observations: null, destination: { destination_id: f.acopio, destination_type: 'Acopio' } });
    expect(Object.keys(rows[0]).slice(-4)).toEqual(['season', 'company', 'destination', 'product']);
  });
});
