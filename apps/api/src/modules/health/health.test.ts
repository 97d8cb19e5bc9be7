import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, json, type TestApp } from '../../test/app';
import { countStatements } from '../../test/statements';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  // the periodic jobs' first run starts with the app: let it end so that only the request's statements are counted
  await new Promise((r) => setTimeout(r, 500));
});
afterAll(() => app.cleanup());

describe('health', () => {
  it('liveness answers from process state: no statement', async () => {
    const { result, count } = await countStatements(app, () => call(app, 'GET', 'health'));
    expect(result.statusCode).toBe(200);
    expect(json(result).data).toEqual([{ status: 'ok', database: app.database.kind, version: '1.0.0' }]);
    expect(count).toBe(0);
  });

  it('readiness runs one statement', async () => {
    const { result, count, sql } = await countStatements(app, () => call(app, 'GET', 'health/ready'));
    expect(result.statusCode).toBe(200);
    expect(count, sql.join('\n')).toBe(1);
  });

  it.skipIf(process.env.FM_TEST_DB === 'postgres')('PGlite: liveness answers while a heavy statement holds the database, readiness after it', async () => {
    let heavyDone = false;
    const heavy = app.database.setup((db) => db.execute(sql`select count(*) from generate_series(1, 3000000) g where g % 7 = 0`)).then(() => (heavyDone = true));
    await new Promise((r) => setTimeout(r, 20));
    const live = await call(app, 'GET', 'health');
    expect(live.statusCode).toBe(200);
    expect(heavyDone).toBe(false);
    const ready = await call(app, 'GET', 'health/ready');
    expect(ready.statusCode).toBe(200);
    expect(heavyDone).toBe(true);
    await heavy;
  });

  it.skipIf(process.env.FM_TEST_DB === 'postgres')('PGlite: a closed database is reported by liveness as 503', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await call(other, 'GET', 'health');
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toBe('La base de datos no está disponible');
    await other.close();
  });
});
