import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListQuery, RAIN_MSG as MSG, RainBody, RainEventsQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { listRains, rainList } from './rains.repo';
import { createRain, deleteRain, updateRain } from './rains.service';
import { rainEvents } from './rains.events';

/**
 * Field records are workspace records any member reads and writes: no permission module (decision 0022); the guard
 * still requires membership of the workspace_id, and the 'rain' flag turns the routes on.
 */
export const rainConfig = { auth: 'user' as const, feature: 'rain' as const };
const id = (name: string) => z.coerce.number({ error: `El parámetro ${name} es obligatorio` }).int().positive(`El parámetro ${name} no es válido`);
const optionalId = (name: string) => z.coerce.number().int().positive(`El parámetro ${name} no es válido`).optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha no es válida (AAAA-MM-DD)').optional();
export const RainIdQuery = WorkspaceQuery.extend({ rain_id: id('rain_id') });
const tags = ['rains'];
const ROW = 'data: [{rain_id, farm_id, farm_name, field_id, field_name, date (AAAA-MM-DD), millimeters ("12.5", 0 a 500), observations, created_at, updated_at}].';

/** Lluvias (issue 12 §4): GET/POST/PUT/DELETE rains (?rain_id= for one) and GET rains/events. */
export async function rainsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/rains',
    {
      config: rainConfig,
      schema: {
        tags,
        summary: 'Lluvias del espacio de trabajo (paginado; filtros farm_id, field_id, date_from, date_to, search, o filters con date gt/lt); ?rain_id= una',
        description: `${ROW} search busca en establecimiento, lote y observaciones. Otra lluvia de otro espacio de trabajo: 404.`,
        querystring: ListQuery.extend({
          rain_id: optionalId('rain_id'),
          farm_id: optionalId('farm_id'),
          field_id: optionalId('field_id'),
          date_from: day,
          date_to: day,
          search: z.string().max(100).optional(),
        }),
      },
    },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const q = request.query;
      const plan = planList(q, rainList);
      const page = await listRains(app.db, workspaceId, plan, q);
      if (q.rain_id !== undefined && page.data.length === 0) throw notFound(MSG.notFound);
      return ok(page.data, page.extra);
    },
  );

  app.get(
    '/rains/events',
    {
      config: rainConfig,
      schema: {
        tags,
        summary: 'Lluvias de la campaña (julio a junio) por mes y establecimiento, con el total de la campaña',
        description:
          'campaign=2025/26 (obligatorio), farm_id opcional. data: [{campaign, months: ["2025-07", …, "2026-06"], farms: [{farm_id, farm_name, monthly: ["12.5", …] (mm por mes, en el orden de months), total, rains}], total}].',
        querystring: WorkspaceQuery.merge(RainEventsQuery),
      },
    },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      return ok(await rainEvents(app.db, workspaceId, request.query.campaign, request.query.farm_id));
    },
  );

  app.post('/rains', { config: rainConfig, schema: { tags, summary: 'Registra una lluvia', description: ROW, querystring: WorkspaceQuery, body: RainBody } }, async (request, reply) => {
    const row = await createRain(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.body);
    return reply.code(201).send(created(row, MSG.created));
  });

  app.put('/rains', { config: rainConfig, schema: { tags, summary: 'Edita una lluvia', description: ROW, querystring: RainIdQuery, body: RainBody } }, async (request) => {
    const row = await updateRain(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.query.rain_id, request.body);
    return ok(row, { message: MSG.updated });
  });

  app.delete('/rains', { config: rainConfig, schema: { tags, summary: 'Elimina una lluvia', querystring: RainIdQuery } }, async (request) => {
    await deleteRain(app.db, requireWorkspace(request).workspace_id, request.query.rain_id);
    return ok([], { message: MSG.deleted });
  });
}
