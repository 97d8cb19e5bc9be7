import { maskUser, type RecipeAccount, type RecipeAccountBody } from '@fm/domain';
import { deleteAccount, findAccount, upsertAccount } from './recipes.repo';
import type { RecipeDeps } from './recipes.service';

/** GET recipes/account: whether the workspace is linked, with the user masked; the password never leaves the server. */
export async function getAccount(deps: RecipeDeps, workspaceId: number): Promise<RecipeAccount> {
  const account = await findAccount(deps.db, workspaceId);
  return { linked: Boolean(account), recipe_user_masked: account ? maskUser(account.recipe_user) : null, account_required: deps.issuer.needsAccount };
}

/**
 * Links (or re-links) the workspace's recipe account: the service checks the credentials first (422 when it refuses
 * them), then the password is stored sealed with AES-256-GCM.
 */
export async function linkAccount(deps: RecipeDeps, actor: { workspaceId: number; userId: number }, body: RecipeAccountBody): Promise<RecipeAccount> {
  await deps.issuer.verifyAccount({ user: body.recipe_user, password: body.recipe_password });
  await upsertAccount(deps.db, actor.workspaceId, actor.userId, body.recipe_user, deps.box.seal(body.recipe_password));
  return { linked: true, recipe_user_masked: maskUser(body.recipe_user), account_required: deps.issuer.needsAccount };
}

export async function unlinkAccount(deps: RecipeDeps, workspaceId: number): Promise<RecipeAccount> {
  await deleteAccount(deps.db, workspaceId);
  return { linked: false, recipe_user_masked: null, account_required: deps.issuer.needsAccount };
}
