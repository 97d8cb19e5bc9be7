import { eq, getTableColumns, sql } from 'drizzle-orm';
import { effectiveFlags, ownerPermissions, type FlagSet, type PermissionEntry } from '@fm/domain';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { outer, permissionsJson } from '../../http/access';
import { forbidden, unauthorized } from '../../http/errors';
import type { TokenService } from '../../http/tokens';
import { planAndAddonsFrom, planColumns, type AddonInfo } from '../plans/index';
import type { UserRow, WorkspaceSummary } from './users.repo';

export type LoginFrom = 'web' | 'mobile';

/** What opening a session needs besides the database: the token signer and the flag set of this deployment. */
export type SessionDeps = { tokens: TokenService; config: Pick<Config, 'FM_FLAGS'> };

export type Session = {
  token: string;
  user: ReturnType<typeof publicUser> & { workspaces: WorkspaceSummary[] };
  plan: { plan_id: number; end_date: string | null; days_left: number };
  addons: AddonInfo[];
  permission: PermissionEntry[];
  flags: FlagSet;
  workspace_id: number | null;
  login_from: LoginFrom;
};

/** The fields of a user any client may see (never the password hash or token timestamps). */
export function publicUser(u: UserRow) {
  return {
    user_id: u.user_id,
    email: u.email,
    name: u.name,
    last_name: u.last_name,
    phone: u.phone,
    occupation: u.occupation,
    city_id: u.city_id,
    birth_date: u.birth_date,
    sign_in_method: u.sign_in_method,
    last_workspace_id: u.last_workspace_id,
    field_mapping_token: u.field_mapping_token,
    signup_completed: u.signup_completed,
    onboarding_completed: u.onboarding_completed,
    email_validated: u.email_validated_at !== null,
    pending_email: u.pending_email,
  };
}

type SessionWorkspace = WorkspaceSummary & { permissions: PermissionEntry[] | null };

/**
 * The user, every workspace they own or are shared into (owned first) with their permissions in each, and the
 * account's plan, add-ons and usage: one statement (decision 0015).
 */
async function readSession(db: Executor, userId: number) {
  const [row] = await db
    .select({
      user: getTableColumns(users),
      workspaces: sql<SessionWorkspace[]>`(select coalesce(json_agg(json_build_object(
          'workspace_id', w.workspace_id, 'name', w.name, 'active', w.active, 'user_id', w.user_id,
          'permissions', ${permissionsJson(sql`w.workspace_id`, outer('users', 'user_id'))})
        order by w.user_id = ${outer('users', 'user_id')} desc, w.workspace_id), '[]'::json)
        from workspaces w where w.user_id = ${outer('users', 'user_id')}
          or exists (select 1 from workspace_users wu where wu.workspace_id = w.workspace_id and wu.user_id = ${outer('users', 'user_id')}))`,
      ...planColumns(userId),
    })
    .from(users)
    .where(eq(users.user_id, userId))
    .limit(1);
  return row;
}

/**
 * Signs a token for the chosen workspace (requested, else the last one, else the first) and returns
 * everything a client needs: user, plan, add-ons, the workspace's permissions and the effective flags.
 * One read, plus one write when the chosen workspace is not the last one used.
 */
export async function openSession(
  db: Executor,
  deps: SessionDeps,
  userId: number,
  requestedWorkspace: number | null,
  loginFrom: LoginFrom,
): Promise<Session> {
  const row = await readSession(db, userId);
  if (!row) throw unauthorized();
  const user = row.user;
  const all = row.workspaces;
  let chosen: SessionWorkspace | undefined;
  if (requestedWorkspace !== null) {
    chosen = all.find((w) => w.workspace_id === requestedWorkspace);
    if (!chosen) throw forbidden('No tiene acceso a este espacio de trabajo');
  } else {
    chosen = all.find((w) => w.workspace_id === user.last_workspace_id) ?? all[0];
  }
  const workspaceId = chosen?.workspace_id ?? null;
  if (workspaceId !== null && workspaceId !== user.last_workspace_id) {
    await db.update(users).set({ last_workspace_id: workspaceId }).where(eq(users.user_id, userId));
    user.last_workspace_id = workspaceId;
  }
  const permission = !chosen || chosen.user_id === userId ? ownerPermissions() : (chosen.permissions ?? []);
  const { plan, addons } = await planAndAddonsFrom(db, userId, row);
  const { token } = await deps.tokens.sign(userId, workspaceId, loginFrom);
  return {
    token,
    user: { ...publicUser(user), workspaces: all.map(({ permissions: _p, ...ws }) => ({ ...ws, owner: ws.user_id === userId })) },
    plan: { plan_id: plan.plan_id, end_date: plan.end_date, days_left: plan.days_left },
    addons,
    permission,
    flags: effectiveFlags(deps.config.FM_FLAGS, plan.trial_expired),
    workspace_id: workspaceId,
    login_from: loginFrom,
  };
}
