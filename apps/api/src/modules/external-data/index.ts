import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { runPeriodically } from '../../jobs/periodic';
import { configuredFetchers, readSnapshot, refreshMarket } from './market.service';
import { weatherRoutes } from './weather.routes';

export { readSnapshot } from './market.service';

const WorkspaceParams = z.object({ workspace_id: z.coerce.number().int().positive().optional(), workspace: z.string().max(10).optional() });

/**
 * Market data (spec doc 1 §7; doc 3 §7 "External data"): exchange rates and Rosario crop prices, each entry with
 * its source's date and origin ('seed' example or 'live'). Served from the stored snapshot, refreshed every
 * MARKET_REFRESH_MINUTES from the configured sources (decision 0021).
 */
export async function externalDataModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['external-data'];
  const config = { config: { auth: 'user' as const, feature: 'always' as const } };
  const fetchers = configuredFetchers(app.config);
  if (Object.keys(fetchers).length) {
    runPeriodically(app, 'market refresh', app.config.MARKET_REFRESH_MINUTES * 60_000, () => refreshMarket(app.db, fetchers, app.log));
  }

  await app.register(weatherRoutes);

  app.get(
    '/external-data/exchange',
    {
      ...config,
      schema: {
        tags,
        summary: 'Cotizaciones del dólar: oficial, blue y mayorista (Exportación), en ese orden',
        description: 'data: [{nombre, casa, compra, venta, fechaActualizacion, origen}] — la venta de la primera es el tipo de cambio por defecto; origen "seed" es el ejemplo inicial.',
        querystring: WorkspaceParams,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return ok(await readSnapshot(app.db, 'exchange'));
    },
  );

  app.get(
    '/exchange-rate/last',
    { ...config, schema: { tags, summary: 'Última cotización oficial (la primera de external-data/exchange)', querystring: WorkspaceParams } },
    async () => ok((await readSnapshot(app.db, 'exchange')).slice(0, 1)),
  );

  app.get(
    '/external-data/crop-price',
    {
      ...config,
      schema: {
        tags,
        summary: 'Precios pizarra Rosario (ARS/tn): girasol, maíz, sorgo, soja, trigo',
        description: 'data: [{nombre, puerto: "RS", importe (null = sin cotización), fecha, origen}]',
        querystring: WorkspaceParams,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return ok(await readSnapshot(app.db, 'crop-price'));
    },
  );
}
