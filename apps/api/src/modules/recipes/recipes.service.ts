import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { doseTotal, haTotal, RECIPE_MSG, WORK_ORDER_MSG, WORK_ORDER_STATUS, type RecipeRequestBody, type RecipeStatus, type WorkOrder } from '@fm/domain';
import type { Executor } from '../../db/client';
import { recipes } from '../../db/schema/index';
import { AppError, conflict, notFound } from '../../http/errors';
import { deleteUpload, saveUpload, type FileStore } from '../../files/index';
import { renderRecipePdf, type IssuedRecipe, type RecipeContent, type RecipeCredentials, type RecipeIssuer, type SecretBox } from '../../integrations/recipes/index';
import { loadWorkOrder } from '../work-orders/index';
import { findAccount, findRecipe, nextBuiltinNumber, recipeExtras, storageKeyOf, userName, type RecipeRow } from './recipes.repo';

export type RecipeDeps = { db: Executor; issuer: RecipeIssuer; box: SecretBox; store: FileStore };
type Actor = { workspaceId: number; userId: number };

const refuse = (field: string, msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', field], msg }]);

/** The linked account's credentials (decrypted only here, for the call); null when none is linked. */
async function credentialsOf(deps: RecipeDeps, workspaceId: number): Promise<RecipeCredentials | null> {
  const account = await findAccount(deps.db, workspaceId);
  return account ? { user: account.recipe_user, password: deps.box.open(account.recipe_password_encrypted) } : null;
}

/** The lots and supplies chosen (all the order's when omitted): at least 1 of each, all of this order (doc 2 §5). */
function chosen(order: WorkOrder, body: RecipeRequestBody) {
  const lots = body.field_crop_ids ? order.field_crops.filter((l) => body.field_crop_ids?.includes(l.field_crop_id)) : order.field_crops;
  const sups = body.supply_ids ? order.supplies.filter((s) => body.supply_ids?.includes(s.supply_id)) : order.supplies;
  if (body.field_crop_ids?.some((id) => !order.field_crops.some((l) => l.field_crop_id === id))) throw refuse('field_crop_ids', RECIPE_MSG.lotNotInOrder);
  if (body.supply_ids?.some((id) => !order.supplies.some((s) => s.supply_id === id))) throw refuse('supply_ids', RECIPE_MSG.supplyNotInOrder);
  if (!lots.length) throw refuse('field_crop_ids', RECIPE_MSG.lotRequired);
  if (!sups.length) throw refuse('supply_ids', RECIPE_MSG.supplyRequired);
  return { lots, sups };
}

/** The receta's content: the order's data for the chosen lots and supplies, and the request. */
async function contentOf(db: Executor, order: WorkOrder, body: RecipeRequestBody, requestedBy: string, now: Date): Promise<RecipeContent> {
  const { lots, sups } = chosen(order, body);
  const hectares = haTotal(lots);
  const extras = await recipeExtras(db, order.company.company_id, sups.map((s) => s.supply_id));
  return {
    work_order_id: order.work_order_id,
    requested_at: now.toISOString(),
    requested_by: requestedBy,
    company: { name: order.company.name, tax_identifier: extras.taxIdentifier },
    farm: { name: order.farm.name },
    season: { name: order.season.name },
    labor: { name: order.labor.name },
    contractor: order.contractor ? { name: order.contractor.name } : null,
    labor_start_date: order.labor_start_date,
    labor_end_date: order.labor_end_date,
    lots: lots.map((l) => ({ name: l.field.name, hectares: l.hectares_to_apply, crop: l.crop?.name ?? null, stage: l.stage?.name ?? null })),
    supplies: sups.map((s) => ({
      name: s.supply.name,
      active_ingredient: s.supply.generic?.name ?? null,
      brand: extras.supplies.get(s.supply_id)?.brand ?? null,
      formulation: extras.supplies.get(s.supply_id)?.formulation ?? null,
      unit: s.unit.name,
      dose: s.dose_to_apply,
      // the receta covers the chosen lots only
      total_quantity: doseTotal(s.dose_to_apply, hectares),
    })),
    adversities: order.adversities.map((a) => ({ name: a.name, type: a.adversity_type || null })),
    observations: order.observations,
    recommendations: body.recommendations,
    use_restrictions: body.use_restrictions,
  };
}

async function storePdf(deps: RecipeDeps, actor: Actor, number: string, pdf: Buffer): Promise<number> {
  const file = await saveUpload(deps.db, deps.store, { workspaceId: actor.workspaceId, userId: actor.userId, filename: `Receta_${number}.pdf`, buffer: pdf, allowed: ['pdf'] });
  return file.file_id;
}

/**
 * Requests a prescription for an order of the workspace (POST work-orders/recipes): not for a planned or disabled
 * order; at least 1 lot and 1 supply of the order. The built-in issuer numbers it (RA-00000001…) and keeps its PDF
 * in the file store; the external service issues it with the workspace's linked account (422 without one).
 * No HTTP call or file write runs inside a transaction.
 */
export async function requestRecipe(deps: RecipeDeps, actor: Actor, workOrderId: number, body: RecipeRequestBody) {
  const order = await loadWorkOrder(deps.db, actor.workspaceId, workOrderId);
  if (!order) throw notFound(WORK_ORDER_MSG.notFound);
  if (order.deleted_at !== null || order.status_id === WORK_ORDER_STATUS.PLANNED) throw new AppError('VALIDATION', RECIPE_MSG.orderNotAvailable);
  const now = new Date();
  const content = await contentOf(deps.db, order, body, await userName(deps.db, actor.userId), now);
  const base = {
    workspace_id: actor.workspaceId,
    work_order_id: workOrderId,
    recommendations: body.recommendations,
    use_restrictions: body.use_restrictions,
    field_crop_ids: content.lots.length === order.field_crops.length ? order.field_crops.map((l) => l.field_crop_id) : (body.field_crop_ids ?? []),
    supply_ids: content.supplies.length === order.supplies.length ? order.supplies.map((s) => s.supply_id) : (body.supply_ids ?? []),
    created_by: actor.userId,
    updated_by: actor.userId,
  };

  if (deps.issuer.needsAccount) {
    const credentials = await credentialsOf(deps, actor.workspaceId);
    if (!credentials) throw new AppError('VALIDATION', RECIPE_MSG.accountRequired);
    const issued = await deps.issuer.issue(content, credentials, '');
    const [row] = await deps.db.insert(recipes).values({ ...base, issuer: deps.issuer.kind, external_id: issued.external_id, number: issued.number, status: issued.status }).returning();
    return { recipe_id: row.recipe_id, number: issued.number, status: issued.status };
  }

  const row = await deps.db.transaction(async (tx) => {
    const number = await nextBuiltinNumber(tx, actor.workspaceId);
    const [inserted] = await tx.insert(recipes).values({ ...base, issuer: 'builtin', number, status: 'Pendiente' }).returning();
    return inserted;
  });
  const number = row.number ?? '';
  const issued = await deps.issuer.issue(content, null, number);
  const pdf = await renderRecipePdf({ ...issued, content, created_at: row.created_at });
  const fileId = await storePdf(deps, actor, number, pdf);
  await deps.db.update(recipes).set({ status: issued.status, file_id: fileId, content, updated_at: new Date() }).where(eq(recipes.recipe_id, row.recipe_id));
  return { recipe_id: row.recipe_id, number, status: issued.status };
}

async function issuedFromRow(deps: RecipeDeps, workspaceId: number, row: RecipeRow, status: RecipeStatus): Promise<IssuedRecipe> {
  // what was printed, when it was kept (since migration 0006): an edit of the order since must not change the copy
  if (row.content) return { external_id: row.external_id, number: row.number ?? '', status, content: row.content as RecipeContent, created_at: row.created_at };
  const order = await loadWorkOrder(deps.db, workspaceId, row.work_order_id);
  if (!order) throw notFound(RECIPE_MSG.notFound);
  // lots or supplies removed from the order since the request are left out (all of the order's if none is left)
  const lots = row.field_crop_ids.filter((id) => order.field_crops.some((l) => l.field_crop_id === id));
  const sups = row.supply_ids.filter((id) => order.supplies.some((s) => s.supply_id === id));
  const body = {
    recommendations: row.recommendations ?? '',
    use_restrictions: row.use_restrictions as RecipeRequestBody['use_restrictions'],
    field_crop_ids: lots.length ? lots : undefined,
    supply_ids: sups.length ? sups : undefined,
  };
  const content = await contentOf(deps.db, order, body, await userName(deps.db, row.created_by ?? 0), row.created_at);
  return { external_id: row.external_id, number: row.number ?? '', status, content, created_at: row.created_at };
}

/** The receta's PDF: the stored one of the built-in issuer, or the external service's. */
export async function recipePdf(deps: RecipeDeps, workspaceId: number, recipeId: number): Promise<{ number: string; pdf: Buffer | Readable }> {
  const row = await findRecipe(deps.db, workspaceId, recipeId);
  if (!row) throw notFound(RECIPE_MSG.notFound);
  if (row.issuer === 'builtin') {
    const key = row.file_id !== null ? await storageKeyOf(deps.db, workspaceId, row.file_id) : undefined;
    if (key) return { number: row.number ?? '', pdf: await deps.store.get(key) };
    // issued but its PDF was never stored (the request failed half way): print it now
    return { number: row.number ?? '', pdf: await renderRecipePdf(await issuedFromRow(deps, workspaceId, row, row.status as RecipeStatus)) };
  }
  const issued = { external_id: row.external_id, number: row.number ?? '', status: row.status as RecipeStatus, content: {} as RecipeContent, created_at: row.created_at };
  return { number: issued.number, pdf: await deps.issuer.pdf(issued, await credentialsOf(deps, workspaceId)) };
}

/**
 * Cancels a receta (DELETE recipes?recipe_id=): the external service first, then the row; the built-in issuer's
 * PDF is printed again marked ANULADA, so a printed copy cannot pass for a valid one.
 */
export async function cancelRecipe(deps: RecipeDeps, actor: Actor, recipeId: number): Promise<void> {
  const row = await findRecipe(deps.db, actor.workspaceId, recipeId);
  if (!row) throw notFound(RECIPE_MSG.notFound);
  if (row.status === 'Anulada') throw conflict(RECIPE_MSG.alreadyCancelled);
  let fileId = row.file_id;
  if (row.issuer === 'builtin') {
    const pdf = await renderRecipePdf(await issuedFromRow(deps, actor.workspaceId, row, 'Anulada'));
    fileId = await storePdf(deps, actor, row.number ?? String(row.recipe_id), pdf);
  } else {
    const issued = { external_id: row.external_id, number: row.number ?? '', status: row.status as RecipeStatus, content: {} as RecipeContent, created_at: row.created_at };
    await deps.issuer.cancel(issued, await credentialsOf(deps, actor.workspaceId));
  }
  await deps.db.update(recipes).set({ status: 'Anulada', cancelled_at: new Date(), file_id: fileId, updated_at: new Date(), updated_by: actor.userId }).where(eq(recipes.recipe_id, row.recipe_id));
  if (row.file_id !== null && fileId !== row.file_id) await deleteUpload(deps.db, deps.store, actor.workspaceId, row.file_id);
}
