import { and, asc, eq, gt, isNull, lt, or, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { revokedTokens, userTokens, users, workspaces, workspaceUsers } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
export type TokenKind = 'email_validation' | 'password_reset' | 'email_change' | 'sso';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.user_id, userId)).limit(1);
  return u;
}

export async function insertToken(db: Executor, userId: number, kind: TokenKind, hash: string, ttlMs: number): Promise<void> {
  await db.insert(userTokens).values({ user_id: userId, kind, token_hash: hash, expires_at: new Date(Date.now() + ttlMs) });
}

/** Marks a live token used and returns its user; single use is enforced by the `used_at IS NULL` condition. */
export async function consumeToken(db: Executor, kind: TokenKind, hash: string): Promise<number | null> {
  const [row] = await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(and(eq(userTokens.kind, kind), eq(userTokens.token_hash, hash), isNull(userTokens.used_at), gt(userTokens.expires_at, new Date())))
    .returning({ user_id: userTokens.user_id });
  return row?.user_id ?? null;
}

/**
 * Drops signed-out tokens and e-mailed links past their expiry (a periodic job): an expired bearer token is refused
 * by its own `exp`, an expired link by `consumeToken`, so neither row decides anything any more. The deny-list is
 * deleted from only when it holds such rows: migration 0019 reports every statement on it, and each report makes
 * every instance forget the auth states it remembers (decision 0038).
 */
export async function pruneExpiredTokens(db: Executor): Promise<void> {
  const signedOutExpired = lt(revokedTokens.expires_at, sql`now()`);
  const found = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(signedOutExpired).limit(1);
  if (found.length) await db.delete(revokedTokens).where(signedOutExpired);
  await db.delete(userTokens).where(lt(userTokens.expires_at, sql`now()`));
}

/** Marks every live token of these kinds of the user used (a spent or superseded link stops working). */
export async function invalidateTokens(db: Executor, userId: number, kinds: TokenKind[]): Promise<void> {
  await db
    .update(userTokens)
    .set({ used_at: new Date() })
    .where(and(eq(userTokens.user_id, userId), inArray(userTokens.kind, kinds), isNull(userTokens.used_at)));
}

export type WorkspaceSummary = { workspace_id: number; name: string; active: boolean; owner: boolean; user_id: number };

/** Workspaces the user owns or is shared into, owned first. */
export async function workspacesOf(db: Executor, userId: number): Promise<WorkspaceSummary[]> {
  const shared = db.select({ id: workspaceUsers.workspace_id }).from(workspaceUsers).where(eq(workspaceUsers.user_id, userId));
  const rows = await db
    .select({ workspace_id: workspaces.workspace_id, name: workspaces.name, active: workspaces.active, user_id: workspaces.user_id })
    .from(workspaces)
    .where(or(eq(workspaces.user_id, userId), inArray(workspaces.workspace_id, shared)))
    .orderBy(asc(workspaces.workspace_id));
  return rows
    .map((w) => ({ ...w, owner: w.user_id === userId }))
    .sort((a, b) => Number(b.owner) - Number(a.owner) || a.workspace_id - b.workspace_id);
}
