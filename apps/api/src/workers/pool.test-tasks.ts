import { AppError } from '../http/errors';

// Parse tasks for parse-pool.test.ts: they run in the pool's worker threads like any registered task.

/** Busy for as many milliseconds as the input's first four bytes say (little endian). */
export function spin(input: Uint8Array): string {
  const ms = new DataView(input.buffer, input.byteOffset, input.byteLength).getUint32(0, true);
  const end = Date.now() + ms;
  while (Date.now() < end);
  return 'listo';
}

export function byteCount(input: Uint8Array): number {
  return input.byteLength;
}

/** Allocates until the worker's heap cap stops it. */
export function hog(): number {
  const kept: number[][] = [];
  for (;;) kept.push(new Array(100_000).fill(kept.length));
}

export function refuse(): never {
  throw new AppError('VALIDATION', 'El archivo no sirve', [{ loc: ['body', 'file'], msg: 'El archivo no sirve' }]);
}

export function crash(): never {
  throw new TypeError('a bug in the task');
}
