import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_MSG, ListQuery, TeamBody } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from './teams.service';

const TeamIdQuery = z.object({ team_id: z.coerce.number({ error: ACCESS_MSG.teamRequired }).int().positive(ACCESS_MSG.teamRequired) });
const AnyWorkspace = { workspace_id: z.coerce.number().int().positive().optional(), workspace: z.enum(['true', 'false']).optional() };

/** Teams of the account (screen /equipo): named groups of e-mails, account-level like the workspaces. */
export async function teamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/teams',
    {
      config: { auth: 'user', feature: 'team' },
      schema: {
        tags: ['teams'],
        summary: 'Equipos de la cuenta (paginado, search por nombre), o uno con ?team_id',
        querystring: ListQuery.extend({ team_id: z.coerce.number().int().positive().optional(), search: z.string().trim().max(200).optional() }),
      },
    },
    async (request) => {
      const userId = requireAuth(request).user_id;
      if (request.query.team_id) return ok(await getTeam(app.db, userId, request.query.team_id));
      const page = await listTeams(app.db, userId, request.query);
      return ok(page.data, page.extra);
    },
  );

  app.post(
    '/teams',
    { config: { auth: 'user', feature: 'team' }, schema: { tags: ['teams'], summary: 'Crea un equipo {name, members: [emails]}', querystring: z.object(AnyWorkspace), body: TeamBody } },
    async (request, reply) => reply.code(201).send(created(await createTeam(app, requireAuth(request).user_id, request.body), ACCESS_MSG.teamCreated)),
  );

  app.put(
    '/teams',
    { config: { auth: 'user', feature: 'team' }, schema: { tags: ['teams'], summary: 'Edita nombre e integrantes de un equipo', querystring: TeamIdQuery.extend(AnyWorkspace), body: TeamBody.partial() } },
    async (request) => ok(await updateTeam(app, requireAuth(request).user_id, request.query.team_id, request.body), { message: ACCESS_MSG.teamUpdated }),
  );

  app.delete(
    '/teams',
    { config: { auth: 'user', feature: 'team' }, schema: { tags: ['teams'], summary: 'Elimina un equipo (no quita accesos ya otorgados)', querystring: TeamIdQuery.extend(AnyWorkspace) } },
    async (request) => {
      await deleteTeam(app, requireAuth(request).user_id, request.query.team_id);
      return ok([], { message: ACCESS_MSG.teamDeleted });
    },
  );
}
