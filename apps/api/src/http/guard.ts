import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACCESS_MSG, type Action, type Module, type PermissionEntry } from '@fm/domain';
import type { Executor } from '../db/client';
import { workspacePermissions, workspaces, workspaceUsers } from '../db/schema/index';
import { badRequest, forbidden } from './errors';
import { isPublicRoute, requireAuth } from './auth';

export type WorkspaceAccess = {
  workspace_id: number;
  /** The account that owns the workspace (and its shared resources). */
  owner_user_id: number;
  is_owner: boolean;
  permissions: PermissionEntry[];
};

declare module 'fastify' {
  interface FastifyRequest {
    workspace: WorkspaceAccess | null;
  }
}

export const NO_WORKSPACE_ACCESS = 'No tiene acceso a este espacio de trabajo';
export const ACCOUNT_SCOPE_OWNER_ONLY = 'Solo el dueño del espacio de trabajo puede administrar todos los recursos de la cuenta';

/** Membership and per-module permissions of a user in a workspace; null when not a member. */
export async function loadWorkspaceAccess(db: Executor, workspaceId: number, userId: number): Promise<WorkspaceAccess | null> {
  const [ws] = await db
    .select({ workspace_id: workspaces.workspace_id, owner: workspaces.user_id, member: workspaceUsers.user_id })
    .from(workspaces)
    .leftJoin(workspaceUsers, and(eq(workspaceUsers.workspace_id, workspaces.workspace_id), eq(workspaceUsers.user_id, userId)))
    .where(eq(workspaces.workspace_id, workspaceId))
    .limit(1);
  if (!ws) return null;
  const isOwner = ws.owner === userId;
  if (!isOwner && ws.member === null) return null;
  const permissions: PermissionEntry[] = isOwner
    ? []
    : (
        await db
          .select()
          .from(workspacePermissions)
          .where(and(eq(workspacePermissions.workspace_id, workspaceId), eq(workspacePermissions.user_id, userId)))
      ).map((p) => ({ module: p.module as Module, read: p.read, update: p.update, create: p.create, delete: p.delete }));
  return { workspace_id: workspaceId, owner_user_id: ws.owner, is_owner: isOwner, permissions };
}

/** Server side there is no "empty list means everything": a non-owner needs the explicit flag. */
export function hasPermission(access: WorkspaceAccess, module: Module, action: Action): boolean {
  if (access.is_owner) return true;
  const entry = access.permissions.find((p) => p.module === module);
  return Boolean(entry?.[action]);
}

function parseWorkspaceParam(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.workspace_id;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw badRequest('El parámetro workspace_id no es válido');
  return n;
}

/** The refusal when the route is owner-only for this request (`ownerOnly`), else null. */
function ownerOnlyRefusal(request: FastifyRequest): string | null {
  const rule = request.routeOptions.config.ownerOnly;
  if (rule === true) return ACCESS_MSG.ownerOnly;
  if (rule === 'scope=account' && (request.query as Record<string, unknown> | undefined)?.scope === 'account') return ACCOUNT_SCOPE_OWNER_ONLY;
  return null;
}

/**
 * The permission guard: every route declares `{module, action}`, `auth: 'user'` or `public`, and may be owner-only.
 * Membership is required for any workspace_id; the owner has every action; others need the module flag.
 * Runs before body validation so a refused caller learns nothing about the payload rules.
 */
export const guardPlugin = fp(async (app) => {
  app.decorateRequest('workspace', null);
  app.addHook('preValidation', async (request) => {
    if (isPublicRoute(request)) return;
    const config = request.routeOptions.config;
    const auth = requireAuth(request);
    const param = parseWorkspaceParam(request);
    const permission = config.permission;
    const ownerOnly = ownerOnlyRefusal(request);
    const needsWorkspace = Boolean(permission || ownerOnly);
    const workspaceId = param ?? (needsWorkspace ? (auth.workspace_id ?? undefined) : undefined);
    if (needsWorkspace && !workspaceId) throw badRequest('Debe seleccionar un espacio de trabajo (workspace_id)');
    if (!workspaceId) return;
    const access = await loadWorkspaceAccess(app.db, workspaceId, auth.user_id);
    if (!access) throw forbidden(NO_WORKSPACE_ACCESS);
    if (permission && !hasPermission(access, permission.module, permission.action)) throw forbidden();
    if (ownerOnly && !access.is_owner) throw forbidden(ownerOnly);
    request.workspace = access;
  });
});

/** The workspace the guard resolved; routes with a module permission always have one. */
export function requireWorkspace(request: FastifyRequest): WorkspaceAccess {
  if (!request.workspace) throw badRequest('Debe seleccionar un espacio de trabajo (workspace_id)');
  return request.workspace;
}
