import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LAND_MSG, type FieldCropInput, type FieldCropUpdateBody, type Season, type SeasonBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { companies, crops, farms, fieldCrops, fields, seasonPlans, seasons } from '../../db/schema/index';
import { AppError, conflict, invalid, notFound, type Detail } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import { findPlanRow, findSeason, planOfWorkspace, seasonNameTaken } from './seasons.repo';
import { assertUnused } from '../../http/usage-checks';

export const SEASON_NOT_FOUND = 'La campaña no existe en este espacio de trabajo';
export const SEASON_PLAN_NOT_FOUND = 'El plan de campaña no existe en este espacio de trabajo';
export const FIELD_CROP_NOT_FOUND = 'El cultivo del lote no existe en este espacio de trabajo';

async function checkSeasonName(db: Executor, workspaceId: number, name: string, exceptId?: number): Promise<void> {
  if (await seasonNameTaken(db, workspaceId, name, exceptId)) throw invalid('name', LAND_MSG.seasonTaken);
}

export async function createSeason(db: Executor, workspaceId: number, actorId: number, body: SeasonBody): Promise<Season> {
  return db.transaction(async (tx) => {
    await checkSeasonName(tx, workspaceId, body.name);
    const [row] = await tx.insert(seasons).values({ workspace_id: workspaceId, name: body.name, active: body.active ?? true, created_by: actorId, updated_by: actorId }).returning();
    return { season_id: row.season_id, name: row.name, active: row.active };
  });
}

/** Renames or toggles (active) a season of the workspace. */
export async function updateSeason(db: Executor, workspaceId: number, actorId: number, seasonId: number, body: Partial<SeasonBody>): Promise<Season> {
  return db.transaction(async (tx) => {
    if (!(await findSeason(tx, workspaceId, seasonId))) throw notFound(SEASON_NOT_FOUND);
    if (body.name !== undefined) await checkSeasonName(tx, workspaceId, body.name, seasonId);
    const [row] = await tx
      .update(seasons)
      .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.active !== undefined ? { active: body.active } : {}), updated_at: new Date(), updated_by: actorId })
      .where(and(eq(seasons.season_id, seasonId), eq(seasons.workspace_id, workspaceId)))
      .returning();
    return { season_id: row.season_id, name: row.name, active: row.active };
  });
}

/** Refused (409) while a season plan uses the season. */
export async function deleteSeason(db: Executor, workspaceId: number, seasonId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findSeason(tx, workspaceId, seasonId))) throw notFound(SEASON_NOT_FOUND);
    await assertUnused(tx, 'seasons', seasonId, 'la campaña', { workspaceId, wholeAccount: false });
    await tx.delete(seasons).where(and(eq(seasons.season_id, seasonId), eq(seasons.workspace_id, workspaceId)));
  });
}

/** A season plan references a season of the workspace and a company and farm shared into it; the triple is unique. */
export async function createSeasonPlan(db: Executor, workspaceId: number, actorId: number, body: { season_id: number; company_id: number; farm_id: number }): Promise<number> {
  return db.transaction(async (tx) => {
    if (!(await findSeason(tx, workspaceId, body.season_id))) throw invalid('season_id', SEASON_NOT_FOUND);
    const [company] = await tx.select({ id: companies.company_id }).from(companies).where(and(eq(companies.company_id, body.company_id), sharedInto('companies', companies.company_id, workspaceId)));
    if (!company) throw invalid('company_id', 'La empresa no existe o no está compartida en este espacio de trabajo');
    const [farm] = await tx.select({ id: farms.farm_id }).from(farms).where(and(eq(farms.farm_id, body.farm_id), sharedInto('farms', farms.farm_id, workspaceId)));
    if (!farm) throw invalid('farm_id', 'El establecimiento no existe o no está compartido en este espacio de trabajo');
    const [dup] = await tx
      .select({ id: seasonPlans.season_plan_id })
      .from(seasonPlans)
      .where(and(eq(seasonPlans.workspace_id, workspaceId), eq(seasonPlans.season_id, body.season_id), eq(seasonPlans.company_id, body.company_id), eq(seasonPlans.farm_id, body.farm_id)));
    if (dup) throw conflict(LAND_MSG.seasonPlanTaken);
    const [row] = await tx.insert(seasonPlans).values({ workspace_id: workspaceId, ...body, created_by: actorId, updated_by: actorId }).returning();
    return row.season_plan_id;
  });
}

