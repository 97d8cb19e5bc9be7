import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { badRequest, forbidden } from './errors';
import { isPublicRoute, requireAuth } from './auth';
import { hasPermission, loadWorkspaceAccess, ownerOnlyRefusal, workspaceOfRequest, type WorkspaceAccess } from './access';

export { ACCOUNT_SCOPE_OWNER_ONLY, hasPermission, loadWorkspaceAccess, type WorkspaceAccess } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    workspace: WorkspaceAccess | null;
  }
}

export const NO_WORKSPACE_ACCESS = 'No tiene acceso a este espacio de trabajo';

/**
 * The permission guard: every route declares `{module, action}`, `auth: 'user'` or `public`, and may be owner-only.
 * Membership is required for any workspace_id; the owner has every action; others need the module flag.
 * Runs before body validation so a refused caller learns nothing about the payload rules. The membership comes
 * from the auth hook's one statement (decision 0015); it is read again only if the request changed since.
 */
export const guardPlugin = fp(async (app) => {
  app.decorateRequest('workspace', null);
  app.addHook('preValidation', async (request) => {
    if (isPublicRoute(request)) return;
    const config = request.routeOptions.config;
    const auth = requireAuth(request);
    const workspaceId = workspaceOfRequest(request, auth.workspace_id);
    if (workspaceId !== undefined && Number.isNaN(workspaceId)) throw badRequest('El parámetro workspace_id no es válido');
    const permission = config.permission;
    const ownerOnly = ownerOnlyRefusal(request);
    if ((permission || ownerOnly) && !workspaceId) throw badRequest('Debe seleccionar un espacio de trabajo (workspace_id)');
    if (!workspaceId) return;
    const loaded = request.loadedAccess;
    const access = loaded?.workspaceId === workspaceId ? loaded.access : await loadWorkspaceAccess(app.db, workspaceId, auth.user_id);
    if (!access) throw forbidden(NO_WORKSPACE_ACCESS);
    if (permission && !hasPermission(access, permission.module, permission.action) && !permission.alsoFor?.some((m) => hasPermission(access, m, permission.action))) {
      throw forbidden();
    }
    if (ownerOnly && !access.is_owner) throw forbidden(ownerOnly);
    request.workspace = access;
  });
});

/** The workspace the guard resolved; routes with a module permission always have one. */
export function requireWorkspace(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspace) throw badRequest('Debe seleccionar un espacio de trabajo (workspace_id)');
  return request.workspace;
}
