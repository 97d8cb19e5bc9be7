import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, numeric, date, smallint, index, check } from 'drizzle-orm/pg-core';
import { audit, id } from './common';
import { workspaces } from './workspaces';
import { farms, fields } from './land';
import { adversities, cropStages, crops } from './reference';
import { files } from './inventory';

/**
 * Monitoreos (issue 12 §5): a plot visit on a day, with crop and stage, the adversities found, photos, an optional GPS
 * point, a recommendation and observations. `farm_id` repeats the plot's farm so the list filters on its own column.
 */
export const monitorings = pgTable(
  'monitorings',
  {
    monitoring_id: id('monitoring_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    farm_id: integer('farm_id').notNull().references(() => farms.farm_id),
    field_id: integer('field_id').notNull().references(() => fields.field_id),
    date: date('date', { mode: 'string' }).notNull(),
    crop_id: integer('crop_id').references(() => crops.crop_id),
    stage_id: integer('stage_id').references(() => cropStages.stage_id),
    latitude: numeric('latitude', { precision: 9, scale: 6, mode: 'string' }),
    longitude: numeric('longitude', { precision: 9, scale: 6, mode: 'string' }),
    recommendation: varchar('recommendation', { length: 2000 }),
    observations: varchar('observations', { length: 2000 }),
    ...audit,
  },
  (t) => [
    index('monitorings_list_idx').on(t.workspace_id, t.date.desc(), t.monitoring_id.desc()),
    index('monitorings_farm_date_idx').on(t.farm_id, t.workspace_id, t.date),
    index('monitorings_field_date_idx').on(t.workspace_id, t.field_id, t.date),
    index('monitorings_field_idx').on(t.field_id),
    check('monitorings_latitude_range', sql`${t.latitude} is null or (${t.latitude} >= -90 and ${t.latitude} <= 90)`),
    check('monitorings_longitude_range', sql`${t.longitude} is null or (${t.longitude} >= -180 and ${t.longitude} <= 180)`),
  ],
);

/** Adversities found in a monitoring, each with its incidence (% of plants) and severity (1 to 5). */
export const monitoringAdversities = pgTable(
  'monitoring_adversities',
  {
    monitoring_adversity_id: id('monitoring_adversity_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    monitoring_id: integer('monitoring_id').notNull().references(() => monitorings.monitoring_id, { onDelete: 'cascade' }),
    adversity_id: integer('adversity_id').notNull().references(() => adversities.adversity_id),
    incidence: numeric('incidence', { precision: 5, scale: 2, mode: 'string' }).notNull(),
    severity: smallint('severity').notNull(),
  },
  (t) => [
    index('monitoring_adversities_monitoring_idx').on(t.monitoring_id, t.workspace_id),
    index('monitoring_adversities_adversity_idx').on(t.workspace_id, t.adversity_id),
    check('monitoring_adversities_incidence_range', sql`${t.incidence} >= 0 and ${t.incidence} <= 100`),
    check('monitoring_adversities_severity_range', sql`${t.severity} >= 1 and ${t.severity} <= 5`),
  ],
);

/** Photos of a monitoring (files stored through the FileStore). */
export const monitoringPhotos = pgTable(
  'monitoring_photos',
  {
    monitoring_photo_id: id('monitoring_photo_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    monitoring_id: integer('monitoring_id').notNull().references(() => monitorings.monitoring_id, { onDelete: 'cascade' }),
    file_id: integer('file_id').notNull().references(() => files.file_id),
    ...audit,
  },
  (t) => [index('monitoring_photos_monitoring_idx').on(t.monitoring_id, t.workspace_id), index('monitoring_photos_file_idx').on(t.file_id), index('monitoring_photos_workspace_idx').on(t.workspace_id)],
);
