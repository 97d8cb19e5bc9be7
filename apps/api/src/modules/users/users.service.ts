import { and, eq, isNull, sql } from 'drizzle-orm';
import { defaultPermissions, MSG, type FinishSignupBody, type Module, type PermissionEntry, type SignupBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users, workspaceInvitations, workspacePermissions, workspaces, workspaceUsers } from '../../db/schema/index';
import { linkOrigins, publicUrl, type Config } from '../../config';
import { AppError, badRequest, conflict, invalid } from '../../http/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../http/tokens';
import { linkMail, type Mailer } from '../../integrations/mail/mailer';
import { hashPassword } from './passwords';
import { cityExists } from '../geo/index';
import { consumeToken, findUserByEmail, insertToken, invalidateTokens, type UserRow } from './users.repo';

const VALIDATION_TTL_MS = 48 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;

export type LinkConfig = Pick<Config, 'PUBLIC_URL' | 'PORT' | 'WEB_ORIGINS'>;

/**
 * The base of a mailed link: the one the client asked for only when its origin is PUBLIC_URL's or one of
 * WEB_ORIGINS, else PUBLIC_URL + `fallbackPath`. Never the request's Host header: a forged request must not
 * make our e-mail carry someone else's link.
 */
export function linkBase(config: LinkConfig, requested: string | undefined, fallbackPath: string): string {
  const fallback = `${publicUrl(config)}${fallbackPath}`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested);
    if (!linkOrigins(config).has(url.origin)) return fallback;
    return `${url.origin}${url.pathname}`.replace(/\/$/, '');
  } catch {
    return fallback;
  }
}

const validationMail = (user: UserRow, link: string, token: string) =>
  linkMail(user.email, 'Validá tu correo electrónico', `Hola ${user.name}, para activar tu cuenta abrí este enlace:`, `${link}/${token}`, token);

/**
 * Creates the account and its own workspace, then mails the validation link. Pending invitations to the
 * address wait until the link is used (`proveEmail`): whoever types an address they do not own gets nothing.
 */
export async function signup(db: Executor, mailer: Mailer, body: Omit<SignupBody, 'repeat_password'>, link: string): Promise<UserRow> {
  if (await findUserByEmail(db, body.email)) throw conflict(MSG.emailTaken);
  if (body.city_id !== undefined && !(await cityExists(db, body.city_id))) throw invalid('city_id', MSG.localityRequired);
  const passwordHash = await hashPassword(body.password);
  const { token, hash } = newOpaqueToken();
  const user = await db.transaction(async (tx) => {
    const [u] = await tx
      .insert(users)
      .values({
        email: body.email,
        password_hash: passwordHash,
        name: body.name,
        last_name: body.last_name,
        phone: body.phone,
        birth_date: body.birth_date ?? '1900-01-01',
        state_id: body.state_id ?? 1,
        language_id: body.language_id ?? 1,
        occupation: body.occupation,
        city_id: body.city_id ?? null,
        sign_in_method: 'Local',
      })
      .returning();
    await createOwnWorkspace(tx, u.user_id, u.name);
    await insertToken(tx, u.user_id, 'email_validation', hash, VALIDATION_TTL_MS);
    return u;
  });
  await mailer.send(validationMail(user, link, token));
  return user;
}

export async function createOwnWorkspace(db: Executor, userId: number, name: string): Promise<number> {
  const [ws] = await db
    .insert(workspaces)
    .values({ name: `Espacio de ${name || 'trabajo'}`.slice(0, 120), user_id: userId })
    .returning({ workspace_id: workspaces.workspace_id });
  await db.update(users).set({ last_workspace_id: ws.workspace_id }).where(eq(users.user_id, userId));
  return ws.workspace_id;
}

/**
 * Invitations sent to this e-mail become real access. Call it only once the account has proven it owns the
 * address (validation link, reset link, confirmed e-mail change, a provider-verified e-mail).
 */
export async function acceptInvitations(db: Executor, userId: number, email: string): Promise<void> {
  const pending = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, email), isNull(workspaceInvitations.accepted_at)));
  for (const inv of pending) {
    await db.insert(workspaceUsers).values({ workspace_id: inv.workspace_id, user_id: userId, role_id: inv.role_id }).onConflictDoNothing();
    await setPermissions(db, inv.workspace_id, userId, inv.permissions as PermissionEntry[]);
    await db.update(workspaceInvitations).set({ accepted_at: new Date() }).where(eq(workspaceInvitations.invitation_id, inv.invitation_id));
  }
}

