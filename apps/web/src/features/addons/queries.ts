import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionRequestType } from '@fm/domain';
import { useSession } from '../../session/hooks';
import { fetchPlanInfo, renewTrial, requestSubscription } from './api';

export const planKeys = {
  all: ['plan'] as const,
  info: (userId: number | undefined) => ['plan', 'info', userId] as const,
};

export function usePlanInfo() {
  const userId = useSession()?.user.user_id;
  return useQuery({ queryKey: planKeys.info(userId), queryFn: fetchPlanInfo, enabled: userId !== undefined, staleTime: 60_000 });
}

export function useSubscriptionRequest() {
  return useMutation({ mutationFn: (type: SubscriptionRequestType) => requestSubscription(type) });
}

export function useRenewTrial() {
  const client = useQueryClient();
  return useMutation({ mutationFn: renewTrial, onSuccess: () => client.invalidateQueries({ queryKey: planKeys.all }) });
}
