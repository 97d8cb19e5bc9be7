import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys, useReferenceList } from '../../api/use-list';
import type { Query } from '../../api/client';
import { useSession } from '../../session/hooks';
import type { FieldCropInput, FieldCropUpdateBody } from '@fm/domain';
import { fieldCropsApi, seasonPlansApi } from './api';

export type Crop = { crop_id: number; name: string };
export type CropSequence = { crop_sequence_id: number; name: string };

/** Keys under the shared list keys of each path, so tables elsewhere refresh too. */
export const sowingKeys = {
  plans: () => listKeys.all('seasons/plans'),
  planList: (workspaceId: number | null, query: Query) => [...listKeys.all('seasons/plans'), 'all', workspaceId, query] as const,
  fieldCrops: () => listKeys.all('fields/crops'),
  planCrops: (workspaceId: number | null, seasonPlanId: number) => [...listKeys.all('fields/crops'), 'plan', workspaceId, seasonPlanId] as const,
};

export function useSeasonPlans(query: Query = {}, enabled = true) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({ queryKey: sowingKeys.planList(workspaceId, query), queryFn: () => seasonPlansApi.list(query), enabled });
}

export function usePlanFieldCrops(seasonPlanId: number | undefined) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({
    queryKey: sowingKeys.planCrops(workspaceId, seasonPlanId ?? 0),
    queryFn: () => fieldCropsApi.list(seasonPlanId ?? 0),
    enabled: Boolean(seasonPlanId),
  });
}

export const useCrops = () => useReferenceList<Crop>('crops');
export const useSequences = () => useReferenceList<CropSequence>('resources/sequences');

export function useSowingMutations() {
  const client = useQueryClient();
  const plans = () => client.invalidateQueries({ queryKey: sowingKeys.plans() });
  const crops = () => client.invalidateQueries({ queryKey: sowingKeys.fieldCrops() });
  return {
    createPlan: useMutation({ mutationFn: seasonPlansApi.create, onSuccess: plans }),
    removePlan: useMutation({ mutationFn: seasonPlansApi.remove, onSuccess: plans }),
    assign: useMutation({ mutationFn: (rows: FieldCropInput[]) => fieldCropsApi.createMany(rows), onSuccess: crops }),
    updateCrop: useMutation({ mutationFn: ({ id, body }: { id: number; body: FieldCropUpdateBody }) => fieldCropsApi.update(id, body), onSuccess: crops }),
    removeCrop: useMutation({ mutationFn: fieldCropsApi.remove, onSuccess: crops }),
  };
}
