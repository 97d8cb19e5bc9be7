import { api, first, type Query } from '../../api/client';

/** Which records a call reaches: the account (Mis recursos, owner only) or the current workspace. */
export type ResourceScope = 'account' | 'workspace';

const scopeQuery = (scope: ResourceScope): Query => (scope === 'account' ? { scope: 'account' } : {});

/** Calls of one master-data resource (spec doc 3 §7 "Master data": GET/POST path, PUT/DELETE ?<id>). */
export function resourceApi<T>(path: string, idParam: string, scope: ResourceScope) {
  return {
    list: async (query: Query = {}): Promise<T[]> => (await api.get<T[]>(path, { query: { ...scopeQuery(scope), ...query } })).data,
    create: async (body: object): Promise<{ row: T; message?: string }> => {
      const res = await api.post<T[]>(path, body, { query: scopeQuery(scope) });
      return { row: first(res), message: res.message };
    },
    update: async (id: number, body: object): Promise<{ row: T; message?: string }> => {
      const res = await api.put<T[]>(path, body, { query: { ...scopeQuery(scope), [idParam]: id } });
      return { row: first(res), message: res.message };
    },
    remove: async (id: number): Promise<string | undefined> => (await api.del<unknown[]>(path, { query: { ...scopeQuery(scope), [idParam]: id } })).message,
  };
}
