import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { userAddons, users, workspaceEntities, workspaceInvitations, workspaces, workspaceUsers } from '../../db/schema/index';

export type WorkspaceRecord = typeof workspaces.$inferSelect;
export type MemberRow = { workspace_id: number; user_id: number; email: string; name: string; last_name: string };

export async function findWorkspace(db: Executor, workspaceId: number): Promise<WorkspaceRecord | undefined> {
  const [w] = await db.select().from(workspaces).where(eq(workspaces.workspace_id, workspaceId)).limit(1);
  return w;
}

export async function findOwnedWorkspace(db: Executor, ownerId: number, workspaceId: number): Promise<WorkspaceRecord | undefined> {
  const [w] = await db.select().from(workspaces).where(and(eq(workspaces.workspace_id, workspaceId), eq(workspaces.user_id, ownerId))).limit(1);
  return w;
}

export async function countOwned(db: Executor, userId: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(workspaces).where(eq(workspaces.user_id, userId));
  return Number(r?.n ?? 0);
}

/** Members (not the owner) of the given workspaces. */
export async function membersOf(db: Executor, workspaceIds: number[]): Promise<MemberRow[]> {
  if (!workspaceIds.length) return [];
  return db
    .select({ workspace_id: workspaceUsers.workspace_id, user_id: users.user_id, email: users.email, name: users.name, last_name: users.last_name })
    .from(workspaceUsers)
    .innerJoin(users, eq(users.user_id, workspaceUsers.user_id))
    .where(inArray(workspaceUsers.workspace_id, workspaceIds))
    .orderBy(asc(users.name), asc(users.last_name));
}

export async function isMember(db: Executor, workspaceId: number, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ user_id: workspaceUsers.user_id })
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspace_id, workspaceId), eq(workspaceUsers.user_id, userId)))
    .limit(1);
  return Boolean(r);
}

export async function pendingInvitation(db: Executor, workspaceId: number, email: string) {
  const [r] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspace_id, workspaceId), eq(workspaceInvitations.email, email), isNull(workspaceInvitations.accepted_at)))
    .limit(1);
  return r;
}

/**
 * E-mails of every person the account shares its workspaces with: members of its owned
 * workspaces plus pending invitations (the "Usuarios" add-on capacity counts these).
 */
export async function accountPeople(db: Executor, ownerId: number): Promise<Set<string>> {
  const members = await db
    .selectDistinct({ email: users.email })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.workspace_id, workspaceUsers.workspace_id))
    .innerJoin(users, eq(users.user_id, workspaceUsers.user_id))
    .where(eq(workspaces.user_id, ownerId));
  const invited = await db
    .selectDistinct({ email: workspaceInvitations.email })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.workspace_id, workspaceInvitations.workspace_id))
    .where(and(eq(workspaces.user_id, ownerId), isNull(workspaceInvitations.accepted_at)));
  return new Set([...members, ...invited].map((r) => r.email.toLowerCase()));
}

/** `accountPeople(...).size` as a scalar subquery, for reads that fold it into one statement (plan and session). */
export function accountPeopleCount(ownerId: number): SQL<number> {
  // raw names with aliases: embedded in another select, drizzle could leave columns unqualified
  return sql<number>`(select count(*)::int from (
    select lower(pu.email) from workspace_users pwu
      join workspaces pw on pw.workspace_id = pwu.workspace_id
      join users pu on pu.user_id = pwu.user_id
      where pw.user_id = ${ownerId}
    union
    select lower(pi.email) from workspace_invitations pi
      join workspaces pw on pw.workspace_id = pi.workspace_id
      where pw.user_id = ${ownerId} and pi.accepted_at is null
  ) people)`;
}

export async function addonQuantity(db: Executor, userId: number, addonId: number): Promise<number> {
  const [r] = await db
    .select({ quantity: userAddons.quantity })
    .from(userAddons)
    .where(and(eq(userAddons.user_id, userId), eq(userAddons.addon_id, addonId)));
  return r?.quantity ?? 0;
}

export async function entitiesOf(db: Executor, workspaceId: number) {
  return db
    .select({ entity_type: workspaceEntities.entity_type, entity_id: workspaceEntities.entity_id })
    .from(workspaceEntities)
    .where(eq(workspaceEntities.workspace_id, workspaceId))
    .orderBy(asc(workspaceEntities.entity_type), asc(workspaceEntities.entity_id));
}

/** Replaces the resources shared into a workspace. */
export async function replaceEntities(db: Executor, workspaceId: number, entities: { entity_type: string; entity_id: number }[]): Promise<void> {
  await db.delete(workspaceEntities).where(eq(workspaceEntities.workspace_id, workspaceId));
  if (entities.length) {
    await db
      .insert(workspaceEntities)
      .values(entities.map((e) => ({ workspace_id: workspaceId, entity_type: e.entity_type, entity_id: e.entity_id })))
      .onConflictDoNothing();
  }
}

/** Tables (other than the workspace tables themselves) that hold rows of this workspace. */
const WORKSPACE_TABLES = new Set(['workspaces', 'workspace_users', 'workspace_permissions', 'workspace_invitations', 'workspace_entities']);

export async function tablesWithWorkspaceRows(db: Executor, workspaceId: number): Promise<string[]> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.column_name = 'workspace_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE' order by c.table_name`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    if (WORKSPACE_TABLES.has(table_name)) continue;
    const hit = await rowsOf(db, sql`select 1 from ${sql.identifier(table_name)} where workspace_id = ${workspaceId} limit 1`);
    if (hit.length) found.push(table_name);
  }
  return found;
}

/** Forget a deleted workspace as anyone's last workspace (the column has no foreign key). */
export async function clearLastWorkspace(db: Executor, workspaceId: number): Promise<void> {
  await db.update(users).set({ last_workspace_id: null }).where(eq(users.last_workspace_id, workspaceId));
}
