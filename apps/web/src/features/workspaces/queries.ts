import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '../../api/use-list';
import type { ShareableResource, WorkspaceBody } from '@fm/domain';
import { accountOptions, workspacesApi } from './api';

/** Query keys: the paged tables live under the shared list key of 'workspaces'. */
export const workspaceKeys = {
  all: listKeys.all('workspaces'),
  list: () => [...listKeys.all('workspaces'), 'all'] as const,
  entities: (id: number) => [...listKeys.all('workspaces'), 'entities', id] as const,
  options: (type: string, workspaceId: number) => ['workspace-entity-options', type, workspaceId] as const,
};

export function useWorkspaces() {
  return useQuery({ queryKey: workspaceKeys.list(), queryFn: workspacesApi.list });
}

export function useWorkspaceEntities(id: number | undefined) {
  return useQuery({ queryKey: workspaceKeys.entities(id ?? 0), queryFn: () => workspacesApi.entities(id ?? 0), enabled: id !== undefined });
}

/** Options of one resource type; an endpoint that does not answer hides the type (retry off). */
export function useEntityOptions(source: ShareableResource, workspaceId: number | undefined) {
  return useQuery({
    queryKey: workspaceKeys.options(source.type, workspaceId ?? 0),
    queryFn: () => accountOptions(source, workspaceId ?? 0),
    enabled: workspaceId !== undefined,
    retry: false,
  });
}

export function useWorkspaceMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: workspaceKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: WorkspaceBody }) => (id === undefined ? workspacesApi.create(body) : workspacesApi.update(id, body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => workspacesApi.remove(id), onSuccess }),
  };
}
