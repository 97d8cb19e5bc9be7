import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionEntry, TeamBody } from '@fm/domain';
import { listKeys } from '../../api/use-list';
import { teamsApi } from './api';

export const teamKeys = {
  all: listKeys.all('teams'),
  one: (id: number) => [...listKeys.all('teams'), 'one', id] as const,
};

export function useTeam(id: number | undefined) {
  return useQuery({ queryKey: teamKeys.one(id ?? 0), queryFn: () => teamsApi.one(id ?? 0), enabled: id !== undefined });
}

export function useTeamMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: teamKeys.all });
  return {
    save: useMutation({ mutationFn: ({ id, body }: { id?: number; body: TeamBody }) => (id === undefined ? teamsApi.create(body) : teamsApi.update(id, body)), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => teamsApi.remove(id), onSuccess }),
    grant: useMutation({
      mutationFn: ({ workspaceId, teamId, permissions }: { workspaceId: number; teamId: number; permissions: PermissionEntry[] }) => teamsApi.grant(workspaceId, teamId, permissions),
      onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: listKeys.all('workspaces/users') }), client.invalidateQueries({ queryKey: listKeys.all('workspaces') })]),
    }),
  };
}
