import { timestamp, integer, index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** created/updated audit columns (CONVENTIONS "Audit and soft delete"). */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
};

export const audit = {
  ...timestamps,
  created_by: integer('created_by'),
  updated_by: integer('updated_by'),
};

export const softDelete = {
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
};

export const id = (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity();

/**
 * List indexes of an account resource (decision 0011): its account's rows in the default order
 * (`user_id, name, id`) and a trigram index for `contains` on the name (extension pg_trgm).
 */
export const nameListIndexes = (table: string, t: { user_id: ExtraConfigColumn; name: ExtraConfigColumn }, idColumn: ExtraConfigColumn) => [
  index(`${table}_user_name_idx`).on(t.user_id, t.name, idColumn),
  index(`${table}_name_trgm_idx`).using('gin', t.name.op('gin_trgm_ops')),
];
