import { z } from 'zod';
import { asc, type Column } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ListQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { planList } from '../../http/list-query';
import { resourceScope, ScopeQuery } from '../../http/resource-scope';
import { listResources, type Equals, type ResourceDef, type Row } from './crud.repo';
import { createResource, deleteResourceById, messages, updateResourceById } from './crud.service';

const idOf = (name: string) => z.coerce.number({ error: `El parámetro ${name} es obligatorio` }).int().positive(`El parámetro ${name} no es válido`);

/**
 * GET / POST / PUT ?<id> / DELETE ?<id> of one master-data resource (spec doc 3 §7 "Master data"),
 * all under the 'resources' permission module.
 */
export function resourceRoutes(def: ResourceDef) {
  return async function routes(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const msg = messages(def);
    const tags = ['master-data'];
    const perm = (action: 'read' | 'create' | 'update' | 'delete') => ({ permission: { module: 'resources' as const, action }, feature: def.feature, ownerOnly: 'scope=account' as const });
    const extraParams = Object.fromEntries((def.queryParams ?? []).map((p) => [p, z.string().max(100).optional()]));
    const ListParams = ListQuery.extend(ScopeQuery.shape).extend({ [def.idParam]: z.coerce.number().int().positive().optional(), ...extraParams });
    const IdParams = ScopeQuery.extend({ [def.idParam]: idOf(def.idParam), workspace_id: z.coerce.number().int().positive().optional(), workspace: z.string().max(10).optional() });

    app.get(
      `/${def.path}`,
      { config: perm('read'), schema: { tags, summary: `Lista de ${def.type}`, querystring: ListParams } },
      async (request) => {
        const query = request.query as z.infer<typeof ListQuery> & Record<string, unknown>;
        const scope = resourceScope(request, query.scope as 'account' | 'workspace' | undefined);
        const plan = planList(query, { resource: def.resource, fields: def.fields, defaultOrder: [asc(def.fields.name.column as Column), asc(def.id)], searchesOnlyInFilters: true });
        const equals: Equals = {};
        if (query[def.idParam] !== undefined) equals[def.idParam] = Number(query[def.idParam]);
        for (const p of def.queryParams ?? []) {
          const value = query[p];
          const field = def.fields[p];
          if (value !== undefined && value !== '' && field) equals[p] = field.type === 'number' ? Number(value) : String(value);
        }
        const page = await listResources(app.db, def, scope, plan, equals, scope.kind === 'account');
        return ok(page.data, page.extra);
      },
    );

    app.post(
      `/${def.path}`,
      { config: perm('create'), schema: { tags, summary: `Crea un ${def.noun}`, querystring: ScopeQuery, body: def.createBody } },
      async (request, reply) => {
        const scope = resourceScope(request, request.query.scope);
        const row = await createResource(app.db, def, scope, requireAuth(request).user_id, request.body as Row);
        return reply.code(201).send(created(row, msg.created));
      },
    );

    app.put(
      `/${def.path}`,
      {
        config: perm('update'),
        schema: { tags, summary: `Edita un ${def.noun}; solo {active} lo activa o desactiva`, querystring: IdParams, body: def.updateBody },
      },
      async (request) => {
        const query = request.query as Record<string, unknown>;
        const scope = resourceScope(request, query.scope as 'account' | 'workspace' | undefined);
        const body = request.body as Row;
        const row = await updateResourceById(app.db, def, scope, requireAuth(request).user_id, Number(query[def.idParam]), body);
        const toggle = Object.keys(body).length === 1 && typeof body.active === 'boolean';
        return ok(row, { message: toggle ? (body.active ? msg.activated : msg.deactivated) : msg.updated });
      },
    );

    app.delete(
      `/${def.path}`,
      { config: perm('delete'), schema: { tags, summary: `Elimina un ${def.noun} que nada usa`, querystring: IdParams } },
      async (request) => {
        const query = request.query as Record<string, unknown>;
        const scope = resourceScope(request, query.scope as 'account' | 'workspace' | undefined);
        await deleteResourceById(app.db, def, scope, Number(query[def.idParam]));
        return ok([], { message: msg.deleted });
      },
    );
  };
}
