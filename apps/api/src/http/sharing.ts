import { and, eq, inArray, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client';
import { workspaceEntities, workspaces } from '../db/schema/index';
import type { EntityType, WorkspaceRef } from '@fm/domain';
import { forbidden } from './errors';

/**
 * The one mechanism that shares account resources into workspaces (ARCHITECTURE §4).
 * A resource table has `user_id` (the owning account); it is visible in workspace W when
 * a row (W, entity_type, id) exists in workspace_entities. The kinds are `SHAREABLE_RESOURCES` in @fm/domain.
 */
export { ENTITY_TYPES, type EntityType } from '@fm/domain';

/** WHERE condition: the resource whose id column is `idColumn` is shared into the workspace. */
export function sharedInto(type: EntityType, idColumn: Column, workspaceId: number | Placeholder): SQL {
  return sql`exists (select 1 from ${workspaceEntities} we where we.workspace_id = ${workspaceId} and we.entity_type = ${type} and we.entity_id = ${idColumn})`;
}

/** Adds the resource to the given workspaces (keeps existing links). */
export async function share(db: Executor, type: EntityType, entityId: number, workspaceIds: number[]): Promise<void> {
  if (!workspaceIds.length) return;
  await db
    .insert(workspaceEntities)
    .values(workspaceIds.map((workspace_id) => ({ workspace_id, entity_type: type, entity_id: entityId })))
    .onConflictDoNothing();
}

export const NOT_OWNER_SHARING = 'Solo el dueño de la cuenta puede elegir los espacios de trabajo del recurso';

/** An account resource: its type, its id and the account that owns it (its `user_id`). */
export type SharedResource = { type: EntityType; id: number; ownerId: number };

/**
 * Only the owning account chooses the workspaces of its resources: anyone else gets 403, whatever module
 * permission they hold (they may still edit the other fields). setSharing always checks it; a service
 * calls it first when the request asks for sharing, so the refusal comes before any other rule.
 */
export function assertSharingOwner(ownerId: number, actorId: number): void {
  if (actorId !== ownerId) throw forbidden(NOT_OWNER_SHARING);
}

/** Replaces the set of workspaces a resource is shared into (owner only); workspaces of other accounts are dropped. */
export async function setSharing(db: Executor, resource: SharedResource, actorId: number, workspaceIds: number[]): Promise<void> {
  assertSharingOwner(resource.ownerId, actorId);
  const owned = workspaceIds.length
    ? (await db.select({ id: workspaces.workspace_id }).from(workspaces).where(and(eq(workspaces.user_id, resource.ownerId), inArray(workspaces.workspace_id, workspaceIds)))).map((w) => w.id)
    : [];
  await unshareAll(db, resource.type, resource.id);
  await share(db, resource.type, resource.id, owned);
}

/** Removes every link of a deleted resource. */
export async function unshareAll(db: Executor, type: EntityType, entityId: number): Promise<void> {
  await db.delete(workspaceEntities).where(and(eq(workspaceEntities.entity_type, type), eq(workspaceEntities.entity_id, entityId)));
}

/**
 * The workspaces `[{ workspace_id, name }]` a resource is shared into, as a JSON array (by workspace id), for a
 * statement that already reads the resource's `id`: a list's rows and their links then come in one statement.
 */
export const sharedWorkspacesJson = (type: EntityType, id: SQL | Column) =>
  sql<WorkspaceRef[]>`(select coalesce(json_agg(json_build_object('workspace_id', w.workspace_id, 'name', w.name) order by w.workspace_id), '[]'::json)
    from ${workspaceEntities} we join ${workspaces} w on w.workspace_id = we.workspace_id
    where we.entity_type = ${sql.raw(`'${type}'`)} and we.entity_id = ${id})`;

/** The workspaces (id, name) each resource is shared into, by resource id: `sharedWorkspacesJson` for a list of ids. */
export async function sharedWorkspaces(db: Executor, type: EntityType, entityIds: number[]): Promise<Map<number, WorkspaceRef[]>> {
  if (!entityIds.length) return new Map();
  const rows = await rowsOf<{ id: number; workspaces: WorkspaceRef[] }>(
    db,
    sql`select i.id, ${sharedWorkspacesJson(type, sql`i.id`)} as workspaces from unnest(${sql.param(entityIds)}::int[]) as i(id)`,
  );
  return new Map(rows.map((r) => [r.id, r.workspaces]));
}