/** The account proved its mailbox: marks the e-mail validated (first time only) and accepts the invitations to it. */
async function proveEmail(db: Executor, userId: number): Promise<void> {
  const [u] = await db
    .update(users)
    .set({ email_validated_at: sql`coalesce(${users.email_validated_at}, now())` })
    .where(eq(users.user_id, userId))
    .returning({ email: users.email });
  if (u) await acceptInvitations(db, userId, u.email);
}

/** Replaces a member's permission rows (base modules always granted, spec doc 1 §5). */
export async function setPermissions(db: Executor, workspaceId: number, userId: number, entries: PermissionEntry[]): Promise<void> {
  const given = new Map(entries.map((e) => [e.module, e]));
  const rows = defaultPermissions().map((d) => {
    const e = given.get(d.module as Module);
    const base = d.read;
    return {
      workspace_id: workspaceId,
      user_id: userId,
      module: d.module,
      read: base || Boolean(e?.read),
      update: base || Boolean(e?.update),
      create: base || Boolean(e?.create),
      delete: base || Boolean(e?.delete),
    };
  });
  await db.delete(workspacePermissions).where(and(eq(workspacePermissions.workspace_id, workspaceId), eq(workspacePermissions.user_id, userId)));
  await db.insert(workspacePermissions).values(rows);
}

/** Single-use validation link: proves the mailbox, which also turns the invitations to it into access. */
export async function validateEmail(db: Executor, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'email_validation', hashOpaqueToken(token));
    if (!userId) throw badRequest(MSG.validationLinkInvalid);
    await proveEmail(tx, userId);
  });
}

/** Resend: 409 when already validated; an unknown e-mail gets the same success answer as a real one. */
export async function resendValidation(db: Executor, mailer: Mailer, email: string, link: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (user.email_validated_at) throw new AppError('CONFLICT', MSG.alreadyValidated);
  const { token, hash } = newOpaqueToken();
  await insertToken(db, user.user_id, 'email_validation', hash, VALIDATION_TTL_MS);
  await mailer.send(validationMail(user, link, token));
}

export async function requestPasswordReset(db: Executor, mailer: Mailer, email: string, link: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const { token, hash } = newOpaqueToken();
  await insertToken(db, user.user_id, 'password_reset', hash, RESET_TTL_MS);
  await mailer.send(
    linkMail(user.email, 'Restablecé tu contraseña', 'Recibimos un pedido para restablecer tu contraseña. El enlace vence en 1 hora:', `${link}/${token}`, token),
  );
}

/**
 * Single-use reset: sets the password, spends every other reset link of the user, revokes every session
 * issued before, and proves the mailbox.
 */
export async function resetPassword(db: Executor, resetToken: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'password_reset', hashOpaqueToken(resetToken));
    if (!userId) throw badRequest('El enlace para restablecer la contraseña no es válido o ha expirado');
    await invalidateTokens(tx, userId, ['password_reset']);
    const now = new Date();
    await tx.update(users).set({ password_hash: passwordHash, tokens_valid_after: now, updated_at: now }).where(eq(users.user_id, userId));
    await proveEmail(tx, userId);
  });
}

type FinishSignupInput = Omit<FinishSignupBody, 'city_id' | 'first_login_mobile'> & { city_id: number };

/**
 * Finish signup (spec doc 1 §3) of an account an external sign-in created: stores the profile and marks the
 * sign-up completed. A password is accepted only while the sign-up is pending, so a session token alone
 * can never replace the password of a completed account (that goes through Reestablecer).
 */
export async function finishSignup(db: Executor, userId: number, body: FinishSignupInput): Promise<UserRow> {
  const { password, ...profile } = body;
  if (!(await cityExists(db, profile.city_id))) throw invalid('city_id', MSG.localityRequired);
  const passwordHash = password ? await hashPassword(password) : undefined;
  const [user] = await db
    .update(users)
    .set({ ...profile, ...(passwordHash ? { password_hash: passwordHash } : {}), signup_completed: true, updated_at: new Date() })
    .where(passwordHash ? and(eq(users.user_id, userId), eq(users.signup_completed, false)) : eq(users.user_id, userId))
    .returning();
  if (!user) throw conflict(MSG.signupPasswordLocked);
  return user;
}
