import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { timestamp, integer, index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '@fm/domain';

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
 * A text as every search compares it: its accented vowels plain (SEARCH_FOLD_FROM → SEARCH_FOLD_TO, @fm/domain), so
 * "maiz" finds "Maíz" (decision 0039). The trigram indexes are built on this expression; its arguments are literals,
 * not parameters, so the planner matches a query's expression to the index's.
 */
export const folded = (text: SQLWrapper): SQL => sql`translate(${text}, ${sql.raw(`'${SEARCH_FOLD_FROM}'`)}, ${sql.raw(`'${SEARCH_FOLD_TO}'`)})`;

/** A trigram index (pg_trgm) for `contains` on a column, accents folded as the searches fold them. */
export const foldedTrigramIndex = (name: string, column: ExtraConfigColumn) => index(name).using('gin', sql`${folded(column)} gin_trgm_ops`);

/**
 * List indexes of an account resource (decision 0011): its account's rows in the default order
 * (`user_id, name, id`) and a trigram index for `contains` on the name.
 */
export const nameListIndexes = (table: string, t: { user_id: ExtraConfigColumn; name: ExtraConfigColumn }, idColumn: ExtraConfigColumn) => [
  index(`${table}_user_name_idx`).on(t.user_id, t.name, idColumn),
  foldedTrigramIndex(`${table}_name_trgm_idx`, t.name),
];
