import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { grainStocks, users } from '../../db/schema/index';
import { call, createTestApp, json, type TestApp } from '../../test/app';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';
import { filters, ledgerSum } from './grains.test-helpers';

let app: TestApp;
let token: string;
let workspaceId: number;
let seedMs = 0;
beforeAll(async () => {
  app = await createTestApp();
  const t0 = Date.now();
  await seedDemo(app.db);
  seedMs = Date.now() - t0;
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  workspaceId = demo.last_workspace_id ?? 0;
  token = (await app.tokens.sign(demo.user_id, workspaceId)).token;
});
afterAll(() => app.cleanup());

const get = async <T>(path: string, extra = '') => json<T>(await call(app, 'GET', `${path}?workspace_id=${workspaceId}&workspace=true${extra}`, { token }));

describe('demo grains', () => {
  it("seeds a season's movements: most received, some in transit", async () => {
    const inTransit = await get<{ status: string; origin: string }[]>('grains/movements', `&pagination=true&per_page=100&filters=${filters('movement.status', 'contains', 'tránsito')}`);
    const atDestination = await get<{ status: string }[]>('grains/movements', `&pagination=true&per_page=100&filters=${filters('movement.status', 'contains', 'destino')}`);
    expect(inTransit.data.length).toBeGreaterThanOrEqual(3);
    expect(atDestination.data.length).toBeGreaterThan(inTransit.data.length * 3);
    expect(inTransit.data.every((m) => m.status === 'En tránsito' && m.origin)).toBe(true);
    expect(seedMs).toBeLessThan(20_000);
  });

  it('has stocks at an Acopio, a Silo and a Silobolsa, each equal to its ledger', async () => {
    const stocks = (await get<{ stock_id: number; tons: number; destination: { destination_type: string } }[]>('grains/stocks', '&pagination=false')).data;
    const types = new Set(stocks.filter((s) => s.tons > 0).map((s) => s.destination.destination_type));
    expect([...types].sort()).toEqual(['Acopio', 'Silo', 'Silobolsa']);
    const rows = await app.db.select({ id: grainStocks.stock_id, tons: grainStocks.tons }).from(grainStocks).where(eq(grainStocks.workspace_id, workspaceId));
    for (const s of rows) expect(await ledgerSum(app, s.id)).toBe(Number(s.tons));
  });
});
