import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { geometryHectares, LAND_MSG, type Farm, type FarmBody, type FarmUpdateBody, type Field, type FieldBody, type FieldInput, type FieldUpdateBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, fields } from '../../db/schema/index';
import { invalid, notFound } from '../../http/errors';
import { assertUnused, viewerOf } from '../../http/usage-checks';
import { assertSharingOwner, setSharing, share, unshareAll } from '../../http/sharing';
import { cityExists } from '../geo/index';
import { farmVisible, fieldVisible, findFarm, findFarmRow, findField, shapeFarms, shapeField } from './farms.repo';
import type { ResourceScope } from '../../http/resource-scope';

export const FIELD_NOT_FOUND = 'El lote no existe o no es visible en este espacio de trabajo';

/** Columns of a plot from its input; the boundary's area is always computed here, never trusted from the client. */
function fieldValues(input: Partial<FieldInput>, actorId: number) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.hectares !== undefined ? { hectares: input.hectares } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.boundary !== undefined ? { boundary: input.boundary, boundary_hectares: input.boundary ? geometryHectares(input.boundary) : null } : {}),
    updated_by: actorId,
  };
}

async function checkCity(db: Executor, cityId: number | undefined): Promise<void> {
  if (cityId !== undefined && !(await cityExists(db, cityId))) throw invalid('city_id', LAND_MSG.localityRequired);
}

async function refuseIfFieldUsed(db: Executor, scope: ResourceScope, field: { field_id: number; name: string }): Promise<void> {
  await assertUnused(db, 'fields', field.field_id, `el lote ${field.name}`, viewerOf(scope));
}

async function shapeOne(db: Executor, scope: ResourceScope, farmId: number): Promise<Farm> {
  const row = await findFarmRow(db, { ...scope, kind: 'account' }, farmId);
  if (!row) throw notFound(LAND_MSG.farmNotFound);
  const [farm] = await shapeFarms(db, [row], true);
  return farm;
}

/** Creates a farm (with its plots) owned by the workspace's owner, shared into the workspace. */
export async function createFarm(db: Executor, scope: ResourceScope, actorId: number, body: FarmBody): Promise<Farm> {
  if (body.workspaces) assertSharingOwner(scope.ownerId, actorId);
  return db.transaction(async (tx) => {
    await checkCity(tx, body.city_id);
    const [farm] = await tx
      .insert(farms)
      .values({ user_id: scope.ownerId, name: body.name, city_id: body.city_id, active: body.active ?? true, created_by: actorId, updated_by: actorId })
      .returning();
    for (const f of body.fields ?? []) {
      await tx.insert(fields).values({ farm_id: farm.farm_id, name: f.name, hectares: f.hectares, ...fieldValues(f, actorId), created_by: actorId });
    }
    if (body.workspaces) await setSharing(tx, { type: 'farms', id: farm.farm_id, ownerId: scope.ownerId }, actorId, [...new Set([...body.workspaces, scope.workspaceId])]);
    else await share(tx, 'farms', farm.farm_id, [scope.workspaceId]);
    return shapeOne(tx, scope, farm.farm_id);
  });
}

/** Plots of the body replace the farm's: ids update, new rows insert, missing ones are deleted unless a season plan uses them. */
async function syncFields(db: Executor, scope: ResourceScope, farmId: number, actorId: number, inputs: FieldInput[]): Promise<void> {
  const ofFarm = (...more: SQL[]) => and(eq(fields.farm_id, farmId), fieldVisible(scope), ...more);
  const existing = await db.select().from(fields).where(ofFarm(isNull(fields.deleted_at)));
  const byId = new Map(existing.map((f) => [f.field_id, f]));
  for (const [i, f] of inputs.entries()) {
    if (f.field_id !== undefined && !byId.has(f.field_id)) throw invalid(`fields.${i}.field_id`, FIELD_NOT_FOUND);
  }
  const keep = new Set(inputs.map((f) => f.field_id).filter((id): id is number => id !== undefined));
  const removed = existing.filter((f) => !keep.has(f.field_id));
  for (const f of removed) await refuseIfFieldUsed(db, scope, f);
  if (removed.length) await db.update(fields).set({ deleted_at: new Date(), updated_by: actorId }).where(ofFarm(inArray(fields.field_id, removed.map((f) => f.field_id))));
  for (const f of inputs) {
    if (f.field_id !== undefined) await db.update(fields).set({ ...fieldValues(f, actorId), updated_at: new Date() }).where(ofFarm(eq(fields.field_id, f.field_id)));
    else await db.insert(fields).values({ farm_id: farmId, name: f.name, hectares: f.hectares, ...fieldValues(f, actorId), created_by: actorId });
  }
}

