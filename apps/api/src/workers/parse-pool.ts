import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError, isErrorCode, type Detail } from '../http/errors';

/** Answers of the pool itself; a task's own failures carry the task's messages. */
export const PARSE_MSG = {
  busy: 'Hay muchos archivos en proceso. Probá de nuevo en unos segundos.',
  timeout: 'El archivo tardó demasiado en procesarse. Revisá que sea el archivo correcto o probá con uno más chico.',
  memory: 'El archivo es demasiado complejo para procesarlo. Probá con uno más chico.',
  tooLarge: 'El archivo supera el tamaño permitido.',
} as const;

type TaskFn<O> = (input: Uint8Array) => O | Promise<O>;

export type ParseTaskDef<O> = {
  /** Unique name, for logs and the registry ('land.boundary', 'invoices.pdf', ...). */
  name: string;
  /** The module that exports `fn`; the worker imports it (TypeScript through tsx). */
  module: URL;
  /** An exported function of `module`: it runs in the worker, so it sees only its input bytes. */
  fn?: TaskFn<O>;
  /**
   * Or only its export name, so the request thread never loads the module: a parser with global side effects
   * (pdfjs' legacy build replaces Array.prototype.push and JSON.parse with slower polyfills) stays in the worker.
   */
  exportName?: string;
  /** Inputs above this many bytes are refused before they reach a worker (413). */
  maxInputBytes: number;
  /** Wall-clock cap on the task's run (its module loaded); past it the worker is terminated and replaced (422). Default 10 s. */
  timeoutMs?: number;
};

export type ParseTask<O> = Readonly<Required<Omit<ParseTaskDef<O>, 'fn'>>> & {
  exportName: string;
  /** Runs the task on the shared pool; the input's bytes move to the worker (the caller must not reuse them). */
  run(input: Uint8Array): Promise<O>;
};

export type PoolOptions = {
  /** Worker threads at most; each runs one task at a time. */
  size: number;
  /** Tasks waiting for a worker at most; one more answers 503. */
  maxQueue: number;
  /** V8 heap cap per worker; a task that passes it kills its worker and answers 413. */
  memoryMb: number;
  /** A worker idle this long exits (the next task starts a new one). */
  idleMs: number;
};

/** One spare core for the request thread: 1 worker on 2 cores, at most 2. */
export const DEFAULT_POOL: PoolOptions = { size: Math.max(1, Math.min(2, availableParallelism() - 1)), maxQueue: 8, memoryMb: 256, idleMs: 30_000 };
const DEFAULT_TIMEOUT_MS = 10_000;

type Job = { task: ParseTask<unknown>; input: Uint8Array; resolve(value: unknown): void; reject(err: Error): void };
type Slot = { worker: Worker; job?: Job; timer?: NodeJS.Timeout; idle?: NodeJS.Timeout };
type Reply = { started?: true; result?: unknown; error?: { message: string; code?: unknown; detail?: Detail[] } };

/** A task's failure as thrown in the worker: an AppError stays one (status and Spanish message), anything else is a bug (500). */
function revive(e: NonNullable<Reply['error']>): Error {
  if (isErrorCode(e.code)) return new AppError(e.code, e.message, e.detail);
  return new Error(e.message);
}

/**
 * A small, bounded pool of worker threads for CPU-heavy parsing of uploaded files (decision 0009): the request
 * thread only waits. Each task runs under a wall-clock cap and each worker under a heap cap; a worker that passes
 * either is terminated and a fresh one takes the next task.
 */
