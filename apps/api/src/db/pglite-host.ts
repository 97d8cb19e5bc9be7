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
 */
export class PGliteHost implements PGliteLike {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private lock: Promise<void> = Promise.resolve();
  private failure: Error | undefined;
  readonly ready: Promise<void>;

  constructor(opts: { dataDir?: string; loadDataDir?: Blob }) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: opts });
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
    return this.exclusive(() => this.rawQuery(sql, params, options));
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.exclusive(() => this.send({ op: 'exec', sql }) as Promise<QueryResult[]>);
  }

  transaction<T>(fn: (tx: PGliteLike) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      const tx: PGliteLike = {
        query: (sql, params = [], options = {}) => this.rawQuery(sql, params, options),
        exec: (sql) => this.send({ op: 'exec', sql }) as Promise<QueryResult[]>,
        transaction: () => Promise.reject(new Error('use savepoints for nested transactions')),
      };
      await this.rawQuery('BEGIN');
      try {
        const result = await fn(tx);
        await this.rawQuery('COMMIT');
        return result;
      } catch (err) {
        if (!this.failure) await this.rawQuery('ROLLBACK');
        throw err;
      }
    });
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

  private rawQuery(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult> {
    // drizzle's parsers only keep some types as text (identity functions); functions cannot cross to the worker
    const textOids = Object.keys(options.parsers ?? {}).map(Number);
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textOids }) as Promise<QueryResult>;
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

  private send(msg: Record<string, unknown>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
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
