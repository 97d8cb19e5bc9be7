import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACCESS_MSG, type Action, type Module, type PermissionEntry } from '@fm/domain';
import type { Executor } from '../db/client';
import { oncePerDb } from '../db/once-per-db';
import { users, workspaces } from '../db/schema/index';

export type WorkspaceAccess = {
  workspace_id: number;
  /** The account that owns the workspace (and its shared resources). */
  owner_user_id: number;
  is_owner: boolean;
  permissions: PermissionEntry[];
};

export const ACCOUNT_SCOPE_OWNER_ONLY = 'Solo el dueño del espacio de trabajo puede administrar todos los recursos de la cuenta';

/**
 * The user's permission rows in a workspace, as one json array (null without rows): a scalar subquery.
 * Written with aliases and raw names: drizzle leaves columns unqualified in a single-table select, where an outer
 * column would then resolve to the subquery's own table.
 */
export function permissionsJson(workspaceId: SQL | number, userId: SQL | number | SQL.Aliased | ReturnType<typeof sql.placeholder>): SQL<PermissionEntry[] | null> {
  return sql<PermissionEntry[] | null>`(select json_agg(json_build_object('module', p.module, 'read', p.read, 'update', p.update, 'create', p.create, 'delete', p.delete))
    from workspace_permissions p where p.workspace_id = ${workspaceId} and p.user_id = ${userId})`;
}

/** `"table"."column"` of an outer query, for correlated subqueries. */
export const outer = (table: string, column: string): SQL => sql.raw(`"${table}"."${column}"`);

/** True when the user is shared into the workspace (the owner is not listed in workspace_users). */
function memberOf(workspaceId: SQL, userId: number): SQL<boolean> {
  return sql<boolean>`exists (select 1 from workspace_users wu where wu.workspace_id = ${workspaceId} and wu.user_id = ${userId})`;
}

type AccessRow = { workspace_id: number | null; owner: number | null; member: boolean | null; permissions: PermissionEntry[] | null };

function accessOf(row: AccessRow, userId: number): WorkspaceAccess | null {
  if (row.workspace_id === null || row.owner === null) return null;
  const isOwner = row.owner === userId;
  if (!isOwner && !row.member) return null;
  return { workspace_id: row.workspace_id, owner_user_id: row.owner, is_owner: isOwner, permissions: isOwner ? [] : (row.permissions ?? []) };
}

/** Membership and per-module permissions of a user in a workspace, in one statement; null when not a member. */
export async function loadWorkspaceAccess(db: Executor, workspaceId: number, userId: number): Promise<WorkspaceAccess | null> {
  const [row] = await db
    .select({
      workspace_id: workspaces.workspace_id,
      owner: workspaces.user_id,
      member: memberOf(outer('workspaces', 'workspace_id'), userId),
      permissions: permissionsJson(outer('workspaces', 'workspace_id'), userId),
    })
    .from(workspaces)
    .where(eq(workspaces.workspace_id, workspaceId))
    .limit(1);
  return row ? accessOf(row, userId) : null;
}

/** What the auth hook needs to accept a token, and the guard to judge the request, read in ONE statement. */
export type RequestState = {
  tokens_valid_after: Date | null;
  plan_id: number;
  plan_end_date: Date | null;
  revoked: boolean;
  /** The workspace asked for (null when none was, or it does not exist or the user has no access to it). */
  access: WorkspaceAccess | null;
};

/**
 * The account's revocation instant and plan, whether this token was signed out, and (when `workspaceId` is given)
 * the user's membership and permissions in that workspace: one statement per request (decision 0015).
 */
export async function loadRequestState(db: Executor, userId: number, jti: string, workspaceId: number | null): Promise<RequestState | null> {
  // workspace 0 matches no workspace (ids start at 1): the left join then yields nulls, as with no workspace asked
  const [row] = await requestStateQuery(db).execute({ userId, jti, workspaceId: workspaceId ?? 0 });
  if (!row) return null;
  return {
    tokens_valid_after: row.tokens_valid_after,
    plan_id: row.plan_id,
    plan_end_date: row.plan_end_date,
    revoked: Boolean(row.revoked),
    access: accessOf(row, userId),
  };
}

/**
 * The request-state statement, built once per database: every request runs it, and building drizzle's SQL text
 * for it cost more CPU than the rest of a light request's own code (issue 8 bench profile).
 */
const requestStateQuery = oncePerDb(buildRequestStateQuery);

function buildRequestStateQuery(db: Executor) {
  const userId = sql.placeholder('userId');
  const workspaceId = sql.placeholder('workspaceId');
  return db
    .select({
      tokens_valid_after: users.tokens_valid_after,
      plan_id: users.plan_id,
      plan_end_date: users.plan_end_date,
      revoked: sql<boolean>`exists (select 1 from revoked_tokens r where r.jti = ${sql.placeholder('jti')} and r.expires_at > now())`,
      workspace_id: workspaces.workspace_id,
      owner: workspaces.user_id,
      member: sql<boolean>`exists (select 1 from workspace_users wu where wu.workspace_id = ${outer('workspaces', 'workspace_id')} and wu.user_id = ${userId})`,
      permissions: permissionsJson(outer('workspaces', 'workspace_id'), userId),
    })
    .from(users)
    .leftJoin(workspaces, eq(workspaces.workspace_id, workspaceId))
    .where(eq(users.user_id, userId))
    .limit(1)
    .prepare('request_state');
}

/** Server side there is no "empty list means everything": a non-owner needs the explicit flag. */
export function hasPermission(access: WorkspaceAccess, module: Module, action: Action): boolean {
  if (access.is_owner) return true;
  const entry = access.permissions.find((p) => p.module === module);
  return Boolean(entry?.[action]);
}

/** The `workspace_id` query parameter: undefined when absent, NaN when not a positive integer (the guard answers 400). */
export function workspaceParam(request: FastifyRequest): number | undefined {
  const raw = (request.query as Record<string, unknown> | undefined)?.workspace_id;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : Number.NaN;
}

/** The refusal when the route is owner-only for this request (`ownerOnly`), else null. */
export function ownerOnlyRefusal(request: FastifyRequest): string | null {
  const rule = request.routeOptions.config.ownerOnly;
  if (rule === true) return ACCESS_MSG.ownerOnly;
  if (rule === 'scope=account' && (request.query as Record<string, unknown> | undefined)?.scope === 'account') return ACCOUNT_SCOPE_OWNER_ONLY;
  return null;
}

/**
 * The workspace the guard will judge this request in: the `workspace_id` parameter, else the token's workspace
 * when the route needs one (module permission or owner-only); undefined when none (NaN: an invalid parameter).
 */
export function workspaceOfRequest(request: FastifyRequest, tokenWorkspace: number | null): number | undefined {
  const param = workspaceParam(request);
  if (param !== undefined) return param;
  const needsWorkspace = Boolean(request.routeOptions.config.permission || ownerOnlyRefusal(request));
  return needsWorkspace ? (tokenWorkspace ?? undefined) : undefined;
}