/** Edits a visible farm; `fields` replaces its plots, `workspaces` its sharing, `active` toggles it. */
export async function updateFarm(db: Executor, scope: ResourceScope, actorId: number, farmId: number, body: FarmUpdateBody): Promise<Farm> {
  return db.transaction(async (tx) => {
    const current = await findFarm(tx, scope, farmId);
    if (!current) throw notFound(LAND_MSG.farmNotFound);
    if (body.workspaces) assertSharingOwner(current.user_id, actorId);
    await checkCity(tx, body.city_id);
    await tx
      .update(farms)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.city_id !== undefined ? { city_id: body.city_id } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        updated_at: new Date(),
        updated_by: actorId,
      })
      .where(and(eq(farms.farm_id, farmId), farmVisible(scope)));
    if (body.fields) await syncFields(tx, scope, farmId, actorId, body.fields);
    if (body.workspaces) await setSharing(tx, { type: 'farms', id: farmId, ownerId: current.user_id }, actorId, body.workspaces);
    return shapeOne(tx, scope, farmId);
  });
}

/** Deletes a farm and its plots; refused (409) while a season plan uses it. */
export async function deleteFarm(db: Executor, scope: ResourceScope, farmId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findFarm(tx, scope, farmId);
    if (!current) throw notFound(LAND_MSG.farmNotFound);
    await assertUnused(tx, 'farms', farmId, 'el establecimiento', viewerOf(scope));
    const ofFarm = and(eq(fields.farm_id, farmId), fieldVisible(scope));
    for (const f of await tx.select({ field_id: fields.field_id, name: fields.name }).from(fields).where(ofFarm)) await refuseIfFieldUsed(tx, scope, f);
    await tx.delete(fields).where(ofFarm);
    // the links go last: in a workspace scope they are what makes the farm visible
    await tx.delete(farms).where(and(eq(farms.farm_id, farmId), farmVisible(scope)));
    await unshareAll(tx, 'farms', farmId);
  });
}

export async function createField(db: Executor, scope: ResourceScope, actorId: number, body: FieldBody): Promise<Field> {
  return db.transaction(async (tx) => {
    if (!(await findFarm(tx, scope, body.farm_id))) throw notFound(LAND_MSG.farmNotFound);
    const [row] = await tx.insert(fields).values({ farm_id: body.farm_id, name: body.name, hectares: body.hectares, ...fieldValues(body, actorId), created_by: actorId }).returning();
    return shapeField(row);
  });
}

export async function updateField(db: Executor, scope: ResourceScope, actorId: number, fieldId: number, body: FieldUpdateBody): Promise<Field> {
  return db.transaction(async (tx) => {
    if (!(await findField(tx, scope, fieldId))) throw notFound(FIELD_NOT_FOUND);
    const [row] = await tx.update(fields).set({ ...fieldValues(body, actorId), updated_at: new Date() }).where(and(eq(fields.field_id, fieldId), fieldVisible(scope))).returning();
    return shapeField(row);
  });
}

/** Soft-deletes a plot; refused (409) while a season plan has a crop on it. */
export async function deleteField(db: Executor, scope: ResourceScope, actorId: number, fieldId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const field = await findField(tx, scope, fieldId);
    if (!field) throw notFound(FIELD_NOT_FOUND);
    await refuseIfFieldUsed(tx, scope, field);
    await tx.update(fields).set({ deleted_at: new Date(), updated_by: actorId }).where(and(eq(fields.field_id, fieldId), fieldVisible(scope)));
  });
}
