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

/**
 * What an API answer carries instead of a page's policy (OWASP REST Security Cheat Sheet, less its `Cache-Control`,
 * which each route decides): JSON and files are fetched by the web and the mobile app, never rendered as a page, so
 * the document headers (script sources, opener and referrer policies, DNS prefetching …) protect nothing there and
 * cost ~600 bytes and a dozen header writes on every answer (decision 0041). Framing and sniffing stay refused, the
 * policy allows nothing, and the answer may be read by this origin only.
 */
function apiHeaders(documentSet: Header[]): Header[] {
  const hsts = documentSet.find(([name]) => name.toLowerCase() === 'strict-transport-security');
  return [
    ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ...(hsts ? [hsts] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
  ];
}

export type SecurityHeaderOptions = {
  helmet: HelmetOptions;
  /** Answers under this prefix get the API's set; `pages` are paths under it that answer pages (the OpenAPI UI). */
  api: { prefix: string; pages: string[] };
};

/**
 * Sets, before any hook or handler runs, helmet's headers (computed once from `options.helmet`) on pages and
 * static assets, and the API's set on API answers.
 */
export const securityHeaders = fp<SecurityHeaderOptions>(async (app, options) => {
  const { set, removed } = helmetHeaders(options.helmet);
  const api = apiHeaders(set);
  const { prefix, pages } = options.api;
  const isApi = (url: string) => url.startsWith(prefix) && !pages.some((page) => url.startsWith(page));
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of isApi(request.url) ? api : set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    done();
  });
});
