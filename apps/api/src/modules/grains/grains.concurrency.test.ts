import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAIN_MSG } from '@fm/domain';
import { grainStockTransactions } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { createMovements, grainFixture, ledgerSum, movementBody, q, receive, stockTons, type GrainFixture } from './grains.test-helpers';

let app: TestApp;
let owner: TestUser;
let f: GrainFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await grainFixture(app, owner);
});
afterAll(() => app.cleanup());

/** A Silobolsa stock of `tons` made through the API. */
async function silobag(tons: string, name: string): Promise<number> {
  const { origin_tons: _t, origin_humidity: _h, ...m } = movementBody(f);
  const res = await call(app, 'POST', `grains/stocks?${q(owner)}`, {
    token: owner.token,
    body: { ...m, create_silobag: true, silobag_name: name, destination_tons: tons, destination_humidity: '13' },
  });
  expect(res.statusCode).toBe(201);
  return json<{ stock_id: number }[]>(res).data[0].stock_id;
}

const move = (server: TestApp | Awaited<ReturnType<TestApp['twin']>>, stockId: number, tons: string) =>
  call(server, 'POST', `grains/stocks/movement?${q(owner, `stock_id=${stockId}`)}`, {
    token: owner.token,
    body: { destination_id: f.acopio, transport_id: f.transport, tons, humidity: '13', freight_price: '10' },
  });

describe('concurrent changes of one grain stock', () => {
  it('20 concurrent moves of 1 tn out of a 10.5 tn silo bag: 10 succeed, the rest are refused, it never goes below zero', async () => {
    const stockId = await silobag('10.5', 'Bolsa concurrente');
    // half through a second API instance on the same database, as behind a load balancer
    const twin = await app.twin();
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => move(i % 2 ? twin : app, stockId, '1')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 422)).toBe(true);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(json(r).message).toBe(GRAIN_MSG.tonsAboveStock);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(await stockTons(app, stockId)).toBe('0.500');
    expect(await ledgerSum(app, stockId)).toBe(0.5);
    const exits = await app.db.select().from(grainStockTransactions).where(and(eq(grainStockTransactions.stock_id, stockId), eq(grainStockTransactions.kind, 'salida')));
    expect(exits).toHaveLength(10);
  });

  it('the same movement received by 8 concurrent requests counts once', async () => {
    const [id] = await createMovements(app, owner, [movementBody(f, { destination_id: f.silo })]);
    const twin = await app.twin();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => receive(i % 2 ? twin : app, owner, [{ movement_id: id, destination_tons: '31.234', destination_humidity: '14' }])));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const ok = results.find((r) => r.statusCode === 200);
    const stockId = Number(json<{ movements: { stock_id: number }[] }[]>(ok as NonNullable<typeof ok>).data[0].movements[0].stock_id);
    const receptions = await app.db.select().from(grainStockTransactions).where(and(eq(grainStockTransactions.stock_id, stockId), eq(grainStockTransactions.movement_id, id)));
    expect(receptions).toHaveLength(1);
    expect(await ledgerSum(app, stockId)).toBe(Number(await stockTons(app, stockId)));
  });

  it('receptions of different movements into one new stock create it once and add every load', async () => {
    const fx = await grainFixture(app, owner);
    const ids = await createMovements(app, owner, Array.from({ length: 12 }, () => movementBody(fx)));
    const results = await Promise.all(ids.map((movement_id) => receive(app, owner, [{ movement_id, destination_tons: '2.5', destination_humidity: '13' }])));
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const stocks = new Set(results.map((r) => json<{ movements: { stock_id: number }[] }[]>(r).data[0].movements[0].stock_id));
    expect(stocks.size).toBe(1);
    const [stockId] = [...stocks];
    expect(await stockTons(app, stockId)).toBe('30.000');
    expect(await ledgerSum(app, stockId)).toBe(30);
  });
});
