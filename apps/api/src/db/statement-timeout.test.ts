import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/app';
import { QUERY_TIMEOUT, registerErrorHandler } from '../http/errors';

/** The app on PGlite (and on PostgreSQL with TEST_DATABASE_URL) with a 300 ms statement timeout. */
let app: TestApp;
let probe: FastifyInstance;
beforeAll(async () => {
  // bootstrap migrates and seeds through database.setup: a timeout this small must not cut them
  app = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: 300 });
  probe = Fastify();
  registerErrorHandler(probe);
  probe.get('/slow', async () => app.db.execute(sql`select pg_sleep(2)`));
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await app.cleanup();
});

const codeOf = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err.cause?.code ?? err.code;
};

describe(`statement timeout (DB_STATEMENT_TIMEOUT_MS) on ${process.env.FM_TEST_DB ?? 'pglite'}`, () => {
  it('leaves setup work (migrations, seeds) without the limit', async () => {
    const rows = await app.database.setup((db) => db.execute(sql`select pg_sleep(0.6), 1 as done`));
    expect((rows as unknown as { rows: { done: number }[] }).rows[0].done).toBe(1);
  });

  it('cancels a statement past the limit with SQLSTATE 57014', async () => {
    const started = Date.now();
    const err = await app.db.execute(sql`select pg_sleep(2)`).catch((e: unknown) => e);
    expect(codeOf(err)).toBe('57014');
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('answers 503 with a Spanish message through the one error handler', async () => {
    const res = await probe.inject({ method: 'GET', url: '/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, status: 503, data: null, message: QUERY_TIMEOUT });
  });

  it('rolls back a transaction whose statement was cancelled, and serves the next statements', async () => {
    // unlimited, so on PGlite it also waits for the statements cancelled above, which still finish in the worker
    await app.database.setup((db) => db.execute(sql`create table timeout_probe (id int primary key)`));
    const failed = await app.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into timeout_probe values (1)`);
        await tx.execute(sql`select pg_sleep(1)`);
      })
      .catch((e: unknown) => e);
    expect(codeOf(failed)).toBe('57014');
    await app.database.setup((db) => db.execute(sql`select 1`));
    const rows = await app.db.execute(sql`select count(*)::int as n from timeout_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
