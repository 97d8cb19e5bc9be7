import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_MSG, ListQuery, MSG, WorkspaceBody, WorkspaceQuery, WorkspaceUpdateBody } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { requireWorkspace } from '../../http/guard';
import { createWorkspace, deleteWorkspace, listWorkspaces, ownerAccess, updateWorkspace } from './workspaces.service';
import { entitiesOf } from './workspaces.repo';

export const WorkspaceIdQuery = z.object({
  workspace_id: z.coerce.number({ error: MSG.workspaceRequired }).int().positive(MSG.workspaceRequired),
  workspace: z.enum(['true', 'false']).optional(),
});

const ENTITIES_DOC =
  'entities: [{entity_type, entity_id}] (preferido) o {farms:[ids], companies:[ids], ...}. Tipos: farms, companies, warehouses, destinations, ' +
  'transports, buyers, providers, contractors, livestock_agents. Solo recursos de la cuenta del dueño.';

/** Workspaces (spec doc 1 §2.10, §7 "Workspaces"): account-level routes; owner-only actions check ownership. */
export async function workspacesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/workspaces',
    {
      config: { auth: 'user', feature: 'workspaces' },
      schema: {
        tags: ['workspaces'],
        summary: 'Espacios de trabajo del usuario (propios primero): owner, owner_name, users_count, users (solo en los propios)',
        description: 'Paginado opcional; filters sobre name, active, owner (true = Propios, false = Compartidos).',
        querystring: ListQuery,
      },
    },
    async (request) => {
      const page = await listWorkspaces(app.db, requireAuth(request).user_id, request.query);
      return ok(page.data, page.extra);
    },
  );

  app.post(
    '/workspaces',
    {
      config: { auth: 'user', feature: 'workspaces' },
      schema: { tags: ['workspaces'], summary: 'Crea un espacio de trabajo propio', description: ENTITIES_DOC, querystring: WorkspaceQuery, body: WorkspaceBody },
    },
    async (request, reply) => {
      const ws = await createWorkspace(app.db, requireAuth(request).user_id, request.body);
      return reply.code(201).send(created(ws, ACCESS_MSG.workspaceCreated));
    },
  );

  app.put(
    '/workspaces',
    {
      config: { auth: 'user', feature: 'workspaces', ownerOnly: true },
      schema: { tags: ['workspaces'], summary: 'Edita nombre, activo y recursos compartidos (solo el dueño)', description: `${ENTITIES_DOC} Sin entities no cambian los recursos.`, querystring: WorkspaceIdQuery, body: WorkspaceUpdateBody },
    },
    async (request) => {
      const ws = await updateWorkspace(app.db, ownerAccess(request), requireAuth(request).user_id, request.body);
      return ok(ws, { message: ACCESS_MSG.workspaceUpdated });
    },
  );

  app.delete(
    '/workspaces',
    {
      config: { auth: 'user', feature: 'workspaces', ownerOnly: true },
      schema: {
        tags: ['workspaces'],
        summary: 'Elimina un espacio de trabajo (solo el dueño)',
        description: '409 si tiene usuarios con acceso, datos del negocio (campañas, planes, órdenes...) o es el único espacio propio.',
        querystring: WorkspaceIdQuery,
      },
    },
    async (request) => {
      await deleteWorkspace(app.db, ownerAccess(request), requireAuth(request).user_id);
      return ok([], { message: ACCESS_MSG.workspaceDeleted });
    },
  );

  app.get(
    '/workspaces/entities',
    { config: { auth: 'user', feature: 'workspaces' }, schema: { tags: ['workspaces'], summary: 'Recursos compartidos en el espacio de trabajo [{entity_type, entity_id}]', querystring: WorkspaceIdQuery } },
    async (request) => ok(await entitiesOf(app.db, requireWorkspace(request).workspace_id)),
  );
}
