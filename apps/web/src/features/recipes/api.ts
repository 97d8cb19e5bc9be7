import type { RecipeAccount, RecipeAccountBody, RecipeRequestBodyInput } from '@fm/domain';
import { api, first } from '../../api/client';
import { downloadFile } from '../../api/download';

/** Recipe calls (spec doc 2 §7 "Recipes", "Work orders" prescription; contract). */
export const recipesApi = {
  request: async (workOrderId: number, body: RecipeRequestBodyInput) =>
    (await api.post<{ recipe_id: number; number: string; status: string }[]>('work-orders/recipes', body, { query: { work_order_id: workOrderId }, overlay: true })).message,
  cancel: async (recipeId: number) => (await api.del<unknown>('recipes', { query: { recipe_id: recipeId } })).message,
  pdf: (recipeId: number, number: string) => downloadFile('recipes/pdf', { recipe_id: recipeId }, `Receta_${number || recipeId}.pdf`),
  account: async (): Promise<RecipeAccount> => first(await api.get<RecipeAccount[]>('recipes/account')),
  link: async (body: RecipeAccountBody) => (await api.post<RecipeAccount[]>('recipes/account', body, { overlay: true })).message,
  unlink: async () => (await api.del<RecipeAccount[]>('recipes/account')).message,
};
