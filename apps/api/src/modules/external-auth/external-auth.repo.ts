import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oidcLogins, users } from '../../db/schema/index';
import type { UserRow } from '../users/index';

export type OidcLoginRow = typeof oidcLogins.$inferSelect;
export type NewOidcLogin = typeof oidcLogins.$inferInsert;

export async function insertLogin(db: Executor, row: NewOidcLogin): Promise<void> {
  await db.insert(oidcLogins).values(row);
}

/** Marks a live sign-in used and returns it; single use is enforced by the `used_at IS NULL` condition. */
export async function consumeLogin(db: Executor, provider: string, stateHash: string): Promise<OidcLoginRow | undefined> {
  const [row] = await db
    .update(oidcLogins)
    .set({ used_at: new Date() })
    .where(and(eq(oidcLogins.provider, provider), eq(oidcLogins.state_hash, stateHash), isNull(oidcLogins.used_at), gt(oidcLogins.expires_at, new Date())))
    .returning();
  return row;
}

/** Sign-ins abandoned at the provider are removed a day after they expired. */
export async function purgeExpiredLogins(db: Executor): Promise<void> {
  await db.delete(oidcLogins).where(lt(oidcLogins.expires_at, new Date(Date.now() - 86_400_000)));
}

export async function findUserBySubject(db: Executor, method: string, subject: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.sign_in_method, method), eq(users.external_subject, subject)))
    .limit(1);
  return u;
}
