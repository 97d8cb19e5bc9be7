import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, boolean, smallint, numeric, jsonb, index, uniqueIndex, timestamp } from 'drizzle-orm/pg-core';
import { audit, foldedTrigramIndex, id, nameListIndexes, softDelete } from './common';
import { users } from './users';
import { cities } from './geo';

/**
 * Account resources (ARCHITECTURE §4): companies and farms belong to the owning account (`user_id`)
 * and are shared into workspaces through workspace_entities (types 'companies' and 'farms').
 */
export const companies = pgTable(
  'companies',
  {
    company_id: id('company_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id),
    name: varchar('name', { length: 120 }).notNull(),
    /** CUIT, 11 digits without dashes (DOMAIN.md). */
    tax_identifier: varchar('tax_identifier', { length: 11 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** 1 company, 2 agreement (convenio), 3 productive partner (spec doc 3 §3 "Company"). */
    company_type_id: smallint('company_type_id').notNull().default(1),
    ...audit,
  },
  (t) => [index('companies_user_idx').on(t.user_id), ...nameListIndexes('companies', t, t.company_id), index('companies_name_idx').on(t.name, t.company_id)],
);

/** Partners of an agreement company with their contribution percentage. */
export const agreementPartners = pgTable(
  'agreement_partners',
  {
    agreement_partner_id: id('agreement_partner_id'),
    company_id: integer('company_id').notNull().references(() => companies.company_id, { onDelete: 'cascade' }),
    partner_id: integer('partner_id').notNull().references(() => companies.company_id),
    contribution: numeric('contribution', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('agreement_partners_uq').on(t.company_id, t.partner_id), index('agreement_partners_partner_idx').on(t.partner_id)],
);

/** Establecimientos. */
export const farms = pgTable(
  'farms',
  {
    farm_id: id('farm_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id),
    name: varchar('name', { length: 120 }).notNull(),
    active: boolean('active').notNull().default(true),
    city_id: integer('city_id').references(() => cities.city_id),
    ...audit,
  },
  (t) => [index('farms_user_idx').on(t.user_id), ...nameListIndexes('farms', t, t.farm_id), index('farms_name_idx').on(t.name, t.farm_id)],
);

/** Lotes (plots) of a farm; boundary is a GeoJSON Polygon/MultiPolygon with its geodesic area. */
export const fields = pgTable(
  'fields',
  {
    field_id: id('field_id'),
    farm_id: integer('farm_id').notNull().references(() => farms.farm_id),
    name: varchar('name', { length: 120 }).notNull(),
    hectares: numeric('hectares', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    boundary: jsonb('boundary'),
    boundary_hectares: numeric('boundary_hectares', { precision: 12, scale: 2, mode: 'number' }),
    active: boolean('active').notNull().default(true),
    /** The plot's id in the field-mapping service (Ambientaciones) and when it was last synchronised. */
    field_mapping_id: varchar('field_mapping_id', { length: 100 }),
    field_mapping_synced_at: timestamp('field_mapping_synced_at', { withTimezone: true }),
    ...softDelete,
    ...audit,
  },
  (t) => [
    index('fields_farm_idx').on(t.farm_id),
    index('fields_farm_name_idx').on(t.farm_id, t.name, t.field_id).where(sql`${t.deleted_at} is null`),
    foldedTrigramIndex('fields_name_trgm_idx', t.name),
  ],
);
