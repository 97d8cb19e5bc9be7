import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_MSG, ListQuery, MSG, TeamBody, TeamUpdateBody } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { hitCounter } from '../../http/rate-counters';
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from './teams.service';

const TeamIdQuery = z.object({ team_id: z.coerce.number({ error: ACCESS_MSG.teamRequired }).int().positive(ACCESS_MSG.teamRequired) });
const AnyWorkspace = { workspace_id: z.coerce.number().int().positive().optional(), workspace: z.enum(['true', 'false']).optional() };

/** Teams of the account (screen /equipo): named groups of e-mails, account-level like the workspaces. */
export async function teamsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const lookupMax = app.config.AUTH_RATE_LIMIT * 3;

  /**
   * Saving members looks addresses up: counted per account and per IP in the database (decision 0002),
   * shared by POST and PUT, so nobody can sweep addresses through teams.
   */
  const limitLookup = async (request: FastifyRequest) => {
    const window = app.config.AUTH_RATE_WINDOW_MS;
    const byUser = await hitCounter(app.db, `team-lookup:u:${requireAuth(request).user_id}`, window);
    const byIp = await hitCounter(app.db, `team-lookup:i:${request.ip}`, window);
    if (byUser.count > lookupMax || byIp.count > lookupMax * 5) throw new AppError('TOO_MANY_REQUESTS', MSG.tooManyRequests);
  };
  const lookupNote = `Integrantes: user_id y nombre solo de personas que ya están en tus espacios de trabajo (vos, los usuarios de tus espacios y los dueños de los espacios compartidos con vos); cualquier otro email, tenga cuenta o no, responde {email, user_id: null, name: null, last_name: null}. Guardar integrantes cuenta ${lookupMax} veces por cuenta (y ${lookupMax * 5} por IP) cada AUTH_RATE_WINDOW_MS; después 429.`;

  app.get(
    '/teams',
    {
      config: { auth: 'user', feature: 'team' },
      schema: {
        tags: ['teams'],
        summary: 'Equipos de la cuenta (paginado, search por nombre), o uno con ?team_id',
        description: lookupNote,
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
    {
      config: { auth: 'user', feature: 'team' },
      schema: { tags: ['teams'], summary: 'Crea un equipo {name, members: [emails]}', description: lookupNote, querystring: z.object(AnyWorkspace), body: TeamBody },
    },
    async (request, reply) => {
      if (request.body.members.length) await limitLookup(request);
      return reply.code(201).send(created(await createTeam(app.db, requireAuth(request).user_id, request.body), ACCESS_MSG.teamCreated));
    },
  );

  app.put(
    '/teams',
    {
      config: { auth: 'user', feature: 'team' },
      schema: { tags: ['teams'], summary: 'Edita nombre e integrantes de un equipo', description: lookupNote, querystring: TeamIdQuery.extend(AnyWorkspace), body: TeamUpdateBody },
    },
    async (request) => {
      if (request.body.members?.length) await limitLookup(request);
      return ok(await updateTeam(app.db, requireAuth(request).user_id, request.query.team_id, request.body), { message: ACCESS_MSG.teamUpdated });
    },
  );

  app.delete(
    '/teams',
    { config: { auth: 'user', feature: 'team' }, schema: { tags: ['teams'], summary: 'Elimina un equipo (no quita accesos ya otorgados)', querystring: TeamIdQuery.extend(AnyWorkspace) } },
    async (request) => {
      await deleteTeam(app.db, requireAuth(request).user_id, request.query.team_id);
      return ok([], { message: ACCESS_MSG.teamDeleted });
    },
  );
}
