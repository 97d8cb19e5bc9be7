import { and, asc, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Warehouse } from '@fm/domain';
import type { Executor } from '../../db/client';
import { stocks, warehouses, workspaces } from '../../db/schema/index';
import { listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { countStatement, listStatement, type StatementShape } from '../../http/list-statement';
import { sharedWorkspaces } from '../../http/sharing';
import { scopeValues, visibleIn, visibleInShape, type ResourceScope } from '../../http/resource-scope';

/** Depósitos list (spec doc 2 §2.8): name filter and search, paged 5/10/15. */
export const warehouseList: ListSpec = {
  resource: 'warehouse',
  fields: {
    warehouse_id: { column: warehouses.warehouse_id, type: 'number' },
    name: { column: warehouses.name, type: 'string' },
  },
  defaultOrder: [asc(warehouses.name), asc(warehouses.warehouse_id)],
};

export const warehouseVisible = (scope: ResourceScope) => visibleIn(scope, 'warehouses', warehouses.warehouse_id, warehouses.user_id);

/**
 * Stock rows holding quantity in the warehouse, counted where the caller may look: the workspace's, or with
 * scope=account those of every workspace of the account (never another account's, even in a shared warehouse).
 */
function stockCount(account: boolean, ownerId: number | Placeholder, workspaceId: number | Placeholder): SQL<number> {
  const tenant = account
    ? sql`${stocks.workspace_id} in (select ${workspaces.workspace_id} from ${workspaces} where ${workspaces.user_id} = ${ownerId})`
    : sql`${stocks.workspace_id} = ${workspaceId}`;
  // the outer column named by hand: drizzle writes a column of a one-table select unqualified, which inside this
  // subquery would name stocks' own warehouse_id (every stock of the tenant counted)
  return sql<number>`(select cast(count(*) as integer) from ${stocks} where ${stocks.warehouse_id} = "warehouses"."warehouse_id" and ${stocks.quantity} > 0 and ${tenant})`;
}

/** The scope's kind, and whether one warehouse is asked for. */
type WarehouseVariant = { scope: ResourceScope['kind']; byId: boolean };
const warehouseWhere = (s: StatementShape, variant: WarehouseVariant) =>
  and(visibleInShape(s, variant.scope, 'warehouses', warehouses.warehouse_id, warehouses.user_id), s.where, variant.byId ? eq(warehouses.warehouse_id, s.param('warehouse_id')) : undefined);
const warehousesPage = listStatement((db, s, variant: WarehouseVariant) =>
  db
    .select({ warehouse_id: warehouses.warehouse_id, name: warehouses.name, stock_count: stockCount(variant.scope === 'account', s.param('owner'), s.param('workspace')) })
    .from(warehouses)
    .where(warehouseWhere(s, variant))
    .orderBy(...s.orderBy)
    .limit(s.limit)
    .offset(s.offset),
);
const warehousesMatching = countStatement((db, s, variant: WarehouseVariant) => db.select({ id: warehouses.warehouse_id }).from(warehouses).where(warehouseWhere(s, variant)).$dynamic());

/** One page of the warehouses visible in the scope (`warehouseId`: that one only). */
export async function listWarehouses(db: Executor, scope: ResourceScope, plan: ListPlan, warehouseId?: number) {
  const variant: WarehouseVariant = { scope: scope.kind, byId: warehouseId !== undefined };
  const values = { ...scopeValues(scope), warehouse_id: warehouseId };
  return listPage(db, plan, () => warehousesPage(db, plan, values, variant), warehousesMatching(db, plan, values, variant));
}

export type WarehouseRow = typeof warehouses.$inferSelect;

/** The warehouse if visible in the scope; `lock` takes it FOR UPDATE (a delete against a concurrent stock entry). */
export async function findWarehouse(db: Executor, scope: ResourceScope, warehouseId: number, lock = false): Promise<WarehouseRow | undefined> {
  const q = db.select().from(warehouses).where(and(eq(warehouses.warehouse_id, warehouseId), warehouseVisible(scope)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** API shape: the workspaces each warehouse is shared into and its stock count in the scope. */
export async function shapeWarehouses(db: Executor, rows: { warehouse_id: number; name: string; stock_count: number }[]): Promise<Warehouse[]> {
  const shared = await sharedWorkspaces(db, 'warehouses', rows.map((r) => r.warehouse_id));
  return rows.map((r) => ({ warehouse_id: r.warehouse_id, name: r.name, workspaces: shared.get(r.warehouse_id) ?? [], stock_count: Number(r.stock_count) }));
}

/**
 * One warehouse of the scope's account just written (it may no longer be shared into the current workspace),
 * with the stock count the scope may see.
 */
export async function findShapedWarehouse(db: Executor, scope: ResourceScope, warehouseId: number): Promise<Warehouse | undefined> {
  const [row] = await db
    .select({ warehouse_id: warehouses.warehouse_id, name: warehouses.name, stock_count: stockCount(scope.kind === 'account', scope.ownerId, scope.workspaceId) })
    .from(warehouses)
    .where(and(eq(warehouses.warehouse_id, warehouseId), eq(warehouses.user_id, scope.ownerId)));
  return row ? (await shapeWarehouses(db, [row]))[0] : undefined;
}

/** What the warehouse holds, in any workspace: stock rows with quantity, and stock rows at all. */
export async function warehouseHoldings(db: Executor, warehouseId: number): Promise<{ withQuantity: number; rows: number }> {
  const [row] = await db
    .select({
      withQuantity: sql<number>`cast(count(*) filter (where ${gt(stocks.quantity, '0')}) as integer)`,
      rows: sql<number>`cast(count(*) as integer)`,
    })
    .from(stocks)
    .where(eq(stocks.warehouse_id, warehouseId));
  return { withQuantity: Number(row?.withQuantity ?? 0), rows: Number(row?.rows ?? 0) };
}
