import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { planList } from '../http/list-query';
import { listStatement } from '../http/list-statement';
import { rowsOf, rowsPlannedPerExecution } from './client';
import { users } from './schema/index';
import { buildUser, call, createTestApp, type TestApp } from '../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

type Prepared = { name: string; statement: string };

describe('every session prepares a statement text once: a PostgreSQL connection, the embedded database (issue 8, decision 0040)', () => {
  it('drizzle statements run as named prepared statements, one name per text, reused across executions', async () => {
    const prepared = await app.db.transaction(async (tx) => {
      // the same text three times on one connection (a transaction holds it), with different parameters
      for (const id of [1, 2, 3]) await tx.select({ id: users.user_id }).from(users).where(eq(users.user_id, id));
      return rowsOf<Prepared>(tx, sql`select name, statement from pg_prepared_statements where not from_sql`);
    });
    const mine = prepared.filter((p) => p.statement.includes('from "users" where "users"."user_id" = $1'));
    expect(mine).toHaveLength(1);
    expect(mine[0].name).toMatch(/^fm\d+$/);
  });

  it('list statements run unnamed, so PostgreSQL plans each page for its workspace (decision 0026)', async () => {
    const owner = await buildUser(app);
    const page = listStatement((db, s) => db.select({ id: users.user_id }).from(users).where(and(eq(users.user_id, s.param('user')), s.where)).orderBy(...s.orderBy).limit(s.limit).offset(s.offset));
    const plan = planList({ pagination: 'true', per_page: 5 }, { resource: 'user', fields: { user_id: { column: users.user_id, type: 'number' } }, defaultOrder: [asc(users.user_id)] });
    const prepared = await app.db.transaction(async (tx) => {
      // more than the five runs after which a named statement may switch to its generic plan
      for (let i = 0; i < 7; i++) expect(await page(tx, plan, { user: owner.user_id })).toEqual([{ id: owner.user_id }]);
      await tx.select({ id: users.user_id }).from(users).where(eq(users.email, owner.email));
      return rowsOf<Prepared>(tx, sql`select name, statement from pg_prepared_statements where not from_sql`);
    });
    expect(prepared.filter((p) => p.statement.includes('"users"."user_id" = $1') && p.statement.includes('limit'))).toEqual([]);
    expect(prepared.filter((p) => p.statement.includes('"users"."email" = $1'))).toHaveLength(1);
  });

  it('a text longer than 16 KB runs unnamed (the name map stays bounded by size)', async () => {
    const owner = await buildUser(app);
    const ids = [owner.user_id, ...Array.from({ length: 2999 }, (_, i) => -i - 1)];
    const prepared = await app.db.transaction(async (tx) => {
      const rows = await tx.select({ id: users.user_id }).from(users).where(inArray(users.user_id, ids));
      expect(rows.length).toBeGreaterThan(0);
      return rowsOf<Prepared>(tx, sql`select name, statement from pg_prepared_statements where not from_sql`);
    });
    expect(prepared.filter((p) => p.statement.includes('$3000'))).toEqual([]);
  });

  it('a request answers the same before and after its statements are prepared', async () => {
    const owner = await buildUser(app);
    const first = await call(app, 'GET', `companies?workspace_id=${owner.workspace_id}`, { token: owner.token });
    for (let i = 0; i < 7; i++) await call(app, 'GET', `companies?workspace_id=${owner.workspace_id}`, { token: owner.token });
    const later = await call(app, 'GET', `companies?workspace_id=${owner.workspace_id}`, { token: owner.token });
    expect(first.statusCode).toBe(200);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toEqual(first.json());
  });

  it('a raw list query run by rowsPlannedPerExecution stays unnamed; one run by rowsOf is prepared', async () => {
    const owner = await buildUser(app);
    const prepared = await app.db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++) {
        expect(await rowsPlannedPerExecution(tx, sql`select ${users.user_id} as per_execution from ${users} where ${users.user_id} = ${owner.user_id}`)).toHaveLength(1);
        await rowsOf(tx, sql`select ${users.user_id} as kept from ${users} where ${users.user_id} = ${owner.user_id}`);
      }
      return rowsOf<Prepared>(tx, sql`select name, statement from pg_prepared_statements where not from_sql`);
    });
    expect(prepared.filter((p) => p.statement.includes('as per_execution'))).toEqual([]);
    expect(prepared.filter((p) => p.statement.includes('as kept'))).toHaveLength(1);
  });

  it('a statement first met in an aborted transaction is prepared when next asked for; one prepared in a rolled-back transaction is kept', async () => {
    const owner = await buildUser(app);
    const stamp = `${owner.user_id}_${Date.now()}`;
    const first = sql.raw(`select user_id as met_aborted_${stamp} from users where user_id = ${owner.user_id}`);
    const rolledBack = sql`select ${users.user_id} as met_rolled_back from ${users} where ${users.user_id} = ${owner.user_id} and ${users.email} <> ${stamp}`;
    const refused = await app.db
      .transaction(async (tx) => {
        await rowsOf(tx, sql`select 1 / ${0}::int`).catch(() => undefined);
        await rowsOf(tx, first);
      })
      .catch((e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code);
    expect(refused).toBe('25P02');
    expect(await rowsOf(app.db, first)).toHaveLength(1);

    await expect(
      app.db.transaction(async (tx) => {
        expect(await rowsOf(tx, rolledBack)).toHaveLength(1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const prepared = await app.db.transaction(async (tx) => {
      expect(await rowsOf(tx, rolledBack)).toHaveLength(1);
      return rowsOf<Prepared>(tx, sql`select name, statement from pg_prepared_statements where not from_sql`);
    });
    // the embedded database is one session, so both are there; a pool may have run them on other connections
    if (app.database.kind === 'pglite') {
      expect(prepared.filter((p) => p.statement.includes(`met_aborted_${stamp}`) || p.statement.includes('as met_rolled_back'))).toHaveLength(2);
    }
  });
});

describe.runIf(process.env.FM_TEST_DB === 'postgres')('PostgreSQL: planner settings', () => {
  it('every connection of the pool plans with random_page_cost 1.1 (decision 0032)', async () => {
    const settings = await Promise.all(Array.from({ length: 3 }, () => app.db.transaction((tx) => rowsOf<{ cost: string }>(tx, sql`select current_setting('random_page_cost') as cost`))));
    expect(settings.flat().map((r) => r.cost)).toEqual(['1.1', '1.1', '1.1']);
  });
});

describe('security headers (computed once; decision 0041)', () => {
  it('API answers carry the API set: nothing allowed, no framing, no sniffing, this origin only', async () => {
    const owner = await buildUser(app);
    for (const res of [
      await call(app, 'GET', 'health'),
      await call(app, 'GET', `companies?workspace_id=${owner.workspace_id}`, { token: owner.token }),
      await call(app, 'GET', 'no-such-route'),
    ]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('pages carry the document policy (the OpenAPI UI then sets its own CSP)', async () => {
    const docs = await app.inject({ method: 'GET', url: '/fm/v1/docs' });
    expect(docs.headers['referrer-policy']).toBe('no-referrer');
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    for (const res of [await app.inject({ method: 'GET', url: '/' }), await app.inject({ method: 'GET', url: '/inicio' })]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
