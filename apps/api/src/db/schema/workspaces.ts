import { pgTable, integer, varchar, boolean, primaryKey, index, jsonb, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';
import { users } from './users';

export const workspaces = pgTable(
  'workspaces',
  {
    workspace_id: id('workspace_id'),
    name: varchar('name', { length: 120 }).notNull(),
    active: boolean('active').notNull().default(true),
    user_id: integer('user_id').notNull().references(() => users.user_id),
    ...timestamps,
  },
  (t) => [index('workspaces_owner_idx').on(t.user_id)],
);

/** Users shared into a workspace (the owner is not listed here). */
export const workspaceUsers = pgTable(
  'workspace_users',
  {
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    role_id: integer('role_id').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspace_id, t.user_id] }), index('workspace_users_user_idx').on(t.user_id)],
);

export const workspacePermissions = pgTable(
  'workspace_permissions',
  {
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    module: varchar('module', { length: 40 }).notNull(),
    read: boolean('read').notNull().default(false),
    update: boolean('update').notNull().default(false),
    create: boolean('create').notNull().default(false),
    delete: boolean('delete').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.workspace_id, t.user_id, t.module] })],
);

/** Invitation of an e-mail without an account; access starts when that person signs up. */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    invitation_id: id('invitation_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role_id: integer('role_id').notNull().default(1),
    permissions: jsonb('permissions').notNull(),
    invited_by: integer('invited_by').notNull().references(() => users.user_id),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('workspace_invitations_email_idx').on(t.email), index('workspace_invitations_workspace_idx').on(t.workspace_id)],
);

/**
 * The one sharing mechanism: an account resource (farm, company, warehouse, ...)
 * is visible in a workspace when linked here. entity_type is the resource's table name.
 */
export const workspaceEntities = pgTable(
  'workspace_entities',
  {
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    entity_type: varchar('entity_type', { length: 40 }).notNull(),
    entity_id: integer('entity_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspace_id, t.entity_type, t.entity_id] }),
    index('workspace_entities_entity_idx').on(t.entity_type, t.entity_id),
  ],
);
