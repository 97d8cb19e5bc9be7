import { useQuery } from '@tanstack/react-query';
import type { Company, Farm } from '@fm/domain';
import { useSession } from '../../session/hooks';
import { resourceKeys } from '../resources/queries';
import type { ResourceScope } from '../resources/api';
import { companiesApi, farmsApi, listFields } from './api';

/** Query keys live under the shared list keys of 'companies' and 'farms': one invalidation refreshes tables and pickers. */
export const landKeys = {
  companies: (workspaceId: number | null, scope: ResourceScope) => [...resourceKeys.all('companies'), 'all', workspaceId, scope] as const,
  farms: (workspaceId: number | null, scope: ResourceScope) => [...resourceKeys.all('farms'), 'all', workspaceId, scope] as const,
  fields: (farmId: number) => [...resourceKeys.all('fields'), farmId] as const,
};

/** Every company of the scope (pickers: partners of an agreement, season plan company). */
export function useCompanies(scope: ResourceScope) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({ queryKey: landKeys.companies(workspaceId, scope), queryFn: (): Promise<Company[]> => companiesApi(scope).list({ order_by: 'name' }) });
}

/** One farm with its plots (the edit form: list pages carry only the plots' count), or null when it is not visible. */
export function useFarm(scope: ResourceScope, farmId: number | null) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({
    queryKey: [...resourceKeys.all('farms'), 'one', workspaceId, scope, farmId],
    enabled: farmId !== null,
    queryFn: async (): Promise<Farm | null> => {
      const filters = JSON.stringify({ AND: [{ field: 'farm_id', condition: 'is', value: farmId }] });
      const [farm] = await farmsApi(scope).list({ include: 'city,state,fields', filters });
      return farm ?? null;
    },
  });
}

export function useFarms(scope: ResourceScope) {
  const workspaceId = useSession()?.workspaceId ?? null;
  return useQuery({
    queryKey: landKeys.farms(workspaceId, scope),
    queryFn: (): Promise<Farm[]> => farmsApi(scope).list({ order_by: 'name', include: 'city,state' }),
  });
}

/**
 * The plots (not deleted) of one farm, for a plot picker: only that farm's, never every farm with every plot's
 * boundary. Empty until a farm is chosen.
 */
export function useFarmPlots(farmId: number | null | undefined) {
  return useQuery({ queryKey: landKeys.fields(farmId ?? 0), queryFn: () => listFields(farmId ?? 0), enabled: !!farmId });
}
