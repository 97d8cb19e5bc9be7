import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Monitoring } from '@fm/domain';
import type { PgSelectBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { oncePerDb } from '../../db/once-per-db';
import { adversities, cropStages, crops, farms, fields, files, monitoringAdversities, monitoringPhotos, monitorings } from '../../db/schema/index';
import { fileUrl } from '../../files/index';
import { listPage, type ListPlan, type ListSpec } from '../../http/list-query';
import { narrowed, narrowingsOf, type Narrowings } from '../../http/list-narrowing';
import { listStatements, type StatementShape } from '../../http/list-statement';

/** Monitoreos list: filters farm_id, field_id, date, crop_id (and the names); newest first. */
export const monitoringList: ListSpec = {
  resource: 'monitoring',
  fields: {
    monitoring_id: { column: monitorings.monitoring_id, type: 'number' },
    date: { column: monitorings.date, type: 'date' },
    farm_id: { column: monitorings.farm_id, type: 'number' },
    field_id: { column: monitorings.field_id, type: 'number' },
    crop_id: { column: monitorings.crop_id, type: 'number' },
    stage_id: { column: monitorings.stage_id, type: 'number' },
    farm: { column: farms.name, type: 'string' },
    field: { column: fields.name, type: 'string' },
    crop: { column: crops.name, type: 'string' },
  },
  defaultOrder: [desc(monitorings.date), desc(monitorings.monitoring_id)],
};

const rowSelect = {
  monitoring_id: monitorings.monitoring_id,
  date: monitorings.date,
  farm_id: monitorings.farm_id,
  farm_name: farms.name,
  field_id: monitorings.field_id,
  field_name: fields.name,
  crop_id: monitorings.crop_id,
  crop_name: crops.name,
  stage_id: monitorings.stage_id,
  stage_name: cropStages.name,
  latitude: monitorings.latitude,
  longitude: monitorings.longitude,
  recommendation: monitorings.recommendation,
  observations: monitorings.observations,
  created_at: monitorings.created_at,
};

/** Monitorings with the farm, plot and crop the list filters by (its FROM and joins for the page and count). */
const withPlaces = (select: PgSelectBuilder<typeof rowSelect>) =>
  select
    .from(monitorings)
    .innerJoin(farms, eq(farms.farm_id, monitorings.farm_id))
    .innerJoin(fields, eq(fields.field_id, monitorings.field_id))
    .leftJoin(crops, eq(crops.crop_id, monitorings.crop_id));
const stageOfMonitoring = eq(cropStages.stage_id, monitorings.stage_id);
const joined = (db: Executor) => withPlaces(db.select(rowSelect)).leftJoin(cropStages, stageOfMonitoring);

type Row = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** The query string's narrowings: one monitoring, farm, plot, crop, a day, days from/to. */
const narrowings: Narrowings = {
  monitoring_id: (v) => eq(monitorings.monitoring_id, v),
  farm_id: (v) => eq(monitorings.farm_id, v),
  field_id: (v) => eq(monitorings.field_id, v),
  crop_id: (v) => eq(monitorings.crop_id, v),
  date: (v) => eq(monitorings.date, v),
  date_from: (v) => gte(monitorings.date, v),
  date_to: (v) => lte(monitorings.date, v),
};
export type MonitoringNarrowing = { monitoring_id?: number; farm_id?: number; field_id?: number; crop_id?: number; date?: string; date_from?: string; date_to?: string };

const listWhere = (s: StatementShape, variant: string[]) => and(eq(monitorings.workspace_id, s.param('workspace')), s.where, ...narrowed(narrowings, s, variant));
const monitoringsList = listStatements({
  columns: rowSelect,
  id: monitorings.monitoring_id,
  from: (select, s, variant: string[]) => withPlaces(select).where(listWhere(s, variant)),
  columnJoins: (filtered) => filtered.leftJoin(cropStages, stageOfMonitoring),
});

/** One page of the workspace's monitorings (`monitoring_id`: that one only), prepared per filter shape (decision 0029). */
export async function listMonitorings(db: Executor, workspaceId: number, plan: ListPlan, by: MonitoringNarrowing = {}) {
  const { values, variant } = narrowingsOf(narrowings, by);
  const all = { ...values, workspace: workspaceId };
  return listPage(db, plan, () => monitoringsList.page(db, plan, all, variant), monitoringsList.matching(db, plan, all, variant));
}

/** The monitoring row of the workspace, or undefined (another workspace's id reads as missing). */
export async function findMonitoringRow(db: Executor, workspaceId: number, monitoringId: number, lock = false) {
  const q = db.select().from(monitorings).where(and(eq(monitorings.monitoring_id, monitoringId), eq(monitorings.workspace_id, workspaceId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

const num = (v: string | null) => (v === null ? null : Number(v));

// every page of monitorings runs both: built once per database, the ids as one array parameter
const adversitiesOfMonitorings = oncePerDb((db) =>
  db
    .select({
      monitoring_id: monitoringAdversities.monitoring_id,
      monitoring_adversity_id: monitoringAdversities.monitoring_adversity_id,
      adversity_id: monitoringAdversities.adversity_id,
      name: adversities.name,
      adversity_type: adversities.adversity_type,
      incidence: monitoringAdversities.incidence,
      severity: monitoringAdversities.severity,
    })
    .from(monitoringAdversities)
    .innerJoin(adversities, eq(adversities.adversity_id, monitoringAdversities.adversity_id))
    .where(and(eq(monitoringAdversities.workspace_id, sql.placeholder('workspace')), sql`${monitoringAdversities.monitoring_id} = any(${sql.placeholder('ids')}::int[])`))
    .orderBy(asc(monitoringAdversities.monitoring_adversity_id))
    .prepare(''),
);
const photosOfMonitorings = oncePerDb((db) =>
  db
    .select({
      monitoring_id: monitoringPhotos.monitoring_id,
      monitoring_photo_id: monitoringPhotos.monitoring_photo_id,
      file_id: monitoringPhotos.file_id,
      original_name: files.original_name,
      content_type: files.content_type,
    })
    .from(monitoringPhotos)
    .innerJoin(files, eq(files.file_id, monitoringPhotos.file_id))
    .where(and(eq(monitoringPhotos.workspace_id, sql.placeholder('workspace')), sql`${monitoringPhotos.monitoring_id} = any(${sql.placeholder('ids')}::int[])`))
    .orderBy(asc(monitoringPhotos.monitoring_photo_id))
    .prepare(''),
);

/** Adds the adversities and photos of each row (two independent queries for the whole page, run together). */
export async function shapeMonitorings(db: Executor, workspaceId: number, rows: Row[]): Promise<Monitoring[]> {
  const ids = rows.map((r) => r.monitoring_id);
  if (!ids.length) return [];
  const [advs, photos] = await Promise.all([adversitiesOfMonitorings(db).execute({ workspace: workspaceId, ids }), photosOfMonitorings(db).execute({ workspace: workspaceId, ids })]);
  return rows.map((r) => ({
    ...r,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    created_at: r.created_at.toISOString(),
    adversities: advs
      .filter((a) => a.monitoring_id === r.monitoring_id)
      .map(({ monitoring_id: _m, ...a }) => ({ ...a, incidence: Number(a.incidence) })),
    photos: photos.filter((p) => p.monitoring_id === r.monitoring_id).map(({ monitoring_id: _m, ...p }) => ({ ...p, url: fileUrl(p.file_id) })),
  }));
}

/** One shaped monitoring of the workspace, or undefined. */
export async function findMonitoring(db: Executor, workspaceId: number, monitoringId: number): Promise<Monitoring | undefined> {
  const rows = await joined(db).where(and(eq(monitorings.monitoring_id, monitoringId), eq(monitorings.workspace_id, workspaceId)));
  return (await shapeMonitorings(db, workspaceId, rows))[0];
}
