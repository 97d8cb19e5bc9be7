import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import { PGliteHost } from './pglite-host';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

// PGlite only: the PostgreSQL project would run the same in-memory database again
describe.skipIf(process.env.FM_TEST_DB === 'postgres')('PGlite in a worker thread', () => {
  /** The embedded database as the app opens it: PGlite in a worker thread behind drizzle. */
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ inMemory: true });
    await database.db.execute(sql`create table t (id int primary key, at timestamptz, d date)`);
  });
  afterAll(() => database.close());

  it('keeps the event loop free while a heavy statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const heavy = database.db.execute(sql`select count(*) from generate_series(1, 4000000) g where g % 7 = 0`);
    const [result] = rows<{ count: number | string }>(await heavy);
    clearInterval(timer);
    expect(Number(result.count)).toBe(571428);
    // on the main thread the statement ran as one synchronous block: the timer could not fire while it ran
    expect(ticks).toBeGreaterThan(20);
  });

  it('runs a transaction alone: a concurrent statement neither lands inside it nor sees its rolled-back rows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = database.db
      .transaction(async (t) => {
        await t.execute(sql`insert into t (id) values (1)`);
        await gate;
        throw new Error('rollback');
      })
      .catch((e: Error) => e.message);
    // queued behind the open transaction; it must not run inside it
    const outside = database.db.execute(sql`insert into t (id) values (2)`);
    release();
    expect(await tx).toBe('rollback');
    await outside;
    expect(rows<{ id: number }>(await database.db.execute(sql`select id from t order by id`)).map((r) => r.id)).toEqual([2]);
  });

  it('passes PostgreSQL errors back with their code and constraint', async () => {
    type Failure = { cause?: Record<string, unknown> } & Record<string, unknown>;
    const err: Failure | undefined = await database.db.execute(sql`insert into t (id) values (2)`).then(
      () => undefined,
      (e: unknown) => e as Failure,
    );
    const pgError = (err?.cause ?? err) as Record<string, unknown>;
    expect(pgError.code).toBe('23505');
    expect(pgError.constraint).toBe('t_pkey');
  });

  it('answers timestamps and dates the way drizzle expects them', async () => {
    await database.db.execute(sql`insert into t (id, at, d) values (3, '2026-11-21T10:30:00Z', '2026-11-21')`);
    const [row] = rows<{ at: unknown; d: unknown }>(await database.db.execute(sql`select at, d from t where id = 3`));
    expect(row.d).toBe('2026-11-21');
    expect(new Date(String(row.at)).toISOString()).toBe('2026-11-21T10:30:00.000Z');
  });

  it('answers 57014 past the statement timeout, yet holds the lock until the transaction has really rolled back', async () => {
    const host = new PGliteHost({ statementTimeoutMs: 200 });
    await host.ready;
    await host.exec('create table s (id int)');
    const tx = host
      .transaction(async (t) => {
        await t.query('insert into s values (1)');
        await t.query('select pg_sleep(1)');
      })
      .catch((e: { code?: string }) => e.code);
    // queued behind the transaction: it must neither land inside it nor see its row
    const outside = host.query('insert into s values (2)');
    expect(await tx).toBe('57014');
    await outside;
    expect((await host.unbounded().query('select id from s order by id')).rows).toEqual([{ id: 2 }]);
    await host.close();
  });

  it('pipelines: concurrent statements travel to the worker in one message and answer in order, each its own rows', async () => {
    const host = new PGliteHost({});
    await host.ready;
    const worker = (host as unknown as { worker: { postMessage(m: unknown): void } }).worker;
    let messages = 0;
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (m: unknown) => {
      messages += 1;
      post(m);
    };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => host.query('select $1::int as n', [i])));
    expect(answers.map((a) => (a.rows[0] as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(messages).toBe(1);
    await host.close();
  });

  it('counts the statement timeout from when a statement starts running, not while it waits behind another', async () => {
    const host = new PGliteHost({ statementTimeoutMs: 300 });
    await host.ready;
    const slow = host.unbounded().query('select pg_sleep(0.8)');
    // posted at once behind the slow one: waiting for it is not this statement's running time
    const light = await host.query('select 1 as one');
    expect(light.rows).toEqual([{ one: 1 }]);
    await slow;
    // a statement that runs past the limit is still cut
    await expect(host.query('select pg_sleep(0.8)')).rejects.toMatchObject({ code: '57014' });
    await host.close();
  });

  it('answers a light statement as soon as it ends, not after a heavy one posted behind it', async () => {
    const host = new PGliteHost({});
    await host.ready;
    let heavyDone = false;
    const light = host.query('select 1 as one');
    const heavy = host.query('select pg_sleep(0.8)').then(() => (heavyDone = true));
    expect((await light).rows).toEqual([{ one: 1 }]);
    expect(heavyDone).toBe(false);
    await heavy;
    await host.close();
  });

  it('refuses work after close, and reports a worker that could not start', async () => {
    const host = new PGliteHost({});
    await host.ready;
    await host.close();
    await expect(host.query('select 1')).rejects.toThrow(/cerrada/);
    const broken = new PGliteHost({ loadDataDir: new Blob(['no es un tar']) });
    await expect(broken.ready).rejects.toThrow();
  });
});
