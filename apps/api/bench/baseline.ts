import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { Db } from '../src/db/client';

/** One SQL statement as the driver received it (text + bound parameters). */
export type Statement = { text: string; params: unknown[] };
type QueryFn = (...args: unknown[]) => Promise<unknown>;
type Queryable = { query: QueryFn };

/** The driver client under drizzle: the pg Pool, or the PGlite instance. */
function driverOf(db: Db): Queryable {
  return (db as unknown as { $client: Queryable }).$client;
}

function statementOf(args: unknown[]): Statement | undefined {
  const [first, second] = args;
  const params = Array.isArray(second) ? second : [];
  if (typeof first === 'string') return { text: first, params };
  if (first && typeof first === 'object' && 'text' in first) {
    const values = (first as { values?: unknown }).values;
    return { text: String((first as { text: unknown }).text), params: Array.isArray(second) ? second : Array.isArray(values) ? values : [] };
  }
  return undefined;
}

/**
 * Records every statement the app sends to the driver while `fn` runs (one warm request):
 * the baseline replays exactly these, in order. Nothing else may use the database meanwhile.
 */
export async function captureStatements<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const driver = driverOf(db);
  const hadOwn = Object.prototype.hasOwnProperty.call(driver, 'query');
  const original = driver.query;
  const statements: Statement[] = [];
  driver.query = function capture(this: unknown, ...args: unknown[]) {
    const s = statementOf(args);
    if (s) statements.push(s);
    return original.apply(this, args);
  };
  try {
    return { result: await fn(), statements };
  } finally {
    if (hadOwn) driver.query = original;
    else delete (driver as Partial<Queryable>).query;
  }
}

/** Runs one statement and returns its rows as objects. */
export type Runner = { kind: string; run(text: string, params: unknown[]): Promise<unknown[]>; close(): Promise<void> };

/** The same PGlite instance the app uses (embedded: there is only one). */
export function pgliteRunner(db: Db): Runner {
  const driver = driverOf(db) as unknown as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
  return {
    kind: 'PGlite (same instance)',
    run: async (text, params) => (await driver.query(text, params)).rows,
    close: async () => undefined,
  };
}

/** A plain `pg` pool of the same size as the app's (10) on the same database. */
export function pgRunner(databaseUrl: string): Runner {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    kind: 'pg Pool(10)',
    run: async (text, params) => (await pool.query(text, params)).rows,
    close: () => pool.end(),
  };
}

export type Baseline = { url: string; use(statements: Statement[]): void; close(): Promise<void> };

/**
 * The bare baseline: node:http, no framework, no validation, no ORM. Every request replays the
 * captured statements in order and answers the last one's rows as JSON in the same envelope shape.
 */
export async function startBaseline(runner: Runner, port: number): Promise<Baseline> {
  let statements: Statement[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        let rows: unknown[] = [];
        for (const s of statements) rows = await runner.run(s.text, s.params);
        const body = JSON.stringify({ success: true, status: 200, data: rows });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
        res.end(body);
      } catch (e) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(e instanceof Error ? e.message : String(e));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    use(next) {
      statements = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
