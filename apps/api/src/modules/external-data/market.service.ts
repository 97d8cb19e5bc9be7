import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CropPriceEntry, ExchangeEntry } from '@fm/domain';
import type { Db, Executor } from '../../db/client';
import { marketSnapshots } from '../../db/schema/index';
import { withAdvisoryLock } from '../../jobs/advisory-lock';
import { cropPriceClient, dolarApiClient, type MarketFetcher } from '../../integrations/market/clients';
import { SEED_CROP_PRICES, SEED_DATE, SEED_EXCHANGE } from '../../integrations/market/seed';

/** Advisory-lock key of the market refresh (one instance fetches). */
const LOCK_KEY = 724_012;

type Sources = { exchange: ExchangeEntry; 'crop-price': CropPriceEntry };
export type MarketSource = keyof Sources;

const SEEDS: { [K in MarketSource]: Sources[K][] } = { exchange: SEED_EXCHANGE, 'crop-price': SEED_CROP_PRICES };

/**
 * The stored snapshot of a source; the shipped example is stored on first read, so a fresh installation answers
 * with dated example values instead of an error.
 */
export async function readSnapshot<K extends MarketSource>(db: Executor, source: K): Promise<Sources[K][]> {
  const [row] = await db.select({ payload: marketSnapshots.payload }).from(marketSnapshots).where(eq(marketSnapshots.source, source));
  if (row) return row.payload as Sources[K][];
  await db
    .insert(marketSnapshots)
    .values({ source, payload: SEEDS[source], source_updated_at: new Date(SEED_DATE), origin: 'seed' })
    .onConflictDoNothing();
  return SEEDS[source];
}

/**
 * Reads the live source and stores its answer as the snapshot. A failing source leaves the last snapshot as it
 * is (with its own date), so a down source never blanks a screen; the failure is logged.
 */
export async function refreshSnapshot<K extends MarketSource>(db: Executor, source: K, fetcher: MarketFetcher<Sources[K]>, log?: FastifyBaseLogger): Promise<boolean> {
  try {
    const { entries, updatedAt } = await fetcher();
    await db
      .insert(marketSnapshots)
      .values({ source, payload: entries, source_updated_at: updatedAt, origin: 'live' })
      .onConflictDoUpdate({ target: marketSnapshots.source, set: { payload: entries, source_updated_at: updatedAt, fetched_at: sql`now()`, origin: 'live' } });
    return true;
  } catch (err) {
    log?.warn({ err, source }, 'market source failed; serving the last snapshot');
    return false;
  }
}

/** The live fetchers of the configured sources (none configured: none, and the snapshots stay as they are). */
export function configuredFetchers(config: { EXCHANGE_API_URL?: string; CROP_PRICE_API_URL?: string }, fetchImpl: typeof fetch = fetch) {
  return {
    ...(config.EXCHANGE_API_URL ? { exchange: dolarApiClient(config.EXCHANGE_API_URL, fetchImpl) } : {}),
    ...(config.CROP_PRICE_API_URL ? { 'crop-price': cropPriceClient(config.CROP_PRICE_API_URL, fetchImpl) } : {}),
  } as { [K in MarketSource]?: MarketFetcher<Sources[K]> };
}

/** Refreshes every configured source once, under the advisory lock. */
export async function refreshMarket(db: Db, fetchers: ReturnType<typeof configuredFetchers>, log?: FastifyBaseLogger): Promise<void> {
  // fetch outside the lock's transaction (a slow source must not hold a connection), store inside it
  const read = await Promise.all(
    (Object.entries(fetchers) as [MarketSource, MarketFetcher<unknown>][]).map(async ([source, fetcher]) => {
      try {
        return { source, reading: await fetcher() };
      } catch (err) {
        log?.warn({ err, source }, 'market source failed; serving the last snapshot');
        return undefined;
      }
    }),
  );
  const ok = read.filter((r) => r !== undefined);
  if (!ok.length) return;
  await withAdvisoryLock(db, LOCK_KEY, async (tx) => {
    for (const { source, reading } of ok) await refreshSnapshot(tx, source, async () => reading as never, log);
  });
}
