import { pgTable, integer, varchar, smallint, index } from 'drizzle-orm/pg-core';
import { id } from './common';

export const crops = pgTable('crops', {
  crop_id: id('crop_id'),
  name: varchar('name', { length: 80 }).notNull().unique(),
  afip_code: integer('afip_code'),
});

export const cropSequences = pgTable('crop_sequences', {
  crop_sequence_id: integer('crop_sequence_id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
});

export const cropStages = pgTable(
  'crop_stages',
  {
    stage_id: id('stage_id'),
    crop_id: integer('crop_id').notNull().references(() => crops.crop_id),
    name: varchar('name', { length: 60 }).notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('crop_stages_crop_idx').on(t.crop_id)],
);

export const labors = pgTable('labors', {
  labor_id: id('labor_id'),
  name: varchar('name', { length: 80 }).notNull().unique(),
});

export const units = pgTable('units', {
  unit_id: id('unit_id'),
  name: varchar('name', { length: 30 }).notNull().unique(),
});

export const statuses = pgTable('work_order_statuses', {
  status_id: integer('status_id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
});

export const zones = pgTable('zones', {
  zone_id: id('zone_id'),
  name: varchar('name', { length: 80 }).notNull().unique(),
});

export const adversities = pgTable('adversities', {
  adversity_id: id('adversity_id'),
  name: varchar('name', { length: 100 }).notNull(),
  adversity_type: varchar('adversity_type', { length: 20 }).notNull(),
});

export const brands = pgTable('brands', {
  brand_id: id('brand_id'),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const costCategories = pgTable('cost_categories', {
  cost_category_id: id('cost_category_id'),
  name: varchar('name', { length: 80 }).notNull().unique(),
});

export const occupations = pgTable('occupations', {
  occupation_id: id('occupation_id'),
  name: varchar('name', { length: 60 }).notNull().unique(),
});
