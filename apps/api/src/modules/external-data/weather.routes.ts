import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { WorkspaceQuery } from '@fm/domain';
import { ok } from '../../http/envelope';
import { requireWorkspace } from '../../http/guard';
import { runPeriodically } from '../../jobs/periodic';
import { openMeteoClient } from '../../integrations/weather/open-meteo';
import { farmsWeather, refreshWeather } from './weather.service';

/**
 * Weather per farm (issue 12 §2; doc 3 §7 "External data and weather"): the forecast of each farm's city centroid,
 * read from Open-Meteo every WEATHER_REFRESH_MINUTES when WEATHER_API_URL is set and stored in market_snapshots.
 * Without a source no weather is invented: every farm answers `weather: null` with the reason.
 */
export async function weatherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = app.config.WEATHER_API_URL;
  if (base) {
    const fetcher = openMeteoClient(base);
    runPeriodically(app, 'weather refresh', app.config.WEATHER_REFRESH_MINUTES * 60_000, () => refreshWeather(app.db, fetcher, app.log));
  }

  app.get(
    '/farms/weather',
    {
      config: { auth: 'user' as const, feature: 'home' as const },
      schema: {
        tags: ['external-data'],
        summary: 'Pronóstico de 7 días de cada establecimiento del espacio de trabajo (centroide de su localidad)',
        description:
          'data: [{farm_id, name, city: {city_id, name} | null, weather: {current: {temperature, weather_code}, daily: [{date, t_max, t_min, precipitation_mm, precipitation_probability, weather_code, wind_max}], updated_at, stale} | null, reason}] — weather null con el motivo (sin fuente configurada, sin localidad, todavía sin pronóstico); stale: el pronóstico tiene más de 24 h (updated_at es su fecha).',
        querystring: WorkspaceQuery,
      },
    },
    async (request, reply) => {
      const access = requireWorkspace(request);
      reply.header('cache-control', 'private, max-age=300');
      return ok(await farmsWeather(app.db, access.workspace_id, Boolean(base)));
    },
  );
}
