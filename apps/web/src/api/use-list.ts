import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REFERENCE_CACHE_SECONDS, type Filters } from '@fm/domain';
import { api, type Query } from './client';
import { useSession } from '../session/hooks';

export type ListParams = {
  page: number;
  per_page: number;
  order_by?: string;
  order?: 'ASC' | 'DESC';
  filters?: Filters;
  /** Extra query parameters of the resource (e.g. a tab's status). */
  extra?: Query;
};

/** `meta` holds the envelope's other fields (e.g. the stock list's `totals`). */
export type ListPage<T> = { rows: T[]; total: number; page: number; per_page: number; meta: Record<string, unknown> };

/** Query string of a paged list (ARCHITECTURE §3 "Lists"). */
export function listQuery(params: ListParams): Query {
  const q: Query = {
    ...params.extra,
    pagination: true,
    page: params.page,
    per_page: params.per_page,
    order_by: params.order_by,
    order: params.order_by ? params.order : undefined,
  };
  const f = params.filters;
  if (f && ((f.AND?.length ?? 0) > 0 || (f.OR?.length ?? 0) > 0)) q.filters = JSON.stringify(f);
  return q;
}

export const listKeys = {
  all: (resource: string) => ['list', resource] as const,
  page: (resource: string, workspaceId: number | null, params: ListParams) => ['list', resource, workspaceId, params] as const,
};

/** A server-paged list; keeps the previous page on screen while the next loads. */
export function useList<T>(resource: string, params: ListParams, opts: { enabled?: boolean } = {}) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({
    queryKey: listKeys.page(resource, workspaceId, params),
    queryFn: async ({ signal }): Promise<ListPage<T>> => {
      const res = await api.get<T[]>(resource, { query: listQuery(params), signal });
      const rows = Array.isArray(res.data) ? res.data : [];
      const { data: _data, ...meta } = res;
      return {
        meta,
        rows,
        total: res.total ?? rows.length,
        page: res.page ?? params.page,
        per_page: res.per_page ?? params.per_page,
      };
    },
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/** Cached reference list (crops, units, labors, ...), fresh for 3600 s (spec doc 1 §9). */
export function useReferenceList<T>(path: string, query: Query = {}, opts: { workspace?: boolean; enabled?: boolean } = {}) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({
    queryKey: ['reference', path, query, opts.workspace === false ? null : workspaceId],
    queryFn: async ({ signal }) => {
      const res = await api.get<T[]>(path, { query, signal, workspace: opts.workspace });
      return Array.isArray(res.data) ? res.data : [];
    },
    staleTime: REFERENCE_CACHE_SECONDS * 1000,
    gcTime: REFERENCE_CACHE_SECONDS * 1000,
    enabled: opts.enabled ?? true,
  });
}
