import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The last known answer of each market source (exchange rates, crop prices): served when the source is not
 * configured or is down, always with its own date (never presented as today's). One row per source.
 */
export const marketSnapshots = pgTable('market_snapshots', {
  source: varchar('source', { length: 20 }).primaryKey(),
  payload: jsonb('payload').notNull(),
  /** When the source says its values were last updated (or the day of the seeded example). */
  source_updated_at: timestamp('source_updated_at', { withTimezone: true }).notNull(),
  fetched_at: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  /** 'seed' (the example shipped with the product) or 'live' (read from the configured source). */
  origin: varchar('origin', { length: 10 }).notNull(),
});
