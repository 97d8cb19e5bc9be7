import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import { cities, farms, marketSnapshots } from '../../db/schema/index';
import { withAdvisoryLock } from '../../jobs/advisory-lock';
import { sharedInto } from '../../http/sharing';
import type { WeatherFetcher, WeatherForecast } from '../../integrations/weather/open-meteo';

/** Advisory-lock key of the weather refresh (one instance fetches). */
const LOCK_KEY = 724_013;
/** A forecast older than this is flagged as such (its date is always returned). */
export const WEATHER_STALE_MS = 24 * 60 * 60 * 1000;

export const WEATHER_MSG = {
  noSource: 'Sin pronóstico: configurá una fuente del clima',
  noLocation: 'Sin pronóstico: el establecimiento no tiene localidad',
  notYet: 'Sin pronóstico: todavía no se obtuvo el de esta localidad',
} as const;

/**
 * `market_snapshots.source` is varchar(20): `weather:-34.61,-58.38` is 21 characters, so forecasts are keyed by the
 * city whose centroid they are for (`w:<city_id>`).
 */
export const weatherSource = (cityId: number) => `w:${cityId}`;

export type FarmWeather = {
  farm_id: number;
  name: string;
  city: { city_id: number; name: string } | null;
  weather: (WeatherForecast & { updated_at: string; stale: boolean }) | null;
  reason: string | null;
};

/** The farms shared into the workspace, each with its city's last stored forecast (or null and why). */
export async function farmsWeather(db: Executor, workspaceId: number, sourceConfigured: boolean, now = new Date()): Promise<FarmWeather[]> {
  const rows = await db
    .select({ farm_id: farms.farm_id, name: farms.name, city_id: cities.city_id, city_name: cities.name, lat: cities.lat, lon: cities.lon })
    .from(farms)
    .leftJoin(cities, eq(cities.city_id, farms.city_id))
    .where(and(sharedInto('farms', farms.farm_id, workspaceId), eq(farms.active, true)))
    .orderBy(asc(farms.name), asc(farms.farm_id));
  const located = rows.filter((r) => r.city_id != null && r.lat != null && r.lon != null);
  const snapshots = located.length
    ? await db
        .select({ source: marketSnapshots.source, payload: marketSnapshots.payload, fetched_at: marketSnapshots.fetched_at })
        .from(marketSnapshots)
        .where(inArray(marketSnapshots.source, [...new Set(located.map((r) => weatherSource(r.city_id as number)))]))
    : [];
  const bySource = new Map(snapshots.map((s) => [s.source, s]));
  return rows.map((r) => {
    const city = r.city_id != null && r.city_name != null ? { city_id: r.city_id, name: r.city_name } : null;
    const base = { farm_id: r.farm_id, name: r.name, city };
    if (!sourceConfigured) return { ...base, weather: null, reason: WEATHER_MSG.noSource };
    if (r.city_id == null || r.lat == null || r.lon == null) return { ...base, weather: null, reason: WEATHER_MSG.noLocation };
    const snap = bySource.get(weatherSource(r.city_id));
    if (!snap) return { ...base, weather: null, reason: WEATHER_MSG.notYet };
    const stale = now.getTime() - snap.fetched_at.getTime() > WEATHER_STALE_MS;
    return { ...base, weather: { ...(snap.payload as WeatherForecast), updated_at: snap.fetched_at.toISOString(), stale }, reason: null };
  });
}

/** The distinct located cities of the active farms of every workspace (each shared farm's centroid). */
async function farmLocations(db: Executor) {
  return db
    .selectDistinct({ city_id: cities.city_id, lat: cities.lat, lon: cities.lon })
    .from(farms)
    .innerJoin(cities, eq(cities.city_id, farms.city_id))
    .where(and(eq(farms.active, true), isNotNull(cities.lat), isNotNull(cities.lon), sql`exists (select 1 from workspace_entities we where we.entity_type = 'farms' and we.entity_id = ${farms.farm_id})`));
}

/**
 * Reads the forecast of every farm location (outside any transaction, a few at a time) and stores those that
 * answered under the advisory lock; a failing location keeps its last snapshot with its date.
 */
export async function refreshWeather(db: Db, fetcher: WeatherFetcher, log?: FastifyBaseLogger): Promise<number> {
  const places = await farmLocations(db);
  const read: { city_id: number; forecast: WeatherForecast }[] = [];
  for (let i = 0; i < places.length; i += 4) {
    const batch = await Promise.all(
      places.slice(i, i + 4).map(async (p) => {
        try {
          return { city_id: p.city_id, forecast: await fetcher(p.lat as number, p.lon as number) };
        } catch (err) {
          log?.warn({ err, city_id: p.city_id }, 'weather source failed; keeping the last forecast');
          return undefined;
        }
      }),
    );
    read.push(...batch.filter((b) => b !== undefined));
  }
  if (!read.length) return 0;
  await withAdvisoryLock(db, LOCK_KEY, async (tx) => {
    for (const { city_id, forecast } of read) {
      const source = weatherSource(city_id);
      await tx
        .insert(marketSnapshots)
        .values({ source, payload: forecast, source_updated_at: new Date(), origin: 'live' })
        .onConflictDoUpdate({ target: marketSnapshots.source, set: { payload: forecast, source_updated_at: sql`now()`, fetched_at: sql`now()`, origin: 'live' } });
    }
  });
  return read.length;
}
