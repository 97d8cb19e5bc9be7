import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_MSG, InviteBody, ListQuery, MSG, PermissionsBody, TeamAccessBody } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { findUserById } from '../users/index';
import { requireWorkspace } from '../../http/guard';
import { listAccountUsers } from './account-users';
import { grantAccess, invitationPermissions, readPermissions, removeAccess, updatePermissions, userIdByEmail } from './members.service';
import { pendingInvitation } from './workspaces.repo';
import { teamEmails } from './teams.service';
import { ownerAccess } from './workspaces.service';
import { WorkspaceIdQuery } from './workspaces.routes';

const UserIdParam = z.coerce.number().int().positive();
const Email = z.string().trim().max(254).email(MSG.emailFormat).transform((s) => s.toLowerCase());

/** People and permissions of workspaces (spec doc 1 §2.8, §2.9, §6, §7). */
export async function membersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accessDeps = { mailer: app.mailer, config: app.config, log: app.log };

  app.get(
    '/workspaces/users',
    {
      config: { auth: 'user', feature: 'users' },
      schema: {
        tags: ['workspaces'],
        summary: 'Usuarios de todos los espacios propios (pantalla /usuarios)',
        description: 'Una fila por persona: user_id (null si la invitación está pendiente), email, name, last_name, pending, workspaces [{workspace_id, name}]. search busca en nombre, apellido y email; filters sobre user_id, email, name, last_name, workspaces.',
        querystring: ListQuery.extend({ search: z.string().trim().max(200).optional() }),
      },
    },
    async (request) => {
      const page = await listAccountUsers(app.db, requireAuth(request).user_id, request.query);
      return ok(page.data, page.extra);
    },
  );

  app.post(
    '/workspaces/users',
    {
      config: { auth: 'user', feature: 'users', ownerOnly: true },
      schema: {
        tags: ['workspaces'],
        summary: 'Da acceso a un email con permisos, o guarda los permisos si ya lo tiene (solo el dueño)',
        description:
          'Cuenta con el email validado: acceso inmediato (201) o permisos reemplazados (200) y notificación. Email sin cuenta, o de una cuenta que todavía no lo validó: invitación por email (enlace a /register, o a /validar-mail); el acceso comienza cuando esa casilla se prueba (validación, restablecimiento, cambio de email confirmado o ingreso externo verificado). Los módulos base quedan siempre activos. 409 al superar la capacidad de usuarios del plan.',
        querystring: WorkspaceIdQuery,
        body: InviteBody,
      },
    },
    async (request, reply) => {
      const { email, permissions, role_id } = request.body;
      const [outcome] = await grantAccess(app.db, accessDeps, ownerAccess(request), [email], permissions, role_id);
      const message = outcome.kind === 'invited' ? ACCESS_MSG.invited : ACCESS_MSG.permissionsSaved;
      if (outcome.kind === 'updated') return ok(outcome, { message });
      return reply.code(201).send(created(outcome, message));
    },
  );

  app.delete(
    '/workspaces/users',
    {
      config: { auth: 'user', feature: 'users', ownerOnly: true },
      schema: {
        tags: ['workspaces'],
        summary: 'Quita el acceso y los permisos de un usuario (o una invitación pendiente por email)',
        querystring: WorkspaceIdQuery.extend({ user_id: UserIdParam.optional(), email: Email.optional() }),
      },
    },
    async (request) => {
      const { user_id, email } = request.query;
      if (!user_id && !email) throw badRequest('Indicá user_id o email');
      await removeAccess(app.db, app.log, ownerAccess(request), { user_id, email });
      return ok([], { message: ACCESS_MSG.permissionsDeleted });
    },
  );

  app.get(
    '/workspaces/users/permissions',
    {
      config: { auth: 'user', feature: 'users' },
      schema: {
        tags: ['workspaces'],
        summary: 'Permisos en el espacio de trabajo: los propios, o los de user_id / email (solo el dueño). Una entrada por módulo.',
        querystring: WorkspaceIdQuery.extend({ user_id: UserIdParam.optional(), email: Email.optional() }),
      },
    },
    async (request) => {
      const access = requireWorkspace(request);
      const me = requireAuth(request).user_id;
      const { user_id, email } = request.query;
      const target = user_id ?? (email ? await userIdByEmail(app.db, email) : me);
      if (target !== me && !access.is_owner) throw forbidden(ACCESS_MSG.ownerOnly);
      // an address without an account, or of an account that has not validated it yet, has an invitation
      if (email && (target === null || (await pendingInvitation(app.db, access.workspace_id, email)))) {
        return ok(await invitationPermissions(app.db, access.workspace_id, email));
      }
      return ok(await readPermissions(app.db, access.workspace_id, target ?? me, access.owner_user_id));
    },
  );

  app.put(
    '/workspaces/users/permissions',
    {
      config: { auth: 'user', feature: 'users', ownerOnly: true },
      schema: {
        tags: ['workspaces'],
        summary: 'Reemplaza los permisos de un usuario (solo el dueño; módulos base siempre activos; el dueño no se edita)',
        querystring: WorkspaceIdQuery.extend({ user_id: UserIdParam }),
        body: PermissionsBody,
      },
    },
    async (request) => {
      const rows = await updatePermissions(app.db, app.log, ownerAccess(request), request.query.user_id, request.body.permissions);
      return ok(rows, { message: ACCESS_MSG.permissionsSaved });
    },
  );

  app.post(
    '/workspaces/teams',
    {
      config: { auth: 'user', feature: 'team', ownerOnly: true },
      schema: {
        tags: ['workspaces'],
        summary: 'Da acceso a todo un equipo con los mismos permisos (mismas reglas que POST workspaces/users, una transacción)',
        querystring: WorkspaceIdQuery,
        body: TeamAccessBody,
      },
    },
    async (request, reply) => {
      const access = ownerAccess(request);
      const me = await findUserById(app.db, requireAuth(request).user_id);
      // The owner may be on its own team: it already has everything here.
      const emails = (await teamEmails(app.db, access.owner_user_id, request.body.team_id)).filter((e) => e !== me?.email.toLowerCase());
      if (!emails.length) throw conflict(ACCESS_MSG.teamEmpty);
      const outcomes = await grantAccess(app.db, accessDeps, access, emails, request.body.permissions, request.body.role_id);
      return reply.code(201).send(created(outcomes, ACCESS_MSG.permissionsSaved));
    },
  );
}
