import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ACCESS_MSG, type EntityRef, type ListQuery, type WorkspaceRow } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users, workspaces, workspaceUsers } from '../../db/schema/index';
import { conflict, forbidden, notFound } from '../../http/errors';
import { requireWorkspace, type WorkspaceAccess } from '../../http/guard';
import { listPage, planList, type ListSpec } from '../../http/list-query';
import { assertWorkspaceEmpty } from './data-checks';
import { validateOwnedEntities } from './entities';
import { clearLastWorkspace, countOwned, findOwnedWorkspace, membersOf, replaceEntities } from './workspaces.repo';

/** The workspace of `?workspace_id` when the caller owns it (the guard already checked membership). */
export function ownerAccess(request: FastifyRequest): WorkspaceAccess {
  const access = requireWorkspace(request);
  if (!access.is_owner) throw forbidden(ACCESS_MSG.ownerOnly);
  return access;
}

/** The user's workspaces (owned or shared), filterable on name/active/owner, owned first by default. */
export async function listWorkspaces(db: Executor, userId: number, query: ListQuery = {}) {
  const isOwner = sql<boolean>`(${workspaces.user_id} = ${userId})`;
  const spec: ListSpec = {
    resource: 'workspace',
    fields: {
      workspace_id: { column: workspaces.workspace_id, type: 'number' },
      name: { column: workspaces.name, type: 'string' },
      active: { column: workspaces.active, type: 'boolean' },
      owner: { column: isOwner, type: 'boolean' },
    },
    defaultOrder: [desc(isOwner), asc(workspaces.workspace_id)],
  };
  const plan = planList(query, spec);
  const shared = db.select({ id: workspaceUsers.workspace_id }).from(workspaceUsers).where(eq(workspaceUsers.user_id, userId));
  const where = and(or(eq(workspaces.user_id, userId), inArray(workspaces.workspace_id, shared)), plan.where);
  const page = await listPage(
    db,
    plan,
    () =>
      db
        .select({
          workspace_id: workspaces.workspace_id,
          name: workspaces.name,
          active: workspaces.active,
          user_id: workspaces.user_id,
          owner: isOwner,
          owner_name: sql<string>`trim(${users.name} || ' ' || ${users.last_name})`,
        })
        .from(workspaces)
        .innerJoin(users, eq(users.user_id, workspaces.user_id))
        .where(where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
    () => db.select({ id: workspaces.workspace_id }).from(workspaces).where(where).$dynamic(),
  );
  const members = await membersOf(db, page.data.map((w) => w.workspace_id));
  const data: WorkspaceRow[] = page.data.map((w) => {
    const people = members.filter((m) => m.workspace_id === w.workspace_id);
    return { ...w, owner: Boolean(w.owner), users_count: people.length, users: w.owner ? people.map(({ workspace_id: _w, ...u }) => u) : [] };
  });
  return { data, extra: page.extra };
}

/** Creates a workspace owned by the caller and shares the given resources of the caller's account into it. */
export async function createWorkspace(db: Executor, userId: number, body: { name: string; active: boolean; entities?: EntityRef[] }) {
  return db.transaction(async (tx) => {
    const entities = await validateOwnedEntities(tx, userId, body.entities ?? []);
    const [ws] = await tx.insert(workspaces).values({ name: body.name, active: body.active, user_id: userId }).returning();
    await replaceEntities(tx, ws.workspace_id, entities);
    return { ...ws, owner: true, entities };
  });
}

/** Owner only: name, active and (when given) the full set of shared resources. */
export async function updateWorkspace(db: Executor, access: WorkspaceAccess, userId: number, body: { name?: string; active?: boolean; entities?: EntityRef[] }) {
  return db.transaction(async (tx) => {
    const patch = { ...(body.name !== undefined ? { name: body.name } : {}), ...(body.active !== undefined ? { active: body.active } : {}) };
    const [ws] = await tx
      .update(workspaces)
      .set({ ...patch, updated_at: new Date() })
      .where(and(eq(workspaces.workspace_id, access.workspace_id), eq(workspaces.user_id, userId)))
      .returning();
    if (!ws) throw notFound();
    if (body.entities) await replaceEntities(tx, ws.workspace_id, await validateOwnedEntities(tx, userId, body.entities));
    return { ...ws, owner: true };
  });
}

/**
 * Owner only. Refused while other people have access, while it holds business data,
 * or when it is the owner's last own workspace; shared-resource links and invitations go with it.
 */
export async function deleteWorkspace(db: Executor, access: WorkspaceAccess, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const ws = await findOwnedWorkspace(tx, userId, access.workspace_id);
    if (!ws) throw notFound();
    if ((await countOwned(tx, userId)) <= 1) throw conflict(ACCESS_MSG.lastWorkspace);
    if ((await membersOf(tx, [ws.workspace_id])).length) throw conflict(ACCESS_MSG.workspaceHasUsers);
    await assertWorkspaceEmpty(tx, ws.workspace_id);
    await clearLastWorkspace(tx, ws.workspace_id);
    await tx.delete(workspaces).where(and(eq(workspaces.workspace_id, ws.workspace_id), eq(workspaces.user_id, userId)));
  });
}
