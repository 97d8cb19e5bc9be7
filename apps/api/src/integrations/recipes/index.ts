import type { Config } from '../../config';
import { builtinIssuer } from './builtin-issuer';
import { httpIssuer } from './http-client';
import type { RecipeIssuer } from './types';

export { renderRecipePdf } from './builtin-issuer';
export { resolveRecipesKey, secretBox, type SecretBox } from './secret-box';
export type { IssuedRecipe, IssueResult, RecipeContent, RecipeCredentials, RecipeIssuer } from './types';

/** The external prescription service when RECIPES_API_URL is set, else the built-in issuer. */
export function createRecipeIssuer(config: Pick<Config, 'RECIPES_API_URL'>): RecipeIssuer {
  return config.RECIPES_API_URL ? httpIssuer(config.RECIPES_API_URL) : builtinIssuer;
}
