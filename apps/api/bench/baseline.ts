import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { PLANNER_OPTIONS, type Db } from '../src/db/client';
import { namedStatements } from '../src/db/pglite-named.mjs';
import { statementName } from '../src/db/statement-names';

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

/** Replaces `target[name]` with `wrap(original)` until the returned undo runs. */
function patch<T extends object, K extends keyof T>(target: T, name: K, wrap: (original: T[K]) => T[K]): () => void {
  const hadOwn = Object.prototype.hasOwnProperty.call(target, name);
  const original = target[name];
  target[name] = wrap(original);
  return () => {
    if (hadOwn) target[name] = original;
    else delete target[name];
  };
}

/** Records each statement `target.query` receives, before passing it on; returns the undo. */
const recordQueries = (target: Queryable, statements: Statement[]) =>
  patch(target, 'query', (original) =>
    function capture(this: unknown, ...args: unknown[]) {
      const s = statementOf(args);
      if (s) statements.push(s);
      return original.apply(this, args);
    },
  );

type Driver = Queryable & { connect?: (...args: unknown[]) => Promise<Queryable>; transaction?: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown> };

/**
 * Records every statement the app sends to the driver while `fn` runs (one warm request):
 * the baseline replays exactly these, in order. Nothing else may use the database meanwhile.
 * A transaction's statements are recorded too: on PostgreSQL it runs on a client checked out of the pool
 * (`pool.connect()`), on PGlite on the `tx` its host's `transaction` hands over. PGlite's host sends BEGIN and COMMIT
 * itself, so there a write counts two statements fewer than on PostgreSQL for the same work.
 */
export async function captureStatements<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
  const driver = driverOf(db) as Driver;
  const statements: Statement[] = [];
  const undo = [recordQueries(driver, statements)];
  const { connect, transaction } = driver;
  if (connect) {
    undo.push(
      patch(driver, 'connect', () =>
        function checkout(this: unknown, ...args: unknown[]) {
          // pool.query checks out with a callback and is recorded above; only the promise form hands the client to the app
          if (args.some((a) => typeof a === 'function')) return connect.apply(this, args);
          return connect.apply(this, args).then((client) => {
            undo.push(recordQueries(client, statements));
            return client;
          });
        },
      ),
    );
  } else if (transaction) {
    undo.push(
      patch(driver, 'transaction', () =>
        function recorded(this: unknown, body: (tx: Queryable) => Promise<unknown>) {
          return transaction.call(this, (tx: Queryable) => {
            undo.push(recordQueries(tx, statements));
            return body(tx);
          });
        },
      ),
    );
  }
  try {
    return { result: await fn(), statements };
  } finally {
    for (const restore of undo.reverse()) restore();
  }
}

/** Runs one statement and returns its rows as objects. */
export type Runner = { kind: string; run(text: string, params: unknown[]): Promise<unknown[]>; close(): Promise<void> };

/** The same PGlite instance the app uses (embedded: there is only one), through its worker. */
export function pgliteRunner(db: Db): Runner {
  const driver = driverOf(db) as unknown as { query(text: string, params: unknown[]): Promise<{ rows: unknown[] }> };
  return {
    kind: 'PGlite (same instance, in its worker)',
    run: async (text, params) => (await driver.query(text, params)).rows,
    close: async () => undefined,
  };
}

/**
 * A raw in-process PGlite (no worker) loaded from a dump of the app's database into a data directory on disk, as
 * the app's own: what the worker hop costs is the worker baseline's req/s ÷ this one's. (Loaded into memory instead,
 * heavy scans ran 15–25 % faster than on disk, which the hop figure then wrongly charged to the worker.) Its statements
 * are named as the worker's are (decision 0040), so the ratio is the hop's cost alone.
 */
