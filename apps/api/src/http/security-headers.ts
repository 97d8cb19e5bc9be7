import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type Header = [name: string, value: string | number | readonly string[]];

/**
 * The headers helmet sets for these options, computed once. @fastify/helmet builds a new helmet middleware (and
 * parses the CSP directives again) on every request: ~3 % of a light list's CPU in the bench profile (issue 8).
 * No per-route options and no CSP nonces are used here, so every answer carries the same set.
 */
export function helmetHeaders(options: HelmetOptions): { set: Header[]; removed: string[] } {
  const set: Header[] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: Header[1]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set, removed };
}

/** Sets helmet's headers (computed once from `options`) on every answer, before any hook or handler runs. */
export const securityHeaders = fp<HelmetOptions>(async (app, options) => {
  const { set, removed } = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    done();
  });
});
