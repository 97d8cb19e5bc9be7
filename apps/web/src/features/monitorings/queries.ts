import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { monitoringsApi } from './api';
import type { MonitoringPayload } from './types';

/** List resource of the monitorings table. */
export const MONITORINGS_RESOURCE = 'monitorings';

const useWs = () => useSession()?.workspaceId ?? null;

export function useMonitoring(id: number | undefined) {
  const ws = useWs();
  return useQuery({ queryKey: [...listKeys.all(MONITORINGS_RESOURCE), 'one', ws, id ?? 0], queryFn: () => monitoringsApi.one(id ?? 0), enabled: Boolean(id) });
}

/** A stored photo as an object URL (revoked when the query is dropped). */
export function usePhotoUrl(fileId: number) {
  const ws = useWs();
  return useQuery({
    queryKey: ['monitoring-photo', ws, fileId],
    queryFn: async () => URL.createObjectURL(await monitoringsApi.photo(fileId)),
    staleTime: Infinity,
    retry: false,
  });
}

export function useMonitoringMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: listKeys.all(MONITORINGS_RESOURCE) });
  return {
    create: useMutation({ mutationFn: (body: MonitoringPayload) => monitoringsApi.create(body), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: MonitoringPayload }) => monitoringsApi.update(id, body), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (id: number) => monitoringsApi.remove(id), onSuccess: refresh }),
    addPhoto: useMutation({ mutationFn: ({ id, file }: { id: number; file: File }) => monitoringsApi.addPhoto(id, file), onSuccess: refresh }),
    removePhoto: useMutation({ mutationFn: (photoId: number) => monitoringsApi.removePhoto(photoId), onSuccess: refresh }),
  };
}
