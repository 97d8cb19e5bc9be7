import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/client';
import { rateCounters } from '../db/schema/index';

/**
 * Fixed-window counters in the database, so every API instance sees the same count (docs/decisions/0002).
 * One upsert per hit: concurrent hits on one key serialize on its row and none is lost.
 */
export async function hitCounter(db: Db, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const expired = sql`${rateCounters.window_ends_at} <= now()`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: 1, window_ends_at: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateCounters.count} + 1 end`,
        window_ends_at: sql`case when ${expired} then excluded.window_ends_at else ${rateCounters.window_ends_at} end`,
      },
    })
    .returning({ count: rateCounters.count, ttlMs: sql<number>`greatest(0, extract(epoch from (${rateCounters.window_ends_at} - now())) * 1000)` });
  return { count: row.count, ttlMs: Math.ceil(Number(row.ttlMs)) };
}

/** Current counts of live windows, by key (0 for a key without one). */
export async function readCounters(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: rateCounters.key, count: rateCounters.count })
    .from(rateCounters)
    .where(and(inArray(rateCounters.key, keys), gt(rateCounters.window_ends_at, sql`now()`)));
  return new Map(keys.map((k) => [k, rows.find((r) => r.key === k)?.count ?? 0]));
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/** Drops windows that ended (run by a periodic job; a live window is never touched). */
export async function pruneCounters(db: Db): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.window_ends_at, sql`now()`));
}

/** A @fastify/rate-limit store on these counters; each route gets its own key prefix (method + url). */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const make = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      hitCounter(db, `rl:${prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    },
    child(routeOptions) {
      const info = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      return make(`${info?.method ?? ''}${info?.url ?? routeOptions.path}:`);
    },
  });
  return class {
    constructor() {
      return make('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
