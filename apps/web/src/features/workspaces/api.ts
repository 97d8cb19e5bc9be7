import type { EntityRef, WorkspaceRow } from '@fm/domain';
import { api, first } from '../../api/client';

export type WorkspaceInput = { name: string; active: boolean; entities: EntityRef[] };
export type SavedWorkspace = { workspace_id: number; name: string; active: boolean };

/** Calls of spec doc 1 §7 "Workspaces"; account-level, so they never carry the selected workspace implicitly. */
export const workspacesApi = {
  list: async (): Promise<WorkspaceRow[]> => (await api.get<WorkspaceRow[]>('workspaces', { workspace: false })).data,
  entities: async (workspaceId: number): Promise<EntityRef[]> =>
    (await api.get<EntityRef[]>('workspaces/entities', { query: { workspace_id: workspaceId }, workspace: false })).data,
  create: async (body: WorkspaceInput) => {
    const res = await api.post<SavedWorkspace[]>('workspaces', body, { workspace: false });
    return { row: first(res), message: res.message };
  },
  update: async (workspaceId: number, body: WorkspaceInput) => {
    const res = await api.put<SavedWorkspace[]>('workspaces', body, { query: { workspace_id: workspaceId }, workspace: false });
    return { row: first(res), message: res.message };
  },
  remove: async (workspaceId: number) => (await api.del<unknown[]>('workspaces', { query: { workspace_id: workspaceId }, workspace: false })).message,
};

/** Resource types that can be shared into a workspace, with the list call of each (GET <path>?scope=account). */
export const ENTITY_SOURCES = [
  { type: 'companies', label: 'Empresas', path: 'companies', idParam: 'company_id' },
  { type: 'farms', label: 'Establecimientos', path: 'farms', idParam: 'farm_id' },
  { type: 'warehouses', label: 'Depósitos', path: 'warehouses', idParam: 'warehouse_id' },
  { type: 'destinations', label: 'Destinos', path: 'destinations', idParam: 'destination_id' },
  { type: 'transports', label: 'Transportes', path: 'transports', idParam: 'transport_id' },
  { type: 'buyers', label: 'Compradores', path: 'buyers', idParam: 'buyer_id' },
  { type: 'providers', label: 'Proveedores', path: 'providers', idParam: 'provider_id' },
  { type: 'contractors', label: 'Contratistas', path: 'contractors', idParam: 'contractor_id' },
  { type: 'livestock_agents', label: 'Consignatarios de hacienda', path: 'livestock-agents', idParam: 'livestock_agent_id' },
] as const;
export type EntitySource = (typeof ENTITY_SOURCES)[number];

/** Records of the account of one type as options; `workspaceId` must be a workspace the caller owns. */
export async function accountOptions(source: EntitySource, workspaceId: number): Promise<{ value: number; label: string }[]> {
  const res = await api.get<Record<string, unknown>[]>(source.path, { query: { scope: 'account', workspace_id: workspaceId }, workspace: false });
  return res.data.map((r) => ({ value: Number(r[source.idParam]), label: String(r.name ?? r[source.idParam]) }));
}
