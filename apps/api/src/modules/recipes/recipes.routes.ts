import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADDON_ID, ListQuery, RECIPE_MSG, RecipeAccountBody, RecipeRequestBody, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { hasAddon } from '../plans/index';
import { planList } from '../../http/list-query';
import { createRecipeIssuer, resolveRecipesKey, secretBox } from '../../integrations/recipes/index';
import { getAccount, linkAccount, unlinkAccount } from './recipe-account.service';
import { listRecipes, recipeList } from './recipes.repo';
import { cancelRecipe, recipePdf, requestRecipe, type RecipeDeps } from './recipes.service';

type Action = 'read' | 'create' | 'update' | 'delete';
const perm = (action: Action) => ({ permission: { module: 'agro_recipes' as const, action }, feature: 'agro_recipes' as const });
const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Agronomic prescriptions (module agro_recipes; spec doc 2 §2.4, §7 "Recipes"; issue 10 item 8): request from an
 * order, list, PDF, cancel, and the recipe-service account of the workspace. The Recetas add-on (doc 2 §2.4, §6)
 * gates the pages on the web and every route here: the workspace owner's account must hold it (403 otherwise),
 * after the module permission and the feature flag.
 */
export async function recipesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['recipes'];
  const deps: RecipeDeps = { db: app.db, issuer: createRecipeIssuer(app.config), box: secretBox(resolveRecipesKey(app.config)), store: app.fileStore };
  app.addHook('preHandler', async (request) => {
    if (!(await hasAddon(app.db, requireWorkspace(request).owner_user_id, ADDON_ID.RECIPES))) throw forbidden(RECIPE_MSG.addonRequired);
  });
  const actor = (request: FastifyRequest) => ({ workspaceId: requireWorkspace(request).workspace_id, userId: requireAuth(request).user_id });

  app.post(
    '/work-orders/recipes',
    {
      config: perm('create'),
      schema: {
        tags,
        summary: 'Solicita una receta agronómica para la orden (al menos 1 lote y 1 insumo)',
        description:
          'Body {recommendations, use_restrictions:{grace_period, reentry_period, ventilation_period: {quantity, unit (1 días, 0 horas)}}, field_crop_ids?, supply_ids?} (por defecto todos los de la orden). data[0]: {recipe_id, number, status}.',
        querystring: WorkspaceQuery.extend({ work_order_id: id }),
        body: RecipeRequestBody,
      },
    },
    async (request, reply) => {
      const recipe = await requestRecipe(deps, actor(request), request.query.work_order_id, request.body);
      return reply.code(201).send(created(recipe, RECIPE_MSG.requested));
    },
  );

  app.get(
    '/recipes',
    {
      config: perm('read'),
      schema: {
        tags,
        summary: 'Recetas agronómicas del espacio de trabajo (paginado, más nuevas primero)',
        description: "data: [{recipe_id, external_id, number, work_order_id, status ('Emitida'|'Anulada'|'Pendiente'), created_at, farm, company}]",
        querystring: ListQuery,
      },
    },
    async (request) => {
      const { data, extra } = await listRecipes(app.db, requireWorkspace(request).workspace_id, planList(request.query, recipeList));
      return ok(data, extra);
    },
  );

  app.get(
    '/recipes/pdf',
    { config: perm('read'), schema: { tags, summary: 'PDF de la receta (application/pdf)', querystring: WorkspaceQuery.extend({ recipe_id: id }) } },
    async (request, reply) => {
      const { number, pdf } = await recipePdf(deps, requireWorkspace(request).workspace_id, request.query.recipe_id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="Receta_${number.replace(/[^\w-]/g, '_')}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.delete(
    '/recipes',
    { config: perm('delete'), schema: { tags, summary: 'Anula una receta', querystring: WorkspaceQuery.extend({ recipe_id: id }) } },
    async (request) => {
      await cancelRecipe(deps, actor(request), request.query.recipe_id);
      return ok([], { message: RECIPE_MSG.cancelled });
    },
  );

  app.get(
    '/recipes/account',
    { config: perm('read'), schema: { tags, summary: 'Cuenta del servicio de recetas vinculada: {linked, recipe_user_masked, account_required}', querystring: WorkspaceQuery } },
    async (request) => ok(await getAccount(deps, requireWorkspace(request).workspace_id)),
  );

  app.post(
    '/recipes/account',
    {
      config: perm('create'),
      schema: { tags, summary: 'Vincula la cuenta del servicio de recetas (la contraseña se guarda cifrada y nunca se devuelve)', querystring: WorkspaceQuery, body: RecipeAccountBody },
    },
    async (request) => ok(await linkAccount(deps, actor(request), request.body), { message: RECIPE_MSG.accountLinked }),
  );

  app.delete(
    '/recipes/account',
    { config: perm('delete'), schema: { tags, summary: 'Desvincula la cuenta del servicio de recetas', querystring: WorkspaceQuery } },
    async (request) => ok(await unlinkAccount(deps, requireWorkspace(request).workspace_id), { message: RECIPE_MSG.accountUnlinked }),
  );
}