/** Refused (409) while the plan has field crops. */
export async function deleteSeasonPlan(db: Executor, workspaceId: number, seasonPlanId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await findPlanRow(tx, workspaceId, seasonPlanId);
    if (!plan) throw notFound(SEASON_PLAN_NOT_FOUND);
    await assertUnused(tx, 'season_plans', seasonPlanId, 'el plan de campaña', { workspaceId, wholeAccount: false });
    // soft-deleted field crops keep their history only while the plan exists
    await tx.delete(fieldCrops).where(and(eq(fieldCrops.season_plan_id, seasonPlanId), planOfWorkspace(workspaceId)));
    await tx.delete(seasonPlans).where(and(eq(seasonPlans.season_plan_id, seasonPlanId), eq(seasonPlans.workspace_id, workspaceId)));
  });
}

type PlanFarm = { season_plan_id: number; farm_id: number };

async function plansOf(db: Executor, workspaceId: number, ids: number[]): Promise<Map<number, PlanFarm>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ season_plan_id: seasonPlans.season_plan_id, farm_id: seasonPlans.farm_id })
    .from(seasonPlans)
    .where(and(eq(seasonPlans.workspace_id, workspaceId), inArray(seasonPlans.season_plan_id, ids)));
  return new Map(rows.map((r) => [r.season_plan_id, r]));
}

/**
 * Plots (not deleted) among `ids` that lie on the farm of one of the workspace's plans `planIds`. Any other
 * plot is not read at all, so no message can name a plot the workspace cannot see.
 */
async function plotsOfPlans(db: Executor, workspaceId: number, planIds: number[], ids: number[]) {
  if (!ids.length || !planIds.length) return new Map<number, typeof fields.$inferSelect>();
  const planFarms = db
    .select({ farm_id: seasonPlans.farm_id })
    .from(seasonPlans)
    .where(and(eq(seasonPlans.workspace_id, workspaceId), inArray(seasonPlans.season_plan_id, planIds)));
  const rows = await db.select().from(fields).where(and(inArray(fields.field_id, ids), isNull(fields.deleted_at), inArray(fields.farm_id, planFarms)));
  return new Map(rows.map((r) => [r.field_id, r]));
}

async function cropIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set((await db.select({ id: crops.crop_id }).from(crops).where(inArray(crops.crop_id, ids))).map((r) => r.id));
}

const cropKey = (r: { season_plan_id: number; field_id: number; crop_id: number; crop_sequence_id: number }) => `${r.season_plan_id}:${r.field_id}:${r.crop_id}:${r.crop_sequence_id}`;

/** plan:plot:crop:sequence of the field crops (not deleted) the plans already have. */
async function assignedKeys(db: Executor, planIds: number[]): Promise<Set<string>> {
  if (!planIds.length) return new Set();
  const rows = await db
    .select({ season_plan_id: fieldCrops.season_plan_id, field_id: fieldCrops.field_id, crop_id: fieldCrops.crop_id, crop_sequence_id: fieldCrops.crop_sequence_id })
    .from(fieldCrops)
    .where(and(inArray(fieldCrops.season_plan_id, planIds), isNull(fieldCrops.deleted_at)));
  return new Set(rows.map(cropKey));
}

const hectaresOver = (plot: { name: string; hectares: number }, ha: number) =>
  `Las hectáreas asignadas (${ha}) superan las del lote ${plot.name} (${Number(plot.hectares)} ha)`;

/**
 * Checks every row (plan of this workspace, plot of the plan's farm, known crop, hectares within the plot's)
 * and inserts all of them in one transaction: one bad row and nothing is written.
 */
