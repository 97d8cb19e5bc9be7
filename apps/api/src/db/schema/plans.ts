import { pgTable, integer, primaryKey, varchar, timestamp, index } from 'drizzle-orm/pg-core';
import { id } from './common';
import { users } from './users';

/** Purchased add-on capacity per account (ids from ALL_ADDONS in @fm/domain). */
export const userAddons = pgTable(
  'user_addons',
  {
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    addon_id: integer('addon_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.addon_id] })],
);

/** Requests for add-ons, plans and demos (POST emails/subscription/notification); sales follows them up. */
export const addonRequests = pgTable(
  'addon_requests',
  {
    addon_request_id: id('addon_request_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('addon_requests_created_idx').on(t.created_at)],
);
