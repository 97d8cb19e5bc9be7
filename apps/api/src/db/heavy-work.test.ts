import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Season, SeasonPlan } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../test/app';
import { cities } from './schema/index';
import { gateHeavyWork, heavyWork, WorkGate } from './heavy-work';
import { rowsOf, type Executor } from './client';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('WorkGate', () => {
  it('lets in at most its limit, the others in arrival order, and a second leave does nothing', async () => {
    const gate = new WorkGate(2);
    const order: string[] = [];
    const a = await gate.enter();
    const b = await gate.enter();
    const c = gate.enter().then((leave) => (order.push('c'), leave));
    const d = gate.enter().then((leave) => (order.push('d'), leave));
    await tick();
    expect(gate.load).toEqual({ inside: 2, waiting: 2 });
    a();
    a();
    const leaveC = await c;
    await tick();
    expect(order).toEqual(['c']);
    expect(gate.load).toEqual({ inside: 2, waiting: 1 });
    b();
    (await d)();
    leaveC();
    expect(order).toEqual(['c', 'd']);
    expect(gate.load).toEqual({ inside: 0, waiting: 0 });
  });

  it('refuses a limit below one', () => {
    expect(() => new WorkGate(0)).toThrow(/limit/);
  });
});

describe('heavyWork', () => {
  it('runs at most the limit at a time, gives the place back when the work fails, and nests without waiting for itself', async () => {
    const db = {} as Executor;
    gateHeavyWork(db, 1);
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    await Promise.all([heavyWork(db, work), heavyWork(db, work), heavyWork(db, work)]);
    expect(most).toBe(1);
    await expect(heavyWork(db, () => Promise.reject(new Error('falló')))).rejects.toThrow('falló');
    // a place is free again, and work nested in a holder runs in its place instead of waiting for a second one
    await expect(heavyWork(db, () => heavyWork(db, async () => 'anidado'))).resolves.toBe('anidado');
  });

  it('runs at once on an executor without a gate (an open transaction)', async () => {
    await expect(heavyWork({} as Executor, async () => 'ya')).resolves.toBe('ya');
  });
});

describe.runIf(process.env.FM_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL)('unpaged lists through the gate (PostgreSQL)', () => {
  let app: TestApp;
  let owner: TestUser;
  let season: Season;
  beforeAll(async () => {
    app = await createTestApp({ DB_HEAVY_MAX: 2 });
    owner = await buildUser(app);
    const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
    const post = async <T>(path: string, body: unknown) => json<T[]>(await call(app, 'POST', path, { token: owner.token, body })).data[0];
    const company = await post<{ company_id: number }>('companies', { name: 'Agro Gate SA', tax_identifier: '30712345671' });
    const farm = await post<{ farm_id: number }>('farms', { name: 'Estancia Gate', city_id: city.id, fields: [{ name: 'Lote 1', hectares: 50 }] });
    season = await post<Season>('seasons', { name: '2030/31' });
    await post<SeasonPlan>('seasons/plans', { season_id: season.season_id, company_id: company.company_id, farm_id: farm.farm_id });
  });
  afterAll(() => app.cleanup());

  /** The app's backends waiting for a lock on this test's database. */
  const blocked = async (db: Executor) =>
    Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0].n);

  it('holds at most DB_HEAVY_MAX connections however many arrive; light requests and the rest answer', async () => {
    const url = `seasons/plans?workspace_id=${owner.workspace_id}&season_id=${season.season_id}`;
    let heavy: ReturnType<typeof call>[] = [];
    await app.db.transaction(async (tx) => {
      // the plans cannot be read until this transaction ends: each unpaged list that reaches the database waits there
      await tx.execute(sql`lock table season_plans in access exclusive mode`);
      heavy = [1, 2, 3, 4].map(() => call(app, 'GET', url, { token: owner.token }));
      await vi.waitFor(async () => expect(await blocked(app.db)).toBe(2), { timeout: 5000, interval: 20 });
      const light = await call(app, 'GET', `seasons?workspace_id=${owner.workspace_id}&pagination=true&page=1&per_page=10`, { token: owner.token });
      expect(light.statusCode).toBe(200);
      expect(await blocked(app.db)).toBe(2);
    });
    // the lock is gone: the two that waited in the database answer, then the two that waited for a place
    for (const res of await Promise.all(heavy)) {
      expect(res.statusCode).toBe(200);
      expect(json<SeasonPlan[]>(res).data).toHaveLength(1);
    }
  });
});
