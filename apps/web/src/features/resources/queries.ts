import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '../../api/use-list';
import { useCurrentWorkspace, useSession } from '../../session/hooks';
import { resourceApi, type ResourceScope } from './api';

/** Query keys: lists live under the shared list key of their path, so one invalidation refreshes table and options. */
export const resourceKeys = {
  all: (path: string) => listKeys.all(path),
  options: (path: string, workspaceId: number | null, scope: ResourceScope) => [...listKeys.all(path), 'options', workspaceId, scope] as const,
};

export type Option = { value: number; label: string };

/** The owner of the current workspace manages the whole account (Mis recursos); anyone else, this workspace's records. */
export function useResourceScope(): ResourceScope {
  return useCurrentWorkspace()?.owner ? 'account' : 'workspace';
}

/** Active records of a resource as select options (transports of a carrier, buyers and farms of a destination). */
export function useResourceOptions(path: string, idParam: string, scope: ResourceScope, query: Record<string, string> = {}, enabled = true) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({
    queryKey: [...resourceKeys.options(path, workspaceId, scope), query],
    queryFn: async (): Promise<Option[]> => {
      const rows = await resourceApi<Record<string, unknown>>(path, idParam, scope).list({ order_by: 'name', ...query });
      return rows.filter((r) => r.active !== false).map((r) => ({ value: Number(r[idParam]), label: String(r.name) }));
    },
    enabled,
  });
}

/** Create / update / toggle / delete of one resource; each invalidates that resource's lists. */
export function useResourceMutations<T>(path: string, idParam: string, scope: ResourceScope) {
  const client = useQueryClient();
  const calls = resourceApi<T>(path, idParam, scope);
  const onSuccess = () => client.invalidateQueries({ queryKey: resourceKeys.all(path) });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: object }) => (id === undefined ? calls.create(body) : calls.update(id, body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => calls.remove(id), onSuccess }),
  };
}
