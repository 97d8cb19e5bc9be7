import type { AccountUserRow, PermissionEntry } from '@fm/domain';
import { api } from '../../api/client';

/** Who the permissions are about: an account (user_id) or a pending invitation (email). */
export type Person = { user_id?: number; email?: string };

const personQuery = (p: Person) => (p.user_id ? { user_id: p.user_id } : { email: p.email });

/** People and permissions calls (spec doc 1 §7: POST/DELETE workspaces/users, GET workspaces/users/permissions). */
export const usersApi = {
  /** One person's row of the account's users list (their workspaces among the caller's own). */
  person: async (p: Person): Promise<AccountUserRow | null> => {
    const cond = p.user_id ? { field: 'user_id', condition: 'is', value: p.user_id } : { field: 'email', condition: 'is', value: p.email ?? '' };
    const res = await api.get<AccountUserRow[]>('workspaces/users', { query: { filters: JSON.stringify({ AND: [cond] }) }, workspace: false });
    return res.data[0] ?? null;
  },
  all: async (): Promise<AccountUserRow[]> => (await api.get<AccountUserRow[]>('workspaces/users', { workspace: false })).data,
  permissions: async (workspaceId: number, p: Person): Promise<PermissionEntry[]> =>
    (await api.get<PermissionEntry[]>('workspaces/users/permissions', { query: { workspace_id: workspaceId, ...personQuery(p) }, workspace: false })).data,
  /** Saved by e-mail and workspace: gives access, invites, or replaces the permissions. */
  save: async (workspaceId: number, email: string, permissions: PermissionEntry[]) =>
    (await api.post<unknown[]>('workspaces/users', { email, role_id: 1, permissions }, { query: { workspace_id: workspaceId }, workspace: false })).message,
  remove: async (workspaceId: number, p: Person) =>
    (await api.del<unknown[]>('workspaces/users', { query: { workspace_id: workspaceId, ...personQuery(p) }, workspace: false })).message,
};
