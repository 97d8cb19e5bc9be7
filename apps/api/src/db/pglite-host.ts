import { Worker } from 'node:worker_threads';
import { ACCESS_CHANNEL } from './access-changes';
import { statementName } from './statement-names';

type Row = Record<string, unknown> | unknown[];
export type QueryResult = { rows: Row[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Message = Record<string, unknown> & { id: number };
/** `notified`: the statement committed a change migration 0019's triggers report (fm_access). */
type Reply = { id: number; result?: unknown; error?: Record<string, unknown>; notified?: true };

/** One statement posted to the worker and not answered yet, in the worker's order. */
type InFlight = {
  id: number;
  timeoutMs: number;
  timer?: NodeJS.Timeout;
  /** Set once the caller has its answer (or its 57014): a late answer is then dropped. */
  done: boolean;
  resolve(value: unknown): void;
  reject(err: Error): void;
};

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
 *
 * PGlite is one session: the worker runs statements one at a time in the order they arrive. The host pipelines
 * (decision 0015): a statement outside a transaction is posted at once, without waiting for the answers of those
 * before it, so the worker never idles between two requests' statements; statements posted in the same tick travel
 * in one message, and the worker answers a run of statements in one message too. A transaction takes the host's
 * lock from BEGIN to COMMIT/ROLLBACK, so no other request's statement can land inside it; statements asked for
 * meanwhile wait on the host and are posted once it ends.
 *
 * Statement timeout: PGlite accepts `SET statement_timeout` but never enforces it (its timer needs the JavaScript
 * event loop, which a running statement holds), and nothing can interrupt a statement short of killing the
 * database. So the host stops waiting: past `statementTimeoutMs` of running (counted from when the statements
 * before it in the worker have finished, as PostgreSQL counts execution and not the wait for a connection) the
 * caller gets PostgreSQL's own error (57014), the statement runs to its end in the worker, and later statements
 * queue behind it there. BEGIN, COMMIT and ROLLBACK are never cut, so a transaction still releases the lock only
 * once it has really ended.
 */
export class PGliteHost implements PGliteLike {
  private readonly worker: Worker;
  /** Posted statements in the worker's order; the head is the one running. */
  private readonly inFlight: InFlight[] = [];
  private nextId = 1;
  /** Messages of this tick, posted together. */
  private outbox: Message[] = [];
  /** Transactions (and dump/close) hold it; a plain statement only waits for it before being posted. */
  private lock: Promise<void> = Promise.resolve();
  /** Transactions (and dump/close) queued or running. */
  private holders = 0;
  private failure: Error | undefined;
  private readonly bounded: PGliteLike;
  readonly ready: Promise<void>;

  private readonly onAccessChange: (() => void) | undefined;

  /** `onAccessChange`: called before the caller of a statement that committed a change to auth state gets its answer. */
  constructor(opts: { dataDir?: string; loadDataDir?: Blob; statementTimeoutMs?: number; onAccessChange?: () => void }) {
    const { statementTimeoutMs = 0, onAccessChange, ...workerData } = opts;
    this.onAccessChange = onAccessChange;
    this.bounded = this.session(statementTimeoutMs, true);
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { ...workerData, accessChannel: ACCESS_CHANNEL } });
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('message', (m: { ready: boolean; error?: Record<string, unknown> }) => {
        if (m.ready) resolve();
        else reject(revive(m.error ?? { message: 'PGlite no pudo iniciar' }));
        this.worker.on('message', (replies: Reply[]) => {
          for (const reply of replies) this.settle(reply);
        });
      });
      this.worker.once('error', reject);
    });
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`la base embebida se detuvo (código ${code})`)));
  }

  /** False once closed or once the worker failed (process state: no message to the worker). */
  get alive(): boolean {
    return this.failure === undefined;
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

  /**
   * The same database without the statement timeout: migrations and seeds may run longer than a request. Their
   * statements run unnamed: most run once, and would fill the name map that the app's statements need.
   */
  unbounded(): PGliteLike {
    return this.session(0, false);
  }

  /**
   * query, exec and transaction whose statements the host waits for at most `timeoutMs` of running (0: no limit).
   * `named`: each text gets its process-wide name (statement-names.ts), so the worker parses it once and PostgreSQL
   * may keep its plan, as on the server (decisions 0026 and 0040); list statements stay unnamed.
   */
  private session(timeoutMs: number, named: boolean): PGliteLike {
    const inTx: PGliteLike = {
      query: (sql, params = [], options = {}) => this.rawQuery(sql, params, options, timeoutMs, named ? statementName(sql) : undefined),
      exec: (sql) => this.send({ op: 'exec', sql }, timeoutMs) as Promise<QueryResult[]>,
      transaction: () => Promise.reject(new Error('use savepoints for nested transactions')),
    };
    return {
      query: (sql, params, options) => this.pipelined(() => inTx.query(sql, params, options)),
      exec: (sql) => this.pipelined(() => inTx.exec(sql)),
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

  private rawQuery(sql: string, params: unknown[] = [], options: QueryOptions = {}, timeoutMs = 0, name?: string): Promise<QueryResult> {
    // drizzle's parsers only keep some types as text (identity functions); functions cannot cross to the worker
    const textOids = options.parsers ? Object.keys(options.parsers).map(Number) : [];
    return this.send({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', textOids, ...(name ? { name } : {}) }, timeoutMs) as Promise<QueryResult>;
  }

  /** Runs `fn` after everything queued before it; the lock passes on whether it succeeds or fails. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.holders += 1;
    const run = this.lock.then(fn);
    this.lock = run.then(
      () => {
        this.holders -= 1;
      },
      () => {
        this.holders -= 1;
      },
    );
    return run;
  }

  /**
   * Posts `post`'s statement at once when no transaction holds or awaits the lock (the answer comes later, in the
   * worker's order); otherwise once the lock is free, passing it on as soon as the statement is posted.
   */
  private pipelined<T>(post: () => Promise<T>): Promise<T> {
    if (this.holders === 0) return post();
    let answer!: Promise<T>;
    const posted = this.lock.then(() => {
      answer = post();
    });
    this.lock = posted;
    return posted.then(() => answer);
  }

  /** Queues one operation for the worker; past `timeoutMs` (when > 0) of running the caller gets 57014. */
  private send(msg: Record<string, unknown>, timeoutMs = 0): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const entry: InFlight = { id, timeoutMs, done: false, resolve, reject };
      this.inFlight.push(entry);
      if (this.inFlight.length === 1) this.startTimer(entry);
      if (this.outbox.length === 0) queueMicrotask(() => this.flush());
      this.outbox.push({ ...msg, id });
    });
  }

  private flush() {
    const batch = this.outbox;
    this.outbox = [];
    if (batch.length && !this.failure) this.worker.postMessage(batch);
  }

  /** The statement at the head of the worker's queue starts running: from now on its timeout counts. */
  private startTimer(entry: InFlight) {
    if (entry.timeoutMs <= 0 || entry.done) return;
    entry.timer = setTimeout(() => {
      entry.done = true;
      entry.reject(statementTimeout());
    }, entry.timeoutMs);
  }

  private settle(reply: Reply) {
    const head = this.inFlight[0];
    if (!head || head.id !== reply.id) return;
    this.inFlight.shift();
    clearTimeout(head.timer);
    if (reply.notified) this.onAccessChange?.();
    if (!head.done) {
      head.done = true;
      if (reply.error) head.reject(revive(reply.error));
      else head.resolve(reply.result);
    }
    const next = this.inFlight[0];
    if (next) this.startTimer(next);
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const p of this.inFlight) {
      clearTimeout(p.timer);
      if (!p.done) p.reject(err);
    }
    this.inFlight.length = 0;
  }
}
