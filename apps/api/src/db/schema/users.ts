import { pgTable, integer, varchar, timestamp, boolean, date, index, uniqueIndex, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';
import { cities } from './geo';

export const users = pgTable(
  'users',
  {
    user_id: id('user_id'),
    email: varchar('email', { length: 254 }).notNull(),
    password_hash: text('password_hash'),
    name: varchar('name', { length: 100 }).notNull().default(''),
    last_name: varchar('last_name', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }),
    birth_date: date('birth_date').default('1900-01-01'),
    state_id: integer('state_id').notNull().default(1),
    language_id: integer('language_id').notNull().default(1),
    occupation: varchar('occupation', { length: 60 }),
    city_id: integer('city_id').references(() => cities.city_id),
    sign_in_method: varchar('sign_in_method', { length: 20 }).notNull().default('Local'),
    email_validated_at: timestamp('email_validated_at', { withTimezone: true }),
    /** A new address asked for in PUT users: it replaces `email` only when the link mailed to it is used. */
    pending_email: varchar('pending_email', { length: 254 }),
    last_workspace_id: integer('last_workspace_id'),
    plan_id: integer('plan_id').notNull().default(1),
    plan_end_date: timestamp('plan_end_date', { withTimezone: true }),
    /** Times the account extended an ended PRO trial (GET subscriptions/renew-trial; at most TRIAL_RENEWALS_MAX). */
    trial_renewals: integer('trial_renewals').notNull().default(0),
    /** Tokens issued before this instant are rejected (password change, removal). */
    tokens_valid_after: timestamp('tokens_valid_after', { withTimezone: true }),
    field_mapping_token: varchar('field_mapping_token', { length: 200 }),
    onboarding_completed: boolean('onboarding_completed').notNull().default(false),
    signup_completed: boolean('signup_completed').notNull().default(true),
    external_subject: varchar('external_subject', { length: 200 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

/** Single-use tokens sent by e-mail (validation, password reset, e-mail change, sso); only the hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    user_token_id: id('user_token_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).notNull(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('user_tokens_hash_uq').on(t.token_hash), index('user_tokens_user_idx').on(t.user_id)],
);

/** Deny-list of signed-out bearer tokens, by jti, kept until they would have expired. */
export const revokedTokens = pgTable('revoked_tokens', {
  jti: varchar('jti', { length: 64 }).primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Request counters of the abuse limits (failed sign-ins per account and IP, sign-up/reset per IP), shared by every
 * API instance: one row per key and fixed window.
 */
export const rateCounters = pgTable('rate_counters', {
  key: varchar('key', { length: 400 }).primaryKey(),
  count: integer('count').notNull(),
  window_ends_at: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** E-mail outbox: every message is recorded; without SMTP this is where links are read. */
export const outbox = pgTable(
  'mail_outbox',
  {
    mail_id: id('mail_id'),
    to_email: varchar('to_email', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body_text: text('body_text').notNull(),
    body_html: text('body_html'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to_email)],
);
