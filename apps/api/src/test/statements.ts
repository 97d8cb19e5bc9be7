import { vi } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { PGliteHost } from '../db/pglite-host';
import { builtTexts } from './list-statements';
import { LISTEN_ACCESS, LISTENER_HEARTBEAT } from '../db/access-changes';

/**
 * Counts the statements `fn` sends to the database, whatever the driver: every message the PGlite host posts to its
 * worker (queries, exec, BEGIN/COMMIT of transactions), or every query a node-postgres client sends. Spies on the
 * driver, so the code under test runs unchanged; run `fn` alone (nothing else in flight on this process).
 */
export async function countStatements<T>(app: FastifyInstance, fn: () => Promise<T>): Promise<{ result: T; count: number; sql: string[] }> {
  const sql: string[] = [];
  const spy =
    app.database.kind === 'pglite'
      ? vi.spyOn(PGliteHost.prototype as unknown as { send(msg: { op: string; sql?: string }): Promise<unknown> }, 'send')
      : vi.spyOn(pg.Client.prototype as unknown as { query(q: unknown): Promise<unknown> }, 'query');
  try {
    const result = await fn();
    for (const [arg] of spy.mock.calls) {
      const a = arg as { op?: string; sql?: string; text?: string } | string;
      // a pool connection's LISTEN is sent once when it opens, and the listener's heartbeat on its own clock: neither
      // is the request's (decision 0038)
      if (a === LISTEN_ACCESS || a === LISTENER_HEARTBEAT) continue;
      if (typeof a === 'string') sql.push(a);
      else if (a.op === undefined || a.op === 'query' || a.op === 'exec') sql.push(a.sql ?? a.text ?? '?');
    }
    return { result, count: sql.length, sql };
  } finally {
    spy.mockRestore();
  }
}

/**
 * The auth hook's statement (`loadRequestState`): sent on a request's first visit, not when its state is remembered
 * (decision 0038), so tests of a handler's own statements leave it out.
 */
export const isAuthStatement = (text: string): boolean => /\brevoked_tokens\b/.test(text);

/** How many SQL texts drizzle builds while `fn` runs: a list prepared per filter shape builds none for a shape it has run. */
export async function textsBuilt<T>(fn: () => Promise<T>): Promise<{ result: T; built: number }> {
  const { result, texts } = await builtTexts(fn);
  return { result, built: texts.length };
}
