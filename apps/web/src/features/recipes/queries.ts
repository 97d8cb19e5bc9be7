import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../session/hooks';
import { recipesApi } from './api';

/** List resource of the recipes table (GET recipes). */
export const RECIPES_RESOURCE = 'recipes';

export const recipeKeys = {
  accounts: () => ['recipes', 'account'] as const,
  account: (ws: number | null) => ['recipes', 'account', ws] as const,
};

export function useRecipeAccount() {
  const ws = useSession()?.workspaceId ?? null;
  return useQuery({ queryKey: recipeKeys.account(ws), queryFn: recipesApi.account, retry: false });
}
