import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, boolean, numeric, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { audit, foldedTrigramIndex, id, softDelete } from './common';
import { workspaces } from './workspaces';
import { companies, farms, fields } from './land';
import { cropSequences, crops } from './reference';

/** Campañas of a workspace, named `2025/26` (DOMAIN.md). */
export const seasons = pgTable(
  'seasons',
  {
    season_id: id('season_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    name: varchar('name', { length: 7 }).notNull(),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [uniqueIndex('seasons_workspace_name_uq').on(t.workspace_id, t.name)],
);

/** Plan de campaña: one season × company × farm in a workspace. */
export const seasonPlans = pgTable(
  'season_plans',
  {
    season_plan_id: id('season_plan_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    season_id: integer('season_id').notNull().references(() => seasons.season_id),
    company_id: integer('company_id').notNull().references(() => companies.company_id),
    farm_id: integer('farm_id').notNull().references(() => farms.farm_id),
    /**
     * Sort keys of the list (decision 0011): the season's, company's and farm's names, copied by triggers
     * (migration 0003) on insert and when a name changes; never written by the app.
     */
    season_name: varchar('season_name', { length: 7 }),
    company_name: varchar('company_name', { length: 120 }),
    farm_name: varchar('farm_name', { length: 120 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('season_plans_uq').on(t.workspace_id, t.season_id, t.company_id, t.farm_id),
    index('season_plans_season_idx').on(t.season_id),
    index('season_plans_company_idx').on(t.company_id),
    index('season_plans_farm_idx').on(t.farm_id),
    index('season_plans_list_idx').on(t.workspace_id, t.season_name.desc(), t.company_name, t.farm_name, t.season_plan_id),
    foldedTrigramIndex('season_plans_company_name_trgm_idx', t.company_name),
    foldedTrigramIndex('season_plans_farm_name_trgm_idx', t.farm_name),
  ],
);

/** Season plot: a plot sown with a crop in a season plan (spec doc 2 §3 "Season plot"). */
export const fieldCrops = pgTable(
  'field_crops',
  {
    field_crop_id: id('field_crop_id'),
    season_plan_id: integer('season_plan_id').notNull().references(() => seasonPlans.season_plan_id),
    field_id: integer('field_id').notNull().references(() => fields.field_id),
    crop_id: integer('crop_id').notNull().references(() => crops.crop_id),
    crop_sequence_id: integer('crop_sequence_id').notNull().default(0).references(() => cropSequences.crop_sequence_id),
    hectares: numeric('hectares', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The plan's workspace and the plot's name, copied by triggers (migration 0003) for the list's index (decision 0011). */
    workspace_id: integer('workspace_id'),
    field_name: varchar('field_name', { length: 120 }),
    ...softDelete,
    ...audit,
  },
  (t) => [
    index('field_crops_plan_idx').on(t.season_plan_id),
    index('field_crops_field_idx').on(t.field_id),
    index('field_crops_list_idx').on(t.workspace_id, t.field_name, t.crop_sequence_id, t.field_crop_id).where(sql`${t.deleted_at} is null`),
    index('field_crops_plan_list_idx').on(t.season_plan_id, t.field_name, t.crop_sequence_id, t.field_crop_id).where(sql`${t.deleted_at} is null`),
    foldedTrigramIndex('field_crops_field_name_trgm_idx', t.field_name).where(sql`${t.deleted_at} is null`),
  ],
);
