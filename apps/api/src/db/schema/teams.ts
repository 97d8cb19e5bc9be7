import { pgTable, integer, varchar, primaryKey, index, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';
import { users } from './users';

/** Named teams of an account (screen /equipo): a shortcut to give several people workspace access at once. */
export const teams = pgTable(
  'teams',
  {
    team_id: id('team_id'),
    /** The owning account. */
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    ...timestamps,
  },
  (t) => [index('teams_user_idx').on(t.user_id)],
);

/** Members by e-mail: a person may be on a team before having an account (the invitation waits for sign-up). */
export const teamMembers = pgTable(
  'team_members',
  {
    team_id: integer('team_id').notNull().references(() => teams.team_id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.email] })],
);
