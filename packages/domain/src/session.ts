import type { FlagSet } from './flags';
import type { PermissionEntry } from './modules';

/** Shapes of the session endpoints (POST users/signin, GET users/auth): spec doc 1 §3 "Login result". */
export type SessionWorkspace = {
  workspace_id: number;
  name: string;
  active: boolean;
  owner: boolean;
};

export type SessionUser = {
  user_id: number;
  email: string;
  name: string;
  last_name: string;
  phone: string | null;
  occupation: string | null;
  city_id: number | null;
  sign_in_method: string;
  workspaces: SessionWorkspace[];
  last_workspace_id: number | null;
  field_mapping_token: string | null;
  signup_completed: boolean;
  onboarding_completed: boolean;
  email_validated?: boolean;
  /** A new e-mail waiting for the confirmation link mailed to it (PUT users); `email` stays until then. */
  pending_email?: string | null;
};

export type SessionPlan = { plan_id: number; end_date: string | null };

export type SessionAddon = {
  addon_id: number;
  name: string;
  quantity: number;
  available: number;
  used: number;
};

/** data[0] of sign-in, external sign-in and token renewal. `flags` is the effective set for this user. */
export type SessionPayload = {
  token: string;
  user: SessionUser;
  plan: SessionPlan | null;
  addons: SessionAddon[];
  permission: PermissionEntry[];
  flags: Partial<FlagSet>;
  workspace_id: number | null;
};

/** Add-on check used by reports, recipes and field mapping (spec doc 1 §6): name contains `fragment`, quantity above 0. */
export function hasAddon(addons: readonly SessionAddon[] | undefined, fragment: string): boolean {
  const needle = fragment.toLowerCase();
  return (addons ?? []).some((a) => a.name.toLowerCase().includes(needle) && a.quantity > 0);
}
