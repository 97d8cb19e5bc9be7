import { z } from 'zod';
import { and, eq, type Column, type SQL } from 'drizzle-orm';
import type { StatementShape } from './list-statement';
import type { FastifyRequest } from 'fastify';
import { ACCOUNT_SCOPE_OWNER_ONLY, requireWorkspace } from './guard';
import { forbidden } from './errors';
import { sharedInto, type EntityType } from './sharing';

/**
 * Which account resources a request sees: those shared into the current workspace, or, with
 * `scope=account` (owner of the workspace only, for Mis recursos), every resource of the account.
 */
export type ResourceScope = { kind: 'workspace'; workspaceId: number; ownerId: number } | { kind: 'account'; workspaceId: number; ownerId: number };

export const ScopeQuery = z.object({ scope: z.enum(['account', 'workspace']).optional() });

export { ACCOUNT_SCOPE_OWNER_ONLY };

export function resourceScope(request: FastifyRequest, scope: 'account' | 'workspace' | undefined): ResourceScope {
  const access = requireWorkspace(request);
  if (scope === 'account') {
    if (!access.is_owner) throw forbidden(ACCOUNT_SCOPE_OWNER_ONLY);
    return { kind: 'account', workspaceId: access.workspace_id, ownerId: access.owner_user_id };
  }
  return { kind: 'workspace', workspaceId: access.workspace_id, ownerId: access.owner_user_id };
}

/** A list statement's values for visibleInShape. */
export const scopeValues = (scope: ResourceScope) => ({ owner: scope.ownerId, workspace: scope.workspaceId });

/**
 * visibleIn with placeholders (`owner`, `workspace`), in a list statement built per scope kind.
 *
 * A resource is shared only into workspaces of its own account (sharing.ts `setSharing`, the create paths, the
 * workspace's resource list), and a workspace never changes owner: so every resource shared into a workspace is its
 * owner's. Saying so (`owner = ?`) is no extra filter, and lets a list walk the account's `(user_id, name, id)`
 * index in order instead of sorting every shared row (decision 0033).
 */
export function visibleInShape(s: StatementShape, kind: ResourceScope['kind'], type: EntityType, idColumn: Column, ownerColumn: Column): SQL {
  const owned = eq(ownerColumn, s.param('owner'));
  return kind === 'account' ? owned : (and(owned, sharedInto(type, idColumn, s.param('workspace'))) as SQL);
}

/** WHERE condition: the resource is visible in the scope (in a workspace: its owner's and shared into it, as visibleInShape). */
export function visibleIn(scope: ResourceScope, type: EntityType, idColumn: Column, ownerColumn: Column): SQL {
  const owned = eq(ownerColumn, scope.ownerId);
  return scope.kind === 'account' ? owned : (and(owned, sharedInto(type, idColumn, scope.workspaceId)) as SQL);
}
