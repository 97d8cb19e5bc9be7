import { and, eq } from 'drizzle-orm';
import { INVENTORY_CATALOGUE_MSG as MSG, type Warehouse, type WarehouseBody, type WarehouseUpdateBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { warehouses } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { assertSharingOwner, setSharing, share, unshareAll } from '../../http/sharing';
import { assertUnused, viewerOf } from '../../http/usage-checks';
import type { ResourceScope } from '../../http/resource-scope';
import { findShapedWarehouse, findWarehouse, warehouseHoldings, warehouseVisible } from './warehouses.repo';

async function shaped(db: Executor, scope: ResourceScope, warehouseId: number): Promise<Warehouse> {
  const row = await findShapedWarehouse(db, scope, warehouseId);
  if (!row) throw notFound(MSG.warehouseNotFound);
  return row;
}

/**
 * Creates a warehouse owned by the workspace's owner, shared into the workspace and into the chosen workspaces of
 * the same account (others are dropped). Only the owner chooses workspaces beyond the current one.
 */
export async function createWarehouse(db: Executor, scope: ResourceScope, actorId: number, body: WarehouseBody): Promise<Warehouse> {
  const requested = body.workspaces ?? [];
  const others = requested.filter((w) => w !== scope.workspaceId);
  if (others.length) assertSharingOwner(scope.ownerId, actorId);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(warehouses).values({ user_id: scope.ownerId, name: body.name, created_by: actorId, updated_by: actorId }).returning();
    if (others.length) await setSharing(tx, { type: 'warehouses', id: row.warehouse_id, ownerId: scope.ownerId }, actorId, [scope.workspaceId, ...others]);
    else await share(tx, 'warehouses', row.warehouse_id, [scope.workspaceId]);
    return shaped(tx, scope, row.warehouse_id);
  });
}

/** Renames a visible warehouse; `workspaces` replaces its sharing (the owning account only). */
export async function updateWarehouse(db: Executor, scope: ResourceScope, actorId: number, warehouseId: number, body: WarehouseUpdateBody): Promise<Warehouse> {
  return db.transaction(async (tx) => {
    const current = await findWarehouse(tx, scope, warehouseId);
    if (!current) throw notFound(MSG.warehouseNotFound);
    if (body.workspaces) assertSharingOwner(current.user_id, actorId);
    if (body.name !== undefined) {
      await tx.update(warehouses).set({ name: body.name, updated_at: new Date(), updated_by: actorId }).where(and(eq(warehouses.warehouse_id, warehouseId), warehouseVisible(scope)));
    }
    if (body.workspaces) await setSharing(tx, { type: 'warehouses', id: warehouseId, ownerId: current.user_id }, actorId, body.workspaces);
    return shaped(tx, scope, warehouseId);
  });
}

/**
 * Deletes a visible warehouse that holds nothing: refused (409) while any stock row in it has quantity, in any
 * workspace (the stock ledger must never lose a place), and while stock rows at zero keep its history.
 * The row is locked first, so a concurrent stock entry either commits before the check or fails after the delete.
 */
export async function deleteWarehouse(db: Executor, scope: ResourceScope, warehouseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findWarehouse(tx, scope, warehouseId, true);
    if (!current) throw notFound(MSG.warehouseNotFound);
    const holdings = await warehouseHoldings(tx, warehouseId);
    if (holdings.withQuantity > 0) throw conflict(MSG.warehouseHasStock);
    if (holdings.rows > 0) throw conflict(MSG.warehouseHasHistory);
    await assertUnused(tx, 'warehouses', warehouseId, 'el depósito', viewerOf(scope));
    // the links go last: in a workspace scope they are what makes the warehouse visible
    await tx.delete(warehouses).where(and(eq(warehouses.warehouse_id, warehouseId), warehouseVisible(scope)));
    await unshareAll(tx, 'warehouses', warehouseId);
  });
}
