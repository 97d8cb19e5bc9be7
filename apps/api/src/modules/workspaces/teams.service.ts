import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ACCESS_MSG, type ListQuery, type TeamRow } from '@fm/domain';
import type { Executor } from '../../db/client';
import { teamMembers, teams, users, workspaces, workspaceUsers } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { containsPattern, listPage, matchesFolded, planList, type ListSpec } from '../../http/list-query';
import { listStatements, type StatementShape } from '../../http/list-statement';

const spec: ListSpec = {
  resource: 'team',
  fields: { team_id: { column: teams.team_id, type: 'number' }, name: { column: teams.name, type: 'string' } },
  defaultOrder: [asc(teams.name), asc(teams.team_id)],
};

/**
 * The accounts whose names `callerId` already sees elsewhere: itself, the members of the workspaces it owns
 * (GET workspaces/users) and the owners of the workspaces shared with it (GET workspaces, owner_name).
 */
function knownPeople(db: Executor, callerId: number) {
  const owned = db.select({ id: workspaces.workspace_id }).from(workspaces).where(eq(workspaces.user_id, callerId));
  const sharedWithCaller = db.select({ id: workspaceUsers.workspace_id }).from(workspaceUsers).where(eq(workspaceUsers.user_id, callerId));
  return or(
    eq(users.user_id, callerId),
    inArray(users.user_id, db.select({ id: workspaceUsers.user_id }).from(workspaceUsers).where(inArray(workspaceUsers.workspace_id, owned))),
    inArray(users.user_id, db.select({ id: workspaces.user_id }).from(workspaces).where(inArray(workspaces.workspace_id, sharedWithCaller))),
  );
}

/**
 * Members of the caller's teams. A member's user_id and names come only from `knownPeople`: any other address,
 * with or without an account, answers the same `{email, user_id: null, name: null, last_name: null}`, so typing
 * an e-mail into a team never tells who has an account, nor their name.
 */
async function membersOfTeams(db: Executor, callerId: number, teamIds: number[]): Promise<Map<number, TeamRow['members']>> {
  const out = new Map<number, TeamRow['members']>();
  if (!teamIds.length) return out;
  const rows = await db
    .select({ team_id: teamMembers.team_id, email: teamMembers.email, user_id: users.user_id, name: users.name, last_name: users.last_name })
    .from(teamMembers)
    .leftJoin(users, and(eq(users.email, teamMembers.email), knownPeople(db, callerId)))
    .where(inArray(teamMembers.team_id, teamIds))
    .orderBy(asc(teamMembers.email));
  for (const { team_id, ...m } of rows) out.set(team_id, [...(out.get(team_id) ?? []), m]);
  return out;
}

/** The account's teams; variant `search`: the name contains the `like` pattern. */
const teamsWhere = (s: StatementShape, variant: string) =>
  and(eq(teams.user_id, s.param('owner')), s.where, variant === 'search' ? matchesFolded(teams.name, s.param('like')) : undefined);
const teamsList = listStatements({
  columns: { team_id: teams.team_id, name: teams.name },
  id: teams.team_id,
  from: (select, s, variant: string) => select.from(teams).where(teamsWhere(s, variant)),
});

/** Teams of the account, paged, `search` on the name; prepared per filter shape (decision 0029). */
export async function listTeams(db: Executor, ownerId: number, query: ListQuery & { search?: string }) {
  const plan = planList(query, spec);
  const like = containsPattern(query.search);
  const values = { owner: ownerId, like };
  const variant = like ? 'search' : '';
  const page = await listPage(db, plan, () => teamsList.page(db, plan, values, variant), teamsList.matching(db, plan, values, variant));
  const members = await membersOfTeams(db, ownerId, page.data.map((t) => t.team_id));
  return { ...page, data: page.data.map((t): TeamRow => ({ ...t, members: members.get(t.team_id) ?? [] })) };
}

/** One team of the account; another account's team is a 404. */
export async function getTeam(db: Executor, ownerId: number, teamId: number): Promise<TeamRow> {
  const [t] = await db.select({ team_id: teams.team_id, name: teams.name }).from(teams).where(and(eq(teams.team_id, teamId), eq(teams.user_id, ownerId)));
  if (!t) throw notFound('No se encontró el equipo');
  return { ...t, members: (await membersOfTeams(db, ownerId, [t.team_id])).get(t.team_id) ?? [] };
}

async function assertNameFree(db: Executor, ownerId: number, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ team_id: teams.team_id })
    .from(teams)
    .where(and(eq(teams.user_id, ownerId), sql`lower(${teams.name}) = lower(${name})`, exceptId ? sql`${teams.team_id} <> ${exceptId}` : undefined));
  if (dup) throw conflict('Ya existe un equipo con ese nombre');
}

export async function createTeam(db: Executor, ownerId: number, body: { name: string; members: string[] }): Promise<TeamRow> {
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, ownerId, body.name);
    const [t] = await tx.insert(teams).values({ user_id: ownerId, name: body.name }).returning({ team_id: teams.team_id });
    const emails = [...new Set(body.members)];
    if (emails.length) await tx.insert(teamMembers).values(emails.map((email) => ({ team_id: t.team_id, email })));
    return t.team_id;
  });
  return getTeam(db, ownerId, id);
}

export async function updateTeam(db: Executor, ownerId: number, teamId: number, body: { name?: string; members?: string[] }): Promise<TeamRow> {
  await db.transaction(async (tx) => {
    await getTeam(tx, ownerId, teamId);
    if (body.name !== undefined) {
      await assertNameFree(tx, ownerId, body.name, teamId);
      await tx.update(teams).set({ name: body.name, updated_at: new Date() }).where(eq(teams.team_id, teamId));
    }
    if (body.members) {
      await tx.delete(teamMembers).where(eq(teamMembers.team_id, teamId));
      const emails = [...new Set(body.members)];
      if (emails.length) await tx.insert(teamMembers).values(emails.map((email) => ({ team_id: teamId, email })));
    }
  });
  return getTeam(db, ownerId, teamId);
}

export async function deleteTeam(db: Executor, ownerId: number, teamId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await getTeam(tx, ownerId, teamId);
    await tx.delete(teams).where(eq(teams.team_id, teamId));
  });
}

/** E-mails of a team's members (for granting a workspace to the whole team); an empty team is refused. */
export async function teamEmails(db: Executor, ownerId: number, teamId: number): Promise<string[]> {
  const team = await getTeam(db, ownerId, teamId);
  if (!team.members.length) throw conflict(ACCESS_MSG.teamEmpty);
  return team.members.map((m) => m.email);
}
