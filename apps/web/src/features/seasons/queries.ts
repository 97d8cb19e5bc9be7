import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeasonUpdateBody } from '@fm/domain';
import { listKeys } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { seasonsApi } from './api';

/** Seasons queries live under the shared list key of 'seasons' (table and pickers refresh together). */
export const seasonKeys = {
  all: () => listKeys.all('seasons'),
  options: (workspaceId: number | null) => [...listKeys.all('seasons'), 'options', workspaceId] as const,
};

/** Every season of the workspace, newest first (season pickers). */
export function useSeasons() {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({ queryKey: seasonKeys.options(workspaceId), queryFn: () => seasonsApi.list() });
}

export function useSeasonMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: seasonKeys.all() });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: SeasonUpdateBody }) => (id === undefined ? seasonsApi.create({ name: body.name ?? '' }) : seasonsApi.update(id, body)),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => seasonsApi.remove(id), onSuccess }),
  };
}
