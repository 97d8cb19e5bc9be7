import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, numeric, date, index, check } from 'drizzle-orm/pg-core';
import { audit, id } from './common';
import { workspaces } from './workspaces';
import { farms, fields } from './land';

/**
 * Registros de lluvia (issue 12 §4): a farm shared into the workspace, an optional plot of that farm, the day and the
 * millimetres (0 to 500, one decimal). Deleted rows are deleted (no soft delete).
 */
export const rains = pgTable(
  'rains',
  {
    rain_id: id('rain_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    farm_id: integer('farm_id').notNull().references(() => farms.farm_id),
    field_id: integer('field_id').references(() => fields.field_id),
    date: date('date', { mode: 'string' }).notNull(),
    millimeters: numeric('millimeters', { precision: 5, scale: 1, mode: 'string' }).notNull(),
    observations: varchar('observations', { length: 500 }),
    ...audit,
  },
  (t) => [
    // the list's default order (newest day first)
    index('rains_list_idx').on(t.workspace_id, t.date.desc(), t.rain_id.desc()),
    // farm filter and the campaign events (monthly totals per farm)
    index('rains_farm_date_idx').on(t.farm_id, t.workspace_id, t.date),
    index('rains_field_idx').on(t.field_id),
    check('rains_millimeters_range', sql`${t.millimeters} >= 0 and ${t.millimeters} <= 500`),
  ],
);
