import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListQuery, MONITORING_MSG as MSG, MonitoringBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { planList } from '../../http/list-query';
import { listMonitorings, monitoringList, shapeMonitorings } from './monitorings.repo';
import { createMonitoring, deleteMonitoring, updateMonitoring } from './monitorings.service';

/**
 * Field records are workspace records any member reads and writes: no permission module (decision 0022), the guard
 * still requires membership of the workspace_id; the 'monitoring' flag turns the routes on.
 */
export const monitoringConfig = { auth: 'user' as const, feature: 'monitoring' as const };
const id = (name: string) => z.coerce.number({ error: `El parámetro ${name} es obligatorio` }).int().positive(`El parámetro ${name} no es válido`);
const optionalId = (name: string) => z.coerce.number().int().positive(`El parámetro ${name} no es válido`).optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha no es válida (AAAA-MM-DD)').optional();
export const MonitoringIdQuery = WorkspaceQuery.extend({ monitoring_id: id('monitoring_id') });
const tags = ['monitorings'];
const ROW =
  'data: [{monitoring_id, date, farm_id, farm_name, field_id, field_name, crop_id, crop_name, stage_id, stage_name, latitude, longitude, recommendation, observations, ' +
  'adversities:[{monitoring_adversity_id, adversity_id, name, adversity_type, incidence (%), severity (1-5)}], photos:[{monitoring_photo_id, file_id, url, original_name, content_type}], created_at}]. ' +
  'Las fotos se sirven en url (GET files/{file_id}) solo a miembros del espacio de trabajo.';

/** Monitoreos (issue 12 §5): GET/POST/PUT/DELETE monitorings, ?monitoring_id= for one. */
export async function monitoringsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/monitorings',
    {
      config: monitoringConfig,
      schema: {
        tags,
        summary: 'Monitoreos del espacio de trabajo (paginado; filtros farm_id, field_id, crop_id, date_from, date_to o filters); ?monitoring_id= uno',
        description: ROW,
        querystring: ListQuery.extend({
          monitoring_id: optionalId('monitoring_id'),
          farm_id: optionalId('farm_id'),
          field_id: optionalId('field_id'),
          crop_id: optionalId('crop_id'),
          date: day,
          date_from: day,
          date_to: day,
        }),
      },
    },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      const q = request.query;
      const plan = planList(q, monitoringList);
      const page = await listMonitorings(app.db, workspaceId, plan, q);
      if (q.monitoring_id !== undefined && page.data.length === 0) throw notFound(MSG.notFound);
      return ok(await shapeMonitorings(app.db, workspaceId, page.data), page.extra);
    },
  );

  app.post(
    '/monitorings',
    { config: monitoringConfig, schema: { tags, summary: 'Registra un monitoreo (las fotos se suben después en POST monitorings/photos)', description: ROW, querystring: WorkspaceQuery, body: MonitoringBody } },
    async (request, reply) => {
      const row = await createMonitoring(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(row, MSG.created));
    },
  );

  app.put(
    '/monitorings',
    { config: monitoringConfig, schema: { tags, summary: 'Edita un monitoreo (reemplaza datos y adversidades; las fotos no cambian)', description: ROW, querystring: MonitoringIdQuery, body: MonitoringBody } },
    async (request) => {
      const row = await updateMonitoring(app.db, requireWorkspace(request).workspace_id, requireAuth(request).user_id, request.query.monitoring_id, request.body);
      return ok(row, { message: MSG.updated });
    },
  );

  app.delete(
    '/monitorings',
    { config: monitoringConfig, schema: { tags, summary: 'Elimina un monitoreo con sus adversidades y fotos', querystring: MonitoringIdQuery } },
    async (request) => {
      await deleteMonitoring(app.db, app.fileStore, requireWorkspace(request).workspace_id, request.query.monitoring_id);
      return ok([], { message: MSG.deleted });
    },
  );
}
