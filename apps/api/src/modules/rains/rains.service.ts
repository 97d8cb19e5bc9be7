import { and, eq, isNull } from 'drizzle-orm';
import { RAIN_MSG as MSG, type RainBody, type RainRow } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, fields, rains } from '../../db/schema/index';
import { AppError, notFound } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import { findRain, findShapedRain } from './rains.repo';

const fail = (loc: (string | number)[], msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', ...loc], msg }]);

/**
 * The farm must be shared into the workspace (else 404: another account's farm is not named) and the plot, when
 * given, must be a live plot of that farm (422 on field_id).
 */
async function checkRefs(db: Executor, workspaceId: number, body: RainBody): Promise<void> {
  const [farm] = await db.select({ farm_id: farms.farm_id }).from(farms).where(and(eq(farms.farm_id, body.farm_id), sharedInto('farms', farms.farm_id, workspaceId)));
  if (!farm) throw notFound(MSG.farmNotFound);
  if (body.field_id === null) return;
  const [plot] = await db.select({ farm_id: fields.farm_id }).from(fields).where(and(eq(fields.field_id, body.field_id), isNull(fields.deleted_at)));
  if (!plot || plot.farm_id !== body.farm_id) throw fail(['field_id'], MSG.plotNotOfFarm);
}

const columns = (body: RainBody) => ({ farm_id: body.farm_id, field_id: body.field_id, date: body.date, millimeters: body.millimeters, observations: body.observations });

async function shaped(db: Executor, workspaceId: number, rainId: number): Promise<RainRow> {
  const row = await findShapedRain(db, workspaceId, rainId);
  if (!row) throw notFound(MSG.notFound);
  return row;
}

export async function createRain(db: Executor, workspaceId: number, actorId: number, body: RainBody): Promise<RainRow> {
  await checkRefs(db, workspaceId, body);
  const [row] = await db
    .insert(rains)
    .values({ workspace_id: workspaceId, ...columns(body), created_by: actorId, updated_by: actorId })
    .returning({ rain_id: rains.rain_id });
  return shaped(db, workspaceId, row.rain_id);
}

export async function updateRain(db: Executor, workspaceId: number, actorId: number, rainId: number, body: RainBody): Promise<RainRow> {
  if (!(await findRain(db, workspaceId, rainId))) throw notFound(MSG.notFound);
  await checkRefs(db, workspaceId, body);
  const updated = await db
    .update(rains)
    .set({ ...columns(body), updated_at: new Date(), updated_by: actorId })
    .where(and(eq(rains.rain_id, rainId), eq(rains.workspace_id, workspaceId)))
    .returning({ rain_id: rains.rain_id });
  if (!updated.length) throw notFound(MSG.notFound);
  return shaped(db, workspaceId, rainId);
}

export async function deleteRain(db: Executor, workspaceId: number, rainId: number): Promise<void> {
  const deleted = await db.delete(rains).where(and(eq(rains.rain_id, rainId), eq(rains.workspace_id, workspaceId))).returning({ rain_id: rains.rain_id });
  if (!deleted.length) throw notFound(MSG.notFound);
}
