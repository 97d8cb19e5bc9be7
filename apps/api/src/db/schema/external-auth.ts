import { pgTable, varchar, timestamp, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './common';

/**
 * One external sign-in in flight (OIDC authorization code + PKCE). Kept in the database, not in a cookie
 * or memory, so the callback may land on any API instance. Only the SHA-256 of `state` is stored.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    oidc_login_id: id('oidc_login_id'),
    provider: varchar('provider', { length: 20 }).notNull(),
    state_hash: varchar('state_hash', { length: 64 }).notNull(),
    code_verifier: varchar('code_verifier', { length: 128 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    redirect_uri: varchar('redirect_uri', { length: 500 }).notNull(),
    success_redirect: varchar('success_redirect', { length: 500 }).notNull(),
    failure_redirect: varchar('failure_redirect', { length: 500 }).notNull(),
    terms_accepted: boolean('terms_accepted').notNull().default(false),
    /** Ties the callback to the browser that started the sign-in (hash of an HttpOnly cookie). */
    browser_hash: varchar('browser_hash', { length: 64 }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('oidc_logins_state_uq').on(t.state_hash), index('oidc_logins_expires_idx').on(t.expires_at)],
);
