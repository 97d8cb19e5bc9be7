import { z } from 'zod';
import { WORK_ORDER_STATUS } from '@fm/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adversities, brands, costCategories, cropSequences, cropStages, crops, labors, occupations, statuses, units, zones } from '../../db/schema/index';
import { ok } from '../../http/envelope';



const WorkspaceParams = z.object({ workspace_id: z.coerce.number().int().positive().optional(), workspace: z.string().max(10).optional() });

/** Reference lists every signed-in screen caches for 3600 s (spec doc 1 §3 "Cached reference lists"). */
export async function referenceModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = (path: string, summary: string, load: () => Promise<unknown[]>) =>
    app.get(path, { config: { auth: 'user', feature: 'always' }, schema: { tags: ['reference'], summary, querystring: WorkspaceParams } }, async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return ok(await load());
    });

  list('/crops', 'Cultivos', () => app.db.select().from(crops).orderBy(asc(crops.crop_id)));
  list('/resources/sequences', 'Secuencias de cultivo (0-6)', () => app.db.select().from(cropSequences).orderBy(asc(cropSequences.crop_sequence_id)));
  list('/labors', 'Labores (por nombre)', () => app.db.select().from(labors).orderBy(asc(labors.name)));
  list('/units', 'Unidades', () => app.db.select().from(units).orderBy(asc(units.unit_id)));
  // 8 (Certificada) only in the workspaces configured for it (spec doc 2 §4, §6): the status select offers what the API accepts
  app.get(
    '/statuses',
    { config: { auth: 'user', feature: 'always' }, schema: { tags: ['reference'], summary: 'Estados de orden de trabajo (8 Certificada solo en los espacios habilitados)', querystring: WorkspaceParams } },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      const rows = await app.db.select().from(statuses).orderBy(asc(statuses.status_id));
      const certified = request.query.workspace_id !== undefined && app.config.CERTIFIED_STATUS_WORKSPACES.includes(request.query.workspace_id);
      return ok(certified ? rows : rows.filter((r) => r.status_id !== WORK_ORDER_STATUS.CERTIFIED));
    },
  );
  list('/zones', 'Zonas', () => app.db.select().from(zones).orderBy(asc(zones.name)));
  list('/adversities', 'Adversidades (malezas, plagas, enfermedades)', () => app.db.select().from(adversities).orderBy(asc(adversities.name)));
  list('/supplies/brands', 'Marcas de insumos', () => app.db.select().from(brands).orderBy(asc(brands.name)));
  list('/costs/categories', 'Categorías de costo', () => app.db.select().from(costCategories).orderBy(asc(costCategories.cost_category_id)));
  list('/occupations', 'Ocupaciones', () => app.db.select().from(occupations).orderBy(asc(occupations.occupation_id)));

  app.get(
    '/crops/stages',
    {
      config: { auth: 'user', feature: 'always' },
      schema: { tags: ['reference'], summary: 'Estadios fenológicos de un cultivo', querystring: WorkspaceParams.extend({ crop_id: z.coerce.number().int().positive().optional() }) },
    },
    async (request) => {
      const q = app.db.select().from(cropStages);
      const rows = request.query.crop_id
        ? await q.where(eq(cropStages.crop_id, request.query.crop_id)).orderBy(asc(cropStages.position))
        : await q.orderBy(asc(cropStages.crop_id), asc(cropStages.position));
      return ok(rows);
    },
  );
}