export async function rawPgliteRunner(dump: Blob): Promise<Runner> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-bench-raw-'));
  const db = await PGlite.create({ dataDir, loadDataDir: dump, extensions: { pg_trgm } });
  const query = namedStatements(db);
  return {
    kind: 'PGlite (raw, in process, data dir on disk)',
    run: async (text, params) => (await query(statementName(text), text, params)).rows,
    close: async () => {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A plain `pg` pool of the same size (`poolMax`, the app's DB_POOL_MAX) and planner settings (PLANNER_OPTIONS) as the app's, on the same
 * database. `prepared` (BENCH_BARE_PREPARED=1): the bare server names its statements too, as the app does since
 * decision 0026 — the ratio then shows only what the app's own code costs, without the parse/plan work the app saves.
 */
export function pgRunner(databaseUrl: string, poolMax: number, prepared = false): Runner {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax, options: PLANNER_OPTIONS });
  const names = new Map<string, string>();
  const nameOf = (text: string) => names.get(text) ?? (names.set(text, `b${names.size}`), `b${names.size - 1}`);
  return {
    kind: `pg Pool(${poolMax})${prepared ? ', named statements' : ''}`,
    run: async (text, params) => (await pool.query(prepared ? { name: nameOf(text), text, values: params } : { text, values: params })).rows,
    close: () => pool.end(),
  };
}

/**
 * What the baseline answers for one variant of an endpoint: the app's captured statements, replayed in order, and
 * the app's answer (parsed), serialised again with JSON.stringify on every request — the same rows, the same
 * envelope, the same bytes. `splice`: the app's last statement built the JSON and the app sent it as `data` without
 * parsing it — one text cell holding the array (`'cell'`, a json_agg) or one text cell per row (`'rows'`, joined
 * into the array); a bare server doing the same splices the text into the same envelope.
 */
export type Splice = 'cell' | 'rows';
export type Variant = { statements: Statement[]; answer: unknown; splice?: Splice };

const textCells = (rows: unknown[]): string[] | undefined => {
  const cells = rows.map((r) => Object.values(r as Record<string, unknown>));
  return cells.every((c) => c.length === 1 && typeof c[0] === 'string') ? cells.map((c) => c[0] as string) : undefined;
};
const sameJson = (text: string, data: unknown) => {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(data);
  } catch {
    return false;
  }
};

/** Is the answer's `data` exactly the last statement's text cell (one row) or its rows' text cells joined? */
export async function sqlShape(runner: Runner, statements: Statement[], answer: unknown): Promise<Splice | undefined> {
  const last = statements[statements.length - 1];
  if (!last) return undefined;
  const cells = textCells(await runner.run(last.text, last.params));
  const data = (answer as { data?: unknown }).data;
  if (!cells?.length) return undefined;
  if (cells.length === 1 && sameJson(cells[0], data)) return 'cell';
  return sameJson(`[${cells.join(',')}]`, data) ? 'rows' : undefined;
}

/** The answer's envelope around `data` spliced from the rows as the app sends it. */
function splicedBody(variant: Variant, rows: unknown[]): string {
  const cells = textCells(rows) ?? [];
  const data = variant.splice === 'cell' ? cells[0] : `[${cells.join(',')}]`;
  const [head, tail] = JSON.stringify({ ...(variant.answer as object), data: '\u0000' }).split('"\\u0000"');
  return `${head}${data}${tail}`;
}

export type Baseline = { url: string; use(variants: Variant[]): void; close(): Promise<void> };

/**
 * The bare baseline: node:http, no framework, no validation, no ORM. `GET /<i>` replays variant i's statements in
 * order (every one: auth, guard, count and page) and answers the app's answer for it, serialised again.
 */
export async function startBaseline(runner: Runner, port: number): Promise<Baseline> {
  let variants: Variant[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        const variant = variants[Number((req.url ?? '/').slice(1)) || 0];
        let rows: unknown[] = [];
        for (const s of variant.statements) rows = await runner.run(s.text, s.params);
        const body = variant.splice ? splicedBody(variant, rows) : JSON.stringify(variant.answer);
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
      variants = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
