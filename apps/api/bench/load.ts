import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type LoadRequest = {
  url: string;
  headers: Record<string, string>;
  /** GET unless set; the body goes as base64 (it crosses to the load process as JSON). */
  method?: 'GET' | 'POST';
  bodyBase64?: string;
  duration: number;
  connections: number;
  /**
   * Variants cycled by every connection (paths under the url's origin, optional bodies): pages, filters, search
   * terms, created names. Without it every request is `url`.
   */
  requests?: { path: string; method?: 'GET' | 'POST'; body?: string }[];
  /** A light request fired meanwhile on its own connection (how long it waits behind the load). */
  probe?: { url: string; headers: Record<string, string> };
};
/** One autocannon run: every 2xx response time (ms) and the failures. */
export type LoadSample = { latencies: number[]; non2xx: number; errors: number; seconds: number; probe?: LoadSample };
export type LoadResult = {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  seconds: number;
  /** 2xx responses per second. */
  rps: number;
  /** Latencies of the 2xx responses, milliseconds. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
};
type Reply = { ok: true; sample: LoadSample } | { ok: false; error: string };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Merges runs (interleaved rounds) into one result: percentiles over all responses, req/s over all seconds. */
export function summarize(samples: LoadSample[]): LoadResult {
  const all = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((t, s) => t + s.seconds, 0);
  const non2xx = samples.reduce((t, s) => t + s.non2xx, 0);
  const errors = samples.reduce((t, s) => t + s.errors, 0);
  return {
    requests: all.length + non2xx,
    ok: all.length,
    non2xx,
    errors,
    seconds,
    rps: seconds > 0 ? all.length / seconds : 0,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    max: all.length ? all[all.length - 1] : 0,
  };
}

export type LoadGenerator = { run(req: LoadRequest): Promise<LoadSample>; close(): void };

/** Starts the autocannon child process (tsx-loaded) once; runs are sequential. */
export function startLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(fileURLToPath(new URL('./load-process.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return {
    run(req) {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`load generator exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (reply: Reply) => {
          child.off('exit', onExit);
          if (reply.ok) resolve(reply.sample);
          else reject(new Error(reply.error));
        });
        child.send(req);
      });
    },
    close() {
      child.disconnect();
    },
  };
}
