import { eq } from 'drizzle-orm';
import { effectiveFlags, ownerPermissions, type FlagSet, type PermissionEntry } from '@fm/domain';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { loadWorkspaceAccess } from '../../http/guard';
import { forbidden, unauthorized } from '../../http/errors';
import type { TokenService } from '../../http/tokens';
import { addonsOf, planOf, type AddonInfo } from '../plans/index';
import { findUserById, workspacesOf, type UserRow, type WorkspaceSummary } from './users.repo';

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

/**
 * Signs a token for the chosen workspace (requested, else the last one, else the first) and returns
 * everything a client needs: user, plan, add-ons, the workspace's permissions and the effective flags.
 */
export async function openSession(
  db: Executor,
  deps: SessionDeps,
  userId: number,
  requestedWorkspace: number | null,
  loginFrom: LoginFrom,
): Promise<Session> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  const list = await workspacesOf(db, userId);
  let workspaceId: number | null = null;
  if (requestedWorkspace !== null) {
    if (!list.some((w) => w.workspace_id === requestedWorkspace)) throw forbidden('No tiene acceso a este espacio de trabajo');
    workspaceId = requestedWorkspace;
  } else {
    workspaceId = list.find((w) => w.workspace_id === user.last_workspace_id)?.workspace_id ?? list[0]?.workspace_id ?? null;
  }
  if (workspaceId !== null && workspaceId !== user.last_workspace_id) {
    await db.update(users).set({ last_workspace_id: workspaceId }).where(eq(users.user_id, userId));
    user.last_workspace_id = workspaceId;
  }
  const access = workspaceId !== null ? await loadWorkspaceAccess(db, workspaceId, userId) : null;
  const permission = !access || access.is_owner ? ownerPermissions() : access.permissions;
  const plan = await planOf(db, userId);
  const { token } = await deps.tokens.sign(userId, workspaceId, loginFrom);
  return {
    token,
    user: { ...publicUser(user), workspaces: list },
    plan: { plan_id: plan.plan_id, end_date: plan.end_date, days_left: plan.days_left },
    addons: await addonsOf(db, userId),
    permission,
    flags: effectiveFlags(deps.config.FM_FLAGS, plan.trial_expired),
    workspace_id: workspaceId,
    login_from: loginFrom,
  };
}
