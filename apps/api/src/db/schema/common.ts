import { timestamp, integer } from 'drizzle-orm/pg-core';

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
