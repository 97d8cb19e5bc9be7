import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CropPriceEntry, ExchangeEntry } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { cropPriceClient, dolarApiClient } from '../../integrations/market/clients';
import { SEED_DATE } from '../../integrations/market/seed';
import { CROP_PRICE_ANSWER, startFakeMarketServer, type FakeMarketServer } from '../../integrations/market/fake-market-server.test-helpers';
import { refreshMarket } from './market.service';

const get = async <T>(app: TestApp, user: TestUser, path: string) => {
  const res = await call(app, 'GET', `${path}?workspace_id=${user.workspace_id}&workspace=true`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return json<T[]>(res).data;
};

describe('market data without a configured source (fresh installation)', () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    user = await buildUser(app);
  });
  afterAll(() => app.cleanup());

  it('serves the dated example: oficial first (its venta is the forms default), blue, mayorista', async () => {
    const rows = await get<ExchangeEntry>(app, user, 'external-data/exchange');
    expect(rows.map((r) => r.casa)).toEqual(['oficial', 'blue', 'mayorista']);
    expect(rows[0]).toMatchObject({ venta: 1465, origen: 'seed', fechaActualizacion: SEED_DATE });
    expect(await get<ExchangeEntry>(app, user, 'exchange-rate/last')).toEqual([rows[0]]);
    const prices = await get<CropPriceEntry>(app, user, 'external-data/crop-price');
    expect(prices.map((p) => p.nombre)).toEqual(['Girasol', 'Maíz', 'Sorgo', 'Soja', 'Trigo']);
    expect(prices.find((p) => p.nombre === 'Sorgo')?.importe).toBeNull();
  });

  it('needs a signed-in user', async () => {
    expect((await call(app, 'GET', 'external-data/exchange')).statusCode).toBe(401);
  });
});

describe('market data from live sources (local fakes of DolarAPI and the pizarra)', () => {
  let app: TestApp;
  let user: TestUser;
  let fake: FakeMarketServer;
  beforeAll(async () => {
    fake = await startFakeMarketServer();
    app = await createTestApp();
    user = await buildUser(app);
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });
  const fetchers = (timeoutMs?: number) => ({
    exchange: dolarApiClient(`${fake.url}/v1/dolares`, fetch, timeoutMs),
    'crop-price': cropPriceClient(`${fake.url}/precios`, fetch, timeoutMs),
  });

  it('stores the live answer: the three houses with their own dates, Rosario prices with S/C and a missing crop as no quote', async () => {
    fake.mode = 'ok';
    await refreshMarket(app.db, fetchers());
    const rows = await get<ExchangeEntry>(app, user, 'external-data/exchange');
    expect(rows).toEqual([
      { nombre: 'Oficial', casa: 'oficial', compra: 1420, venta: 1470, fechaActualizacion: '2026-11-26T14:02:00.000Z', origen: 'live' },
      { nombre: 'Blue', casa: 'blue', compra: 1445, venta: 1465, fechaActualizacion: '2026-11-26T14:58:00.000Z', origen: 'live' },
      { nombre: 'Mayorista', casa: 'mayorista', compra: 1425.5, venta: 1434.5, fechaActualizacion: '2026-11-26T14:01:00.000Z', origen: 'live' },
    ]);
    const prices = await get<CropPriceEntry>(app, user, 'external-data/crop-price');
    expect(Object.fromEntries(prices.map((p) => [p.nombre, p.importe]))).toEqual({ Girasol: null, Maíz: 261000, Sorgo: null, Soja: 448500, Trigo: 235000 });
    expect(prices.every((p) => p.puerto === 'RS' && p.origen === 'live')).toBe(true);
  });

  it('keeps the last snapshot with its date when the source fails, answers garbage, hangs or lacks a house', async () => {
    for (const mode of ['error', 'garbage', 'hang'] as const) {
      fake.mode = mode;
      await refreshMarket(app.db, fetchers(300));
      const [oficial] = await get<ExchangeEntry>(app, user, 'external-data/exchange');
      expect(oficial).toMatchObject({ venta: 1470, fechaActualizacion: '2026-11-26T14:02:00.000Z', origen: 'live' });
    }
    fake.mode = 'ok';
    fake.exchange = [{ moneda: 'USD', casa: 'blue', nombre: 'Blue', compra: 1, venta: 2, fechaActualizacion: '2026-11-27T10:00:00.000Z' }];
    fake.cropPrices = [{ nombre: 'Soja', puerto: 'BB', importe: 1 }];
    await refreshMarket(app.db, fetchers());
    expect((await get<ExchangeEntry>(app, user, 'external-data/exchange'))[1].venta).toBe(1465);
    expect((await get<CropPriceEntry>(app, user, 'external-data/crop-price')).find((p) => p.nombre === 'Soja')?.importe).toBe(448500);
    fake.cropPrices = CROP_PRICE_ANSWER;
  });
});

describe('the scheduled refresh of configured sources', () => {
  it('reads EXCHANGE_API_URL when the app starts and serves its values', async () => {
    const fake = await startFakeMarketServer();
    const app = await createTestApp({ EXCHANGE_API_URL: `${fake.url}/v1/dolares` });
    try {
      const user = await buildUser(app);
      await expect.poll(async () => (await get<ExchangeEntry>(app, user, 'external-data/exchange'))[0].origen, { timeout: 5000 }).toBe('live');
      expect(fake.hits).toContain('/v1/dolares');
      expect((await get<CropPriceEntry>(app, user, 'external-data/crop-price'))[0].origen).toBe('seed');
    } finally {
      await app.cleanup();
      await fake.close();
    }
  });
});
