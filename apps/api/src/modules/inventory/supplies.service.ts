import { and, eq } from 'drizzle-orm';
import { INVENTORY_CATALOGUE_MSG as MSG, type Supply, type SupplyBody, type SupplyUpdateBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { brands, crops, supplies, units } from '../../db/schema/index';
import { conflict, forbidden, invalid, notFound } from '../../http/errors';
import { assertUnused } from '../../http/usage-checks';
import { findSupplyRow, ownSupplyTaken, shapeSupplies, supplyStockRows } from './supplies.repo';

/** The brand, unit and crop a body names exist (a 422 on the field rather than a bare foreign-key error). */
async function checkReferences(db: Executor, body: Partial<SupplyBody>): Promise<void> {
  if (body.unit_id !== undefined) {
    const [u] = await db.select({ id: units.unit_id }).from(units).where(eq(units.unit_id, body.unit_id));
    if (!u) throw invalid('unit_id', MSG.unitNotFound);
  }
  if (body.brand_id !== undefined && body.brand_id !== null) {
    const [b] = await db.select({ id: brands.brand_id }).from(brands).where(eq(brands.brand_id, body.brand_id));
    if (!b) throw invalid('brand_id', MSG.brandNotFound);
  }
  if (body.crop_id !== undefined && body.crop_id !== null) {
    const [c] = await db.select({ id: crops.crop_id }).from(crops).where(eq(crops.crop_id, body.crop_id));
    if (!c) throw invalid('crop_id', MSG.cropNotFound);
  }
}

async function checkName(db: Executor, workspaceId: number, name: string, brandId: number | null, exceptId?: number): Promise<void> {
  if (await ownSupplyTaken(db, workspaceId, name, brandId, exceptId)) throw invalid('name', MSG.supplyTaken);
}

/** Columns of a body; undefined fields are left out (kept on update). */
function values(body: Partial<SupplyBody>) {
  const out: Partial<typeof supplies.$inferInsert> = {};
  if (body.name !== undefined) out.name = body.name;
  if (body.brand_id !== undefined) out.brand_id = body.brand_id;
  if (body.generic_name !== undefined) out.generic_name = body.generic_name;
  if (body.concentration !== undefined) out.concentration = body.concentration;
  if (body.formulation_denomination !== undefined) out.formulation_denomination = body.formulation_denomination;
  if (body.supply_type_id !== undefined) out.supply_type_id = body.supply_type_id;
  if (body.subtype !== undefined) out.subtype = body.subtype;
  if (body.unit_id !== undefined) out.unit_id = body.unit_id;
  if (body.senasa_registration !== undefined) out.senasa_registration = body.senasa_registration;
  if (body.toxicological_band !== undefined) out.toxicological_band = body.toxicological_band;
  if (body.eiq_value !== undefined) out.eiq_value = body.eiq_value === null ? null : body.eiq_value.toFixed(2);
  if (body.crop_id !== undefined) out.crop_id = body.crop_id;
  return out;
}

async function shapeOne(db: Executor, workspaceId: number, supplyId: number): Promise<Supply> {
  const row = await findSupplyRow(db, workspaceId, supplyId);
  if (!row) throw notFound(MSG.supplyNotFound);
  const [supply] = await shapeSupplies(db, workspaceId, [row]);
  return supply;
}

/**
 * The own supply of the workspace that a body may change: another workspace's is a 404 (never named), a
 * catalogue supply a 403 (the starter catalogue is shared by every workspace and read-only).
 */
async function ownSupply(db: Executor, workspaceId: number, supplyId: number) {
  const row = await findSupplyRow(db, workspaceId, supplyId);
  if (!row) throw notFound(MSG.supplyNotFound);
  if (row.workspace_id === null) throw forbidden(MSG.catalogueReadOnly);
  return row;
}

/** Creates a supply of the workspace's own (a product the catalogue lacks). */
export async function createSupply(db: Executor, workspaceId: number, actorId: number, body: SupplyBody): Promise<Supply> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, body);
    await checkName(tx, workspaceId, body.name, body.brand_id ?? null);
    const [row] = await tx
      .insert(supplies)
      .values({ ...values(body), name: body.name, supply_type_id: body.supply_type_id, unit_id: body.unit_id, workspace_id: workspaceId, created_by: actorId, updated_by: actorId })
      .returning({ supply_id: supplies.supply_id });
    return shapeOne(tx, workspaceId, row.supply_id);
  });
}

/** Edits an own supply; the catalogue's are refused (403). */
export async function updateSupply(db: Executor, workspaceId: number, actorId: number, supplyId: number, body: SupplyUpdateBody): Promise<Supply> {
  return db.transaction(async (tx) => {
    const current = await ownSupply(tx, workspaceId, supplyId);
    await checkReferences(tx, body);
    if (body.name !== undefined || body.brand_id !== undefined) {
      await checkName(tx, workspaceId, body.name ?? current.name, body.brand_id !== undefined ? body.brand_id : current.brand_id, supplyId);
    }
    await tx
      .update(supplies)
      .set({ ...values(body), updated_at: new Date(), updated_by: actorId })
      .where(and(eq(supplies.supply_id, supplyId), eq(supplies.workspace_id, workspaceId)));
    return shapeOne(tx, workspaceId, supplyId);
  });
}

/** Deletes an own supply no stock references (409 otherwise); the catalogue's are refused (403). */
export async function deleteSupply(db: Executor, workspaceId: number, supplyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await ownSupply(tx, workspaceId, supplyId);
    if ((await supplyStockRows(tx, workspaceId, supplyId)) > 0) throw conflict(MSG.supplyInStock);
    await assertUnused(tx, 'supplies', supplyId, 'el insumo', { workspaceId, wholeAccount: false });
    await tx.delete(supplies).where(and(eq(supplies.supply_id, supplyId), eq(supplies.workspace_id, workspaceId)));
  });
}
