import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { adversities, cropStages, crops, farms, fields, monitoringAdversities, monitoringPhotos, monitorings } from '../../db/schema/index';
import type { FileStore } from '../../files/index';
import { deleteUpload } from '../../files/index';
import { AppError, notFound } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import { findMonitoring, findMonitoringRow } from './monitorings.repo';
import { MONITORING_MSG as MSG, type Monitoring, type MonitoringBody } from '@fm/domain';

export const MONITORING_POINT_OUTSIDE = 'El punto GPS debe estar dentro de la Argentina';
export const MONITORING_CROP_NOT_FOUND = 'El cultivo no existe';
export const MONITORING_ADVERSITY_NOT_FOUND = 'La adversidad no está en la lista de adversidades';

/** Mainland Argentina and Tierra del Fuego (a generous box; the point is where the producer stood). */
export const insideArgentina = (lat: number, lon: number) => lat >= -55.2 && lat <= -21.7 && lon >= -73.7 && lon <= -53.5;

const fail = (loc: (string | number)[], msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', ...loc], msg }]);

/**
 * The references of a body against the workspace: the farm shared into it (else 404, another account's farm is not
 * named), the plot of that farm (422), the crop and a stage of that crop, adversities of the reference list.
 */
async function checkRefs(db: Executor, workspaceId: number, body: MonitoringBody): Promise<void> {
  // a farm visible in the workspace is one shared into it (workspace_entities)
  const [farm] = await db.select({ farm_id: farms.farm_id }).from(farms).where(and(eq(farms.farm_id, body.farm_id), sharedInto('farms', farms.farm_id, workspaceId)));
  if (!farm) throw notFound(MSG.farmNotFound);
  const [plot] = await db.select({ farm_id: fields.farm_id }).from(fields).where(and(eq(fields.field_id, body.field_id), isNull(fields.deleted_at)));
  if (!plot) throw notFound(MSG.plotNotFound);
  if (plot.farm_id !== body.farm_id) throw fail(['field_id'], MSG.plotNotOfFarm);
  if (body.latitude !== null && body.longitude !== null && !insideArgentina(Number(body.latitude), Number(body.longitude))) throw fail(['latitude'], MONITORING_POINT_OUTSIDE);
  if (body.crop_id !== null) {
    const [crop] = await db.select({ crop_id: crops.crop_id }).from(crops).where(eq(crops.crop_id, body.crop_id));
    if (!crop) throw fail(['crop_id'], MONITORING_CROP_NOT_FOUND);
  }
  if (body.stage_id !== null) {
    if (body.crop_id === null) throw fail(['stage_id'], MSG.stageWithoutCrop);
    const [stage] = await db.select({ crop_id: cropStages.crop_id }).from(cropStages).where(eq(cropStages.stage_id, body.stage_id));
    if (!stage || stage.crop_id !== body.crop_id) throw fail(['stage_id'], MSG.stageNotOfCrop);
  }
  const ids = [...new Set(body.adversities.map((a) => a.adversity_id))];
  if (ids.length) {
    const known = new Set((await db.select({ id: adversities.adversity_id }).from(adversities).where(inArray(adversities.adversity_id, ids))).map((r) => r.id));
    const bad = body.adversities.findIndex((a) => !known.has(a.adversity_id));
    if (bad >= 0) throw fail(['adversities', bad, 'adversity_id'], MONITORING_ADVERSITY_NOT_FOUND);
  }
}

const columns = (body: MonitoringBody) => ({
  farm_id: body.farm_id,
  field_id: body.field_id,
  date: body.date,
  crop_id: body.crop_id,
  stage_id: body.stage_id,
  latitude: body.latitude,
  longitude: body.longitude,
  recommendation: body.recommendation,
  observations: body.observations,
});

async function writeAdversities(tx: Executor, workspaceId: number, monitoringId: number, body: MonitoringBody) {
  await tx.delete(monitoringAdversities).where(and(eq(monitoringAdversities.workspace_id, workspaceId), eq(monitoringAdversities.monitoring_id, monitoringId)));
  if (!body.adversities.length) return;
  await tx.insert(monitoringAdversities).values(
    body.adversities.map((a) => ({ workspace_id: workspaceId, monitoring_id: monitoringId, adversity_id: a.adversity_id, incidence: a.incidence, severity: a.severity })),
  );
}

async function shaped(db: Executor, workspaceId: number, monitoringId: number): Promise<Monitoring> {
  const row = await findMonitoring(db, workspaceId, monitoringId);
  if (!row) throw notFound(MSG.notFound);
  return row;
}

export async function createMonitoring(db: Executor, workspaceId: number, actorId: number, body: MonitoringBody): Promise<Monitoring> {
  await checkRefs(db, workspaceId, body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(monitorings)
      .values({ workspace_id: workspaceId, ...columns(body), created_by: actorId, updated_by: actorId })
      .returning({ monitoring_id: monitorings.monitoring_id });
    await writeAdversities(tx, workspaceId, row.monitoring_id, body);
    return shaped(tx, workspaceId, row.monitoring_id);
  });
}

/** Replaces the monitoring's fields and adversities (photos are added and removed on their own calls). */
export async function updateMonitoring(db: Executor, workspaceId: number, actorId: number, monitoringId: number, body: MonitoringBody): Promise<Monitoring> {
  if (!(await findMonitoringRow(db, workspaceId, monitoringId))) throw notFound(MSG.notFound);
  await checkRefs(db, workspaceId, body);
  return db.transaction(async (tx) => {
    const current = await findMonitoringRow(tx, workspaceId, monitoringId, true);
    if (!current) throw notFound(MSG.notFound);
    await tx
      .update(monitorings)
      .set({ ...columns(body), updated_at: new Date(), updated_by: actorId })
      .where(and(eq(monitorings.monitoring_id, monitoringId), eq(monitorings.workspace_id, workspaceId)));
    await writeAdversities(tx, workspaceId, monitoringId, body);
    return shaped(tx, workspaceId, monitoringId);
  });
}

/** Deletes the monitoring (adversities and photo links cascade), then its photos' files. */
export async function deleteMonitoring(db: Executor, store: FileStore, workspaceId: number, monitoringId: number): Promise<void> {
  const fileIds = await db.transaction(async (tx) => {
    const current = await findMonitoringRow(tx, workspaceId, monitoringId, true);
    if (!current) throw notFound(MSG.notFound);
    const photos = await tx
      .select({ file_id: monitoringPhotos.file_id })
      .from(monitoringPhotos)
      .where(and(eq(monitoringPhotos.workspace_id, workspaceId), eq(monitoringPhotos.monitoring_id, monitoringId)));
    await tx.delete(monitorings).where(and(eq(monitorings.monitoring_id, monitoringId), eq(monitorings.workspace_id, workspaceId)));
    return photos.map((p) => p.file_id);
  });
  for (const fileId of fileIds) await deleteUpload(db, store, workspaceId, fileId).catch(() => false);
}