export async function createFieldCrops(db: Executor, workspaceId: number, actorId: number, rows: FieldCropInput[], locPrefix: (string | number)[]): Promise<number[]> {
  return db.transaction(async (tx) => {
    const plans = await plansOf(tx, workspaceId, [...new Set(rows.map((r) => r.season_plan_id))]);
    const plots = await plotsOfPlans(tx, workspaceId, [...plans.keys()], [...new Set(rows.map((r) => r.field_id))]);
    const known = await cropIds(tx, [...new Set(rows.map((r) => r.crop_id))]);
    const taken = await assignedKeys(tx, [...plans.keys()]);
    const detail: Detail[] = [];
    rows.forEach((r, i) => {
      const loc = (f: string) => ['body', ...locPrefix, ...(locPrefix.length ? [i] : []), f];
      const plan = plans.get(r.season_plan_id);
      const plot = plots.get(r.field_id);
      if (!plan) detail.push({ loc: loc('season_plan_id'), msg: SEASON_PLAN_NOT_FOUND });
      else if (!plot || plot.farm_id !== plan.farm_id) detail.push({ loc: loc('field_id'), msg: 'El lote no pertenece al establecimiento del plan de campaña' });
      else if (r.hectares > Number(plot.hectares)) detail.push({ loc: loc('hectares'), msg: hectaresOver(plot, r.hectares) });
      if (!known.has(r.crop_id)) detail.push({ loc: loc('crop_id'), msg: LAND_MSG.cropRequired });
      // the same crop and sequence twice on one plot of a plan is a double entry, not a second crop
      const key = cropKey(r);
      if (plot && taken.has(key)) detail.push({ loc: loc('field_id'), msg: `El lote ${plot.name} ya tiene ese cultivo con esa secuencia en el plan de campaña` });
      taken.add(key);
    });
    if (detail.length) throw new AppError('VALIDATION', detail[0].msg, detail);
    const inserted = await tx
      .insert(fieldCrops)
      .values(rows.map((r) => ({ ...r, created_by: actorId, updated_by: actorId })))
      .returning({ id: fieldCrops.field_crop_id });
    return inserted.map((r) => r.id);
  });
}

async function findFieldCrop(db: Executor, workspaceId: number, fieldCropId: number) {
  const [row] = await db
    .select({ fc: fieldCrops, farm_id: seasonPlans.farm_id })
    .from(fieldCrops)
    .innerJoin(seasonPlans, eq(seasonPlans.season_plan_id, fieldCrops.season_plan_id))
    .where(and(eq(fieldCrops.field_crop_id, fieldCropId), eq(seasonPlans.workspace_id, workspaceId), isNull(fieldCrops.deleted_at)));
  return row;
}

export async function updateFieldCrop(db: Executor, workspaceId: number, actorId: number, fieldCropId: number, body: FieldCropUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findFieldCrop(tx, workspaceId, fieldCropId);
    if (!current) throw notFound(FIELD_CROP_NOT_FOUND);
    const fieldId = body.field_id ?? current.fc.field_id;
    const plot = (await plotsOfPlans(tx, workspaceId, [current.fc.season_plan_id], [fieldId])).get(fieldId);
    if (!plot || plot.farm_id !== current.farm_id) throw invalid('field_id', 'El lote no pertenece al establecimiento del plan de campaña');
    const ha = body.hectares ?? Number(current.fc.hectares);
    if (ha > Number(plot.hectares)) throw invalid('hectares', hectaresOver(plot, ha));
    if (body.crop_id !== undefined && !(await cropIds(tx, [body.crop_id])).has(body.crop_id)) throw invalid('crop_id', LAND_MSG.cropRequired);
    await tx.update(fieldCrops).set({ ...body, updated_at: new Date(), updated_by: actorId }).where(and(eq(fieldCrops.field_crop_id, fieldCropId), planOfWorkspace(workspaceId)));
  });
}

/** Soft delete (deleted_at), so work orders and movements that referenced the plot keep their history. */
export async function deleteFieldCrop(db: Executor, workspaceId: number, actorId: number, fieldCropId: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findFieldCrop(tx, workspaceId, fieldCropId))) throw notFound(FIELD_CROP_NOT_FOUND);
    await tx.update(fieldCrops).set({ deleted_at: new Date(), updated_by: actorId }).where(and(eq(fieldCrops.field_crop_id, fieldCropId), planOfWorkspace(workspaceId)));
  });
}
