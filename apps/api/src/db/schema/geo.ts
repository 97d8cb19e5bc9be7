import { pgTable, integer, varchar, doublePrecision, index } from 'drizzle-orm/pg-core';
import { id } from './common';

/** Georef Argentina (datos.gob.ar, CC BY 4.0). `code` is the INDEC id. */
export const states = pgTable('states', {
  state_id: id('state_id'),
  code: varchar('code', { length: 10 }).notNull().unique(),
  name: varchar('name', { length: 120 }).notNull(),
  country_id: integer('country_id').notNull().default(1),
  lat: doublePrecision('lat'),
  lon: doublePrecision('lon'),
});

export const districts = pgTable(
  'districts',
  {
    district_id: id('district_id'),
    code: varchar('code', { length: 10 }).notNull().unique(),
    name: varchar('name', { length: 120 }).notNull(),
    state_id: integer('state_id').notNull().references(() => states.state_id),
  },
  (t) => [index('districts_state_idx').on(t.state_id)],
);

export const cities = pgTable(
  'cities',
  {
    city_id: id('city_id'),
    code: varchar('code', { length: 12 }).notNull().unique(),
    name: varchar('name', { length: 160 }).notNull(),
    district_id: integer('district_id').notNull().references(() => districts.district_id),
    state_id: integer('state_id').notNull().references(() => states.state_id),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
  },
  (t) => [index('cities_district_idx').on(t.district_id), index('cities_state_idx').on(t.state_id)],
);
