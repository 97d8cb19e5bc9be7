import { Worker } from 'node:worker_threads';

type Row = Record<string, unknown> | unknown[];
export type QueryResult = { rows: Row[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Pending = { resolve(value: unknown): void; reject(err: Error): void };

/** The part of PGlite's interface drizzle's PGlite driver uses (query, transaction), plus exec. */
export interface PGliteLike {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  transaction<T>(fn: (tx: PGliteLike) => Promise<T>): Promise<T>;
}

/** What PostgreSQL answers when statement_timeout cancels a statement; the host answers the same. */
function statementTimeout(): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014', severity: 'ERROR' });
}

/** A PostgreSQL error as the worker sent it: message plus its fields (code, constraint, detail, ...). */
function revive(e: Record<string, unknown>): Error {
  const err = new Error(String(e.message));
  Object.assign(err, e);
  return err;
}

/**
 * PGlite in a worker thread (pglite-worker.mjs), so its synchronous WebAssembly work does not block the event loop.
 * PGlite is one session, so statements go one at a time through a FIFO lock; a transaction holds the lock from
 * BEGIN to COMMIT/ROLLBACK, so no other request's statement can land inside it.
 *
 * Statement timeout: PGlite accepts `SET statement_timeout` but never enforces it (its timer needs the JavaScript
 * event loop, which a running statement holds), and nothing can interrupt a statement short of killing the
 * database. So the host stops waiting: past `statementTimeoutMs` the caller gets PostgreSQL's own error (57014),
 * the statement runs to its end in the worker, and later statements queue behind it there. BEGIN, COMMIT and
 * ROLLBACK are never cut, so a transaction still releases the lock only once it has really ended.
 */
export class PGliteHost implements PGliteLike {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private lock: Promise<void> = Promise.resolve();
  private failure: Error | undefined;
  private readonly bounded: PGliteLike;
  readonly ready: Promise<void>;

  constructor(opts: { dataDir?: string; loadDataDir?: Blob; statementTimeoutMs?: number }) {
    const { statementTimeoutMs = 0, ...workerData } = opts;
    this.bounded = this.session(statementTimeoutMs);
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', (m: { ready: boolean; error?: Record<string, unknown> }) => {
        if (m.ready) resolve();
        else reject(revive(m.error ?? { message: 'PGlite no pudo iniciar' }));
        this.worker.on('message', (msg: { id: number; result?: unknown; error?: Record<string, unknown> }) => this.settle(msg));
      });
      this.worker.once('error', reject);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`la base embebida se detuvo (código ${code})`)));
  }

  query(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    return this.bounded.query(sql, params, options);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.bounded.exec(sql);
  }

  transaction<T>(fn: (tx: PGliteLike) => Promise<T>): Promise<T> {
    return this.bounded.transaction(fn);
  }

  /** The same database without the statement timeout: migrations and seeds may run longer than a request. */
  unbounded(): PGliteLike {
    return this.session(0);
  }

  /** query, exec and transaction whose statements the host waits for at most `timeoutMs` (0: no limit). */
  private session(timeoutMs: number): PGliteLike {
    const inTx: PGliteLike = {
      query: (sql, params = [], options = {}) => this.rawQuery(sql, params, options, timeoutMs),
      exec: (sql) => this.send({ op: 'exec', sql }, timeoutMs) as Promise<QueryResult[]>,
      transaction: () => Promise.reject(new Error('use savepoints for nested transactions')),
    };
    return {
      query: (sql, params, options) => this.exclusive(() => inTx.query(sql, params, options)),
      exec: (sql) => this.exclusive(() => inTx.exec(sql)),
      transaction: (fn) =>
        this.exclusive(async () => {
          await this.rawQuery('BEGIN');
          try {
            const result = await fn(inTx);
            await this.rawQuery('COMMIT');
            return result;
          } catch (err) {
            if (!this.failure) await this.rawQuery('ROLLBACK');
            throw err;
          }
        }),
    };
  }

  /** The whole data directory as a tarball (tests clone a seeded template from it). */
  dump(): Promise<Blob> {
    return this.exclusive(() => this.send({ op: 'dump' }) as Promise<Blob>);
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.exclusive(() => this.send({ op: 'close' }));
    this.failure = new Error('la base embebida está cerrada');
    await this.worker.terminate();
  }

  private rawQuery(sql: string, params: unknown[] = [], options: QueryOptions = {}, timeoutMs = 0): Promise<QueryResult> {
    // drizzle's parsers only keep some types as text (identity functions); functions cannot cross to the worker
    const textOids = Object.keys(options.parsers ?? {}).map(Number);
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textOids }, timeoutMs) as Promise<QueryResult>;
  }

  /** Runs `fn` after everything queued before it; the lock passes on whether it succeeds or fails. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.lock.then(fn);
    this.lock = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Posts one operation; past `timeoutMs` (when > 0) the caller gets 57014 and the late answer is dropped. */
  private send(msg: Record<string, unknown>, timeoutMs = 0): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = timeoutMs > 0 ? setTimeout(() => this.pending.delete(id) && reject(statementTimeout()), timeoutMs) : undefined;
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      this.worker.postMessage({ ...msg, id });
    });
  }

  private settle(msg: { id: number; result?: unknown; error?: Record<string, unknown> }) {
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.error) p.reject(revive(msg.error));
    else p.resolve(msg.result);
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
