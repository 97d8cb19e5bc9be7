import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FarmBody, FarmUpdateBody, FieldBody, FieldUpdateBody, LAND_MSG, ListQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { planList } from '../../http/list-query';
import { farmList, fieldList, listFarms, listFields, shapeField, shapeFarms } from './farms.repo';
import { createFarm, createField, deleteFarm, deleteField, updateFarm, updateField } from './farms.service';
import { resourceScope, ScopeQuery } from '../../http/resource-scope';
import { toggleMessage } from './toggle-message';

const perm = (action: 'read' | 'create' | 'update' | 'delete') => ({ permission: { module: 'resources' as const, action }, feature: 'resources' as const, ownerOnly: 'scope=account' as const });
const FarmIdQuery = WorkspaceQuery.extend(ScopeQuery.shape).extend({ farm_id: z.coerce.number().int().positive() });
const FieldIdQuery = WorkspaceQuery.extend(ScopeQuery.shape).extend({ field_id: z.coerce.number().int().positive() });
/** `include=city,state,fields` (doc 3 §7; a JSON list works too); city and state always come, plots unless include omits them. */
const FarmListQuery = ListQuery.extend(ScopeQuery.shape).extend({ include: z.string().max(100).optional() });

/** Farms (establecimientos) and their plots (lotes). */
export async function farmsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/farms',
    { config: perm('read'), schema: { tags: ['farms'], summary: 'Establecimientos con localidad, provincia, lotes (salvo que include los omita), hectáreas activas y cantidad de lotes (fields_count)', querystring: FarmListQuery } },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      const plan = planList(request.query, farmList);
      const include = request.query.include;
      const { data, extra } = await listFarms(app.db, scope, plan);
      return ok(await shapeFarms(app.db, data, include === undefined || /\bfields\b/.test(include)), extra);
    },
  );

  app.post(
    '/farms',
    { config: perm('create'), schema: { tags: ['farms'], summary: 'Crea un establecimiento (con sus lotes) y lo comparte en el espacio de trabajo', querystring: WorkspaceQuery, body: FarmBody } },
    async (request, reply) => {
      const farm = await createFarm(app.db, resourceScope(request, 'workspace'), requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(farm, LAND_MSG.farmCreated));
    },
  );

  app.put(
    '/farms',
    { config: perm('update'), schema: { tags: ['farms'], summary: 'Edita, activa/desactiva o comparte un establecimiento; `fields` reemplaza sus lotes', querystring: FarmIdQuery, body: FarmUpdateBody } },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      const message = toggleMessage(request.body, 'Establecimiento activado', 'Establecimiento desactivado');
      return ok(await updateFarm(app.db, scope, requireAuth(request).user_id, request.query.farm_id, request.body), { message });
    },
  );

  app.delete(
    '/farms',
    { config: perm('delete'), schema: { tags: ['farms'], summary: 'Elimina un establecimiento que ningún plan de campaña usa', querystring: FarmIdQuery } },
    async (request) => {
      await deleteFarm(app.db, resourceScope(request, request.query.scope), request.query.farm_id);
      return ok([], { message: LAND_MSG.deleted });
    },
  );

  app.get(
    '/fields',
    { config: perm('read'), schema: { tags: ['farms'], summary: 'Lotes de los establecimientos visibles (filtro farm_id)', querystring: ListQuery.extend(ScopeQuery.shape).extend({ farm_id: z.coerce.number().int().positive().optional() }) } },
    async (request) => {
      const scope = resourceScope(request, request.query.scope);
      const plan = planList(request.query, fieldList);
      const { data, extra } = await listFields(app.db, scope, plan, request.query.farm_id);
      return ok(data.map((r) => ({ ...shapeField(r.field), farm: { farm_id: r.field.farm_id, name: r.farm_name } })), extra);
    },
  );

  app.post(
    '/fields',
    { config: perm('create'), schema: { tags: ['farms'], summary: 'Crea un lote en un establecimiento', querystring: WorkspaceQuery, body: FieldBody } },
    async (request, reply) => reply.code(201).send(created(await createField(app.db, resourceScope(request, 'workspace'), requireAuth(request).user_id, request.body), LAND_MSG.fieldCreated)),
  );

  app.put(
    '/fields',
    { config: perm('update'), schema: { tags: ['farms'], summary: 'Edita un lote', querystring: FieldIdQuery, body: FieldUpdateBody } },
    async (request) => ok(await updateField(app.db, resourceScope(request, request.query.scope), requireAuth(request).user_id, request.query.field_id, request.body), { message: LAND_MSG.edited }),
  );

  app.delete(
    '/fields',
    { config: perm('delete'), schema: { tags: ['farms'], summary: 'Elimina (baja lógica) un lote sin cultivos asignados', querystring: FieldIdQuery } },
    async (request) => {
      await deleteField(app.db, resourceScope(request, request.query.scope), requireAuth(request).user_id, request.query.field_id);
      return ok([], { message: LAND_MSG.deleted });
    },
  );
}
