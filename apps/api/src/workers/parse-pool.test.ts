import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { defineParseTask, ParsePool, PARSE_MSG, type PoolOptions } from './parse-pool';
import { byteCount, crash, hog, refuse, spin } from './pool.test-tasks';

const module = new URL('./pool.test-tasks.ts', import.meta.url);
const spinTask = defineParseTask({ name: 'test.spin', module, fn: spin, maxInputBytes: 4, timeoutMs: 1_500 });
const countTask = defineParseTask({ name: 'test.count', module, fn: byteCount, maxInputBytes: 1024 });
const hogTask = defineParseTask({ name: 'test.hog', module, fn: hog, maxInputBytes: 1, timeoutMs: 20_000 });
const refuseTask = defineParseTask({ name: 'test.refuse', module, fn: refuse, maxInputBytes: 1 });
const crashTask = defineParseTask({ name: 'test.crash', module, fn: crash, maxInputBytes: 1 });

const ms = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
};

const pools: ParsePool[] = [];
const pool = (opts: Partial<PoolOptions> = {}) => {
  const p = new ParsePool({ size: 1, maxQueue: 4, memoryMb: 64, idleMs: 30_000, ...opts });
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The AppError a run fails with, as status and message. */
async function failure(run: Promise<unknown>): Promise<{ status: number; message: string }> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { status, message } = err as AppError;
  return { status, message };
}

describe('parse pool', () => {
  it('runs a task in a worker and answers its result', async () => {
    const p = pool();
    expect(await p.run(countTask, new Uint8Array(100))).toBe(100);
    expect(await p.run(spinTask, ms(5))).toBe('listo');
  });

  it('refuses an input over the task’s byte cap before it reaches a worker (413)', async () => {
    expect(await failure(pool().run(countTask, new Uint8Array(1025)))).toEqual({ status: 413, message: PARSE_MSG.tooLarge });
  });

  it('stops a task past its time cap (422) and serves the next one on a fresh worker', async () => {
    const p = pool();
    const started = Date.now();
    expect(await failure(p.run(spinTask, ms(60_000)))).toEqual({ status: 422, message: PARSE_MSG.timeout });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await p.run(countTask, new Uint8Array(3))).toBe(3);
  });

  it('stops a task past the heap cap (413) and serves the next one', async () => {
    const p = pool({ memoryMb: 32 });
    expect(await failure(p.run(hogTask, new Uint8Array(1)))).toEqual({ status: 413, message: PARSE_MSG.memory });
    expect(await p.run(countTask, new Uint8Array(7))).toBe(7);
  });

  it('answers 503 when every worker is busy and the queue is full', async () => {
    const p = pool({ size: 1, maxQueue: 1 });
    const running = p.run(spinTask, ms(500));
    const queued = p.run(countTask, new Uint8Array(2));
    expect(await failure(p.run(countTask, new Uint8Array(1)))).toEqual({ status: 503, message: PARSE_MSG.busy });
    expect(await running).toBe('listo');
    expect(await queued).toBe(2);
  });

  it('passes a task’s AppError through with its status and Spanish message; any other error is not one', async () => {
    const p = pool();
    const refused = await p.run(refuseTask, new Uint8Array(1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, message: 'El archivo no sirve', detail: [{ loc: ['body', 'file'], msg: 'El archivo no sirve' }] });
    const crashed = await p.run(crashTask, new Uint8Array(1)).catch((e: unknown) => e);
    expect(crashed).toBeInstanceOf(Error);
    expect(crashed).not.toBeInstanceOf(AppError);
    expect(await p.run(countTask, new Uint8Array(4))).toBe(4);
  });

  it('refuses a second task under the same name', () => {
    expect(() => defineParseTask({ name: 'test.count', module, fn: byteCount, maxInputBytes: 1 })).toThrow(/already registered/);
  });
});
