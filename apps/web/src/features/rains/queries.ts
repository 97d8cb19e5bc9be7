import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RainInput } from '@fm/domain';
import { listKeys } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { rainsApi } from './api';

/** List resource of /lluvias (DataTable keys it under listKeys.all). */
export const RAINS_RESOURCE = 'rains';

const rainKeys = {
  all: () => ['rains'] as const,
  rain: (ws: number | null, id: number) => ['rains', 'rain', ws, id] as const,
  events: (ws: number | null, campaign: string, farmId?: number) => ['rains', 'events', ws, campaign, farmId ?? null] as const,
};

const useWs = () => useSession()?.workspaceId ?? null;

export function useRain(id: number | undefined) {
  const ws = useWs();
  return useQuery({ queryKey: rainKeys.rain(ws, id ?? 0), queryFn: () => rainsApi.rain(id ?? 0), enabled: Boolean(id) });
}

export function useRainEvents(campaign: string, farmId?: number) {
  const ws = useWs();
  return useQuery({ queryKey: rainKeys.events(ws, campaign, farmId), queryFn: () => rainsApi.events(campaign, farmId) });
}

export function useRainMutations() {
  const client = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([client.invalidateQueries({ queryKey: rainKeys.all() }), client.invalidateQueries({ queryKey: listKeys.all(RAINS_RESOURCE) })]);
  };
  return {
    create: useMutation({ mutationFn: (body: RainInput) => rainsApi.create(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: RainInput }) => rainsApi.update(id, body), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => rainsApi.remove(id), onSuccess }),
  };
}
