import type { EntityRef, ShareableResource, WorkspaceBody, WorkspaceRow } from '@fm/domain';
import { api, first } from '../../api/client';

export type SavedWorkspace = { workspace_id: number; name: string; active: boolean };

/** Calls of spec doc 1 §7 "Workspaces"; account-level, so they never carry the selected workspace implicitly. */
export const workspacesApi = {
  list: async (): Promise<WorkspaceRow[]> => (await api.get<WorkspaceRow[]>('workspaces', { workspace: false })).data,
  entities: async (workspaceId: number): Promise<EntityRef[]> =>
    (await api.get<EntityRef[]>('workspaces/entities', { query: { workspace_id: workspaceId }, workspace: false })).data,
  create: async (body: WorkspaceBody) => {
    const res = await api.post<SavedWorkspace[]>('workspaces', body, { workspace: false });
    return { row: first(res), message: res.message };
  },
  update: async (workspaceId: number, body: WorkspaceBody) => {
    const res = await api.put<SavedWorkspace[]>('workspaces', body, { query: { workspace_id: workspaceId }, workspace: false });
    return { row: first(res), message: res.message };
  },
  remove: async (workspaceId: number) => (await api.del<unknown[]>('workspaces', { query: { workspace_id: workspaceId }, workspace: false })).message,
};

/** Records of the account of one type as options (GET <path>?scope=account); `workspaceId` must be a workspace the caller owns. */
export async function accountOptions(source: ShareableResource, workspaceId: number): Promise<{ value: number; label: string }[]> {
  const res = await api.get<Record<string, unknown>[]>(source.path, { query: { scope: 'account', workspace_id: workspaceId }, workspace: false });
  return res.data.map((r) => ({ value: Number(r[source.idParam]), label: String(r.name ?? r[source.idParam]) }));
}