export class ParsePool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly opts: PoolOptions = DEFAULT_POOL) {}

  run<O>(task: ParseTask<O>, input: Uint8Array): Promise<O> {
    if (this.closed) return Promise.reject(new Error('parse pool closed'));
    if (input.byteLength > task.maxInputBytes) return Promise.reject(new AppError('PAYLOAD_TOO_LARGE', PARSE_MSG.tooLarge));
    const free = [...this.slots].some((s) => !s.job) || this.slots.size < this.opts.size;
    if (!free && this.queue.length >= this.opts.maxQueue) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', PARSE_MSG.busy));
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ task: task as ParseTask<unknown>, input, resolve: resolve as (v: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Terminates every worker; queued and running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('parse pool closed'));
    await Promise.all([...this.slots].map((s) => this.retire(s, new Error('parse pool closed'))));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = [...this.slots].find((s) => !s.job) ?? (this.slots.size < this.opts.size ? this.spawn() : undefined);
      const job = slot && this.queue.shift();
      if (!slot || !job) return;
      this.start(slot, job);
    }
  }

  private spawn(): Slot {
    const { memoryMb } = this.opts;
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.ceil(memoryMb / 4)), stackSizeMb: 4 },
    });
    const slot: Slot = { worker };
    worker.unref();
    worker.on('message', (reply: Reply) => this.onMessage(slot, reply));
    worker.on('error', (err: Error & { code?: string }) => {
      const failure = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('PAYLOAD_TOO_LARGE', PARSE_MSG.memory) : err;
      void this.retire(slot, failure);
    });
    worker.on('exit', () => void this.retire(slot, new Error('parse worker exited')));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    clearTimeout(slot.idle);
    slot.job = job;
    slot.worker.ref(); // a task in flight keeps the process alive (a CLI import, say)
    // move the bytes instead of copying them when the view owns its whole buffer
    const owned = job.input.byteOffset === 0 && job.input.byteLength === job.input.buffer.byteLength && job.input.buffer instanceof ArrayBuffer;
    const input = owned ? job.input : job.input.slice();
    slot.worker.postMessage({ href: job.task.module.href, exportName: job.task.exportName, input }, [input.buffer as ArrayBuffer]);
  }

  private onMessage(slot: Slot, reply: Reply): void {
    const job = slot.job;
    if (!job) return;
    if (reply.started) {
      const timeout = new AppError('VALIDATION', PARSE_MSG.timeout, [{ loc: ['body', 'file'], msg: PARSE_MSG.timeout }]);
      slot.timer = setTimeout(() => void this.retire(slot, timeout), job.task.timeoutMs);
      return;
    }
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
    slot.idle = setTimeout(() => void this.retire(slot), this.opts.idleMs).unref();
    if (reply.error) job.reject(revive(reply.error));
    else job.resolve(reply.result);
    this.dispatch();
  }

  /** Removes a worker (time cap, heap cap, crash, idle, close): its task fails with `failure`; the queue moves on. */
  private async retire(slot: Slot, failure?: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    if (slot.job) slot.job.reject(failure ?? new Error('parse worker stopped'));
    slot.job = undefined;
    if (!this.closed) this.dispatch();
    await slot.worker.terminate();
  }
}

const registry = new Map<string, ParseTask<unknown>>();
let shared: ParsePool | undefined;

/** The process-wide pool every registered task runs on (started on first use). */
export function sharedParsePool(): ParsePool {
  shared ??= new ParsePool();
  return shared;
}

/**
 * Registers a parse task by name. `fn` must be an export of `module` under its own name: the worker imports
 * the module and calls that export with the input bytes; its result comes back by structured clone, so keep it
 * small (a failure should be an AppError with the task's Spanish message).
 */
export function defineParseTask<O>(def: ParseTaskDef<O>): ParseTask<O> {
  if (registry.has(def.name)) throw new Error(`parse task '${def.name}' is already registered`);
  const exportName = def.exportName ?? def.fn?.name;
  if (!exportName) throw new Error(`parse task '${def.name}': fn must be a named export (or give exportName)`);
  const task: ParseTask<O> = {
    name: def.name,
    module: def.module,
    exportName,
    maxInputBytes: def.maxInputBytes,
    timeoutMs: def.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    run: (input) => sharedParsePool().run(task, input),
  };
  registry.set(def.name, task as ParseTask<unknown>);
  return task;
}
