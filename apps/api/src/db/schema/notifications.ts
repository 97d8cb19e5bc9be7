import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, timestamp, jsonb, index, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './common';
import { users } from './users';

export type NotificationAction = { type: 'navigate-to'; params: { web?: string } };

/** In-app notifications (spec doc 1 §3 "Notification"); `readed` null means unread. */
export const notifications = pgTable(
  'notifications',
  {
    notification_id: id('notification_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    body: varchar('body', { length: 2000 }).notNull().default(''),
    action: jsonb('action').$type<NotificationAction | null>(),
    /** Idempotency key for notifications sent once per user (e.g. trial ending); null for ordinary ones. */
    dedupe_key: varchar('dedupe_key', { length: 80 }),
    readed: timestamp('readed', { withTimezone: true }),
    datetimecreate: timestamp('datetimecreate', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('notifications_user_idx').on(t.user_id, t.datetimecreate),
    uniqueIndex('notifications_dedupe_uq').on(t.user_id, t.dedupe_key).where(sql`dedupe_key IS NOT NULL`),
  ],
);

/** Client-side analytics events (POST analytics), payload size-limited by the route. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    analytics_event_id: id('analytics_event_id'),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    event: varchar('event', { length: 100 }).notNull(),
    origin: varchar('origin', { length: 20 }),
    category: varchar('category', { length: 100 }),
    payload: jsonb('payload'),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('analytics_events_event_idx').on(t.event, t.created_at)],
);

/** Errors reported by the web client (POST users/errors). */
export const clientErrors = pgTable(
  'client_errors',
  {
    client_error_id: id('client_error_id'),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    message: varchar('message', { length: 2000 }).notNull(),
    stack: text('stack'),
    path: varchar('path', { length: 500 }),
    extra: jsonb('extra'),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('client_errors_created_idx').on(t.created_at)],
);
