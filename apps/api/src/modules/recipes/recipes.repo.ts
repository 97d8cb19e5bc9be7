import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Recipe, RecipeStatus } from '@fm/domain';
import type { Executor } from '../../db/client';
import { brands, companies, farms, files, recipeAccounts, recipes, supplies, users, workOrders, workspaces } from '../../db/schema/index';
import { listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { listStatements } from '../../http/list-statement';

/** Recetas agronómicas list (contract "Recipes"): newest first, filter by status, order or number. */
export const recipeList: ListSpec = {
  resource: 'recipe',
  fields: {
    recipe_id: { column: recipes.recipe_id, type: 'number' },
    work_order_id: { column: recipes.work_order_id, type: 'number' },
    number: { column: recipes.number, type: 'string' },
    status: { column: recipes.status, type: 'string' },
    created_at: { column: recipes.created_at, type: 'date' },
  },
  defaultOrder: [desc(recipes.recipe_id)],
};

const recipesList = listStatements({
  columns: {
    recipe_id: recipes.recipe_id,
    external_id: recipes.external_id,
    number: recipes.number,
    work_order_id: recipes.work_order_id,
    status: recipes.status,
    created_at: recipes.created_at,
    farm: { farm_id: farms.farm_id, name: farms.name },
    company: { company_id: companies.company_id, name: companies.name },
  },
  id: recipes.recipe_id,
  from: (select, s) => select.from(recipes).where(and(eq(recipes.workspace_id, s.param('workspace')), s.where)),
  // every recipe has its order, and the order its farm and company: only the page's columns read them
  columnJoins: (filtered) =>
    filtered
      .innerJoin(workOrders, eq(workOrders.work_order_id, recipes.work_order_id))
      .innerJoin(farms, eq(farms.farm_id, workOrders.farm_id))
      .innerJoin(companies, eq(companies.company_id, workOrders.company_id)),
});

/** One page of the workspace's recipes, prepared per filter shape (decision 0029). */
export async function listRecipes(db: Executor, workspaceId: number, plan: ListPlan): Promise<{ data: Recipe[]; extra: Record<string, unknown> }> {
  const values = { workspace: workspaceId };
  const page = await listPage(db, plan, () => recipesList.page(db, plan, values), recipesList.matching(db, plan, values));
  const data = page.data.map((r) => ({ ...r, number: r.number ?? '', status: r.status as RecipeStatus, created_at: r.created_at.toISOString() }));
  return { data, extra: page.extra };
}

export type RecipeRow = typeof recipes.$inferSelect;

export async function findRecipe(db: Executor, workspaceId: number, recipeId: number, lock = false): Promise<RecipeRow | undefined> {
  const q = db.select().from(recipes).where(and(eq(recipes.workspace_id, workspaceId), eq(recipes.recipe_id, recipeId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * The next number of the built-in issuer in the workspace: the workspace row is locked first, so two requests at
 * once take consecutive numbers (the unique index on workspace, issuer and number is the last line of defence).
 */
export async function nextBuiltinNumber(tx: Executor, workspaceId: number): Promise<string> {
  await tx.select({ id: workspaces.workspace_id }).from(workspaces).where(eq(workspaces.workspace_id, workspaceId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(recipes)
    .where(and(eq(recipes.workspace_id, workspaceId), eq(recipes.issuer, 'builtin')));
  return `RA-${String(Number(row?.n ?? 0) + 1).padStart(8, '0')}`;
}

export async function storageKeyOf(db: Executor, workspaceId: number, fileId: number): Promise<string | undefined> {
  const [row] = await db.select({ key: files.storage_key }).from(files).where(and(eq(files.file_id, fileId), eq(files.workspace_id, workspaceId)));
  return row?.key;
}

/** What the receta prints beyond the order's shape: the company's CUIT, each supply's brand and formulation. */
export async function recipeExtras(db: Executor, companyId: number, supplyIds: number[]) {
  const [company] = await db.select({ tax_identifier: companies.tax_identifier }).from(companies).where(eq(companies.company_id, companyId));
  const rows = supplyIds.length
    ? await db
        .select({ supply_id: supplies.supply_id, brand: brands.name, formulation: supplies.formulation_denomination })
        .from(supplies)
        .leftJoin(brands, eq(brands.brand_id, supplies.brand_id))
        .where(inArray(supplies.supply_id, supplyIds))
    : [];
  return { taxIdentifier: company?.tax_identifier ?? null, supplies: new Map(rows.map((r) => [r.supply_id, r])) };
}

export async function userName(db: Executor, userId: number): Promise<string> {
  const [u] = await db.select({ name: users.name, last_name: users.last_name }).from(users).where(eq(users.user_id, userId));
  return u ? `${u.name} ${u.last_name}`.trim() : '';
}

export async function findAccount(db: Executor, workspaceId: number) {
  const [row] = await db.select().from(recipeAccounts).where(and(eq(recipeAccounts.workspace_id, workspaceId), eq(recipeAccounts.active, true)));
  return row;
}

export async function upsertAccount(db: Executor, workspaceId: number, userId: number, recipeUser: string, sealed: string): Promise<void> {
  await db
    .insert(recipeAccounts)
    .values({ workspace_id: workspaceId, user_id: userId, recipe_user: recipeUser, recipe_password_encrypted: sealed, active: true })
    .onConflictDoUpdate({
      target: recipeAccounts.workspace_id,
      set: { user_id: userId, recipe_user: recipeUser, recipe_password_encrypted: sealed, active: true, updated_at: new Date() },
    });
}

export async function deleteAccount(db: Executor, workspaceId: number): Promise<boolean> {
  const rows = await db.delete(recipeAccounts).where(eq(recipeAccounts.workspace_id, workspaceId)).returning({ id: recipeAccounts.recipe_account_id });
  return rows.length > 0;
}
