// The few parts of autocannon 8 the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Options = {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    duration?: number;
    connections?: number;
    pipelining?: number;
    timeout?: number;
    /** Cycled in order by every connection. */
    requests?: { path?: string; method?: string; body?: string; headers?: Record<string, string> }[];
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    requests: { total: number; average: number };
    throughput: { average: number };
  };

  export type Instance = EventEmitter & {
    on(event: 'response', listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
    stop(): void;
  };

  export default function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;
}
