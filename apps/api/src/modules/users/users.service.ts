import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defaultPermissions, MSG, type FinishSignupBody, type Module, type PermissionEntry, type SignupBody } from '@fm/domain';
import type { Tx } from '../../db/client';
import { users, workspaceInvitations, workspacePermissions, workspaces, workspaceUsers } from '../../db/schema/index';
import { publicUrl } from '../../config';
import { AppError, badRequest, conflict, invalid } from '../../http/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../http/tokens';
import { linkMail } from '../../integrations/mail/mailer';
import { hashPassword } from './passwords';
import { cityExists } from '../geo/index';
import { consumeToken, findUserByEmail, insertToken, type UserRow } from './users.repo';

const VALIDATION_TTL_MS = 48 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;

/**
 * A link base sent by the client is used only when it points at this application,
 * so a forged request cannot make our e-mail carry someone else's link.
 */
export function linkBase(app: FastifyInstance, requested: string | undefined, requestHost: string | undefined, fallbackPath: string): string {
  const fallback = `${publicUrl(app.config)}${fallbackPath}`;
  if (!requested) return fallback;
  try {
    const url = new URL(requested);
    const allowed = new Set([new URL(publicUrl(app.config)).host, requestHost].filter(Boolean));
    if (!['http:', 'https:'].includes(url.protocol) || !allowed.has(url.host)) return fallback;
    return `${url.origin}${url.pathname}`.replace(/\/$/, '');
  } catch {
    return fallback;
  }
}

export type SignupInput = SignupBody;

/** Creates the account, its own workspace and the access of pending invitations, then mails the validation link. */
export async function signup(app: FastifyInstance, body: Omit<SignupInput, 'repeat_password'>, link: string) {
  if (await findUserByEmail(app.db, body.email)) throw conflict(MSG.emailTaken);
  if (body.city_id !== undefined && !(await cityExists(app.db, body.city_id))) throw invalid('city_id', MSG.localityRequired);
  const passwordHash = await hashPassword(body.password);
  const { token, hash } = newOpaqueToken();
  const user = await app.db.transaction(async (tx) => {
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
    await acceptInvitations(tx, u.user_id, u.email);
    await insertToken(tx, u.user_id, 'email_validation', hash, VALIDATION_TTL_MS);
    return u;
  });
  await app.mailer.send(
    linkMail(user.email, 'Validá tu correo electrónico', `Hola ${user.name}, para activar tu cuenta abrí este enlace:`, `${link}/${token}`),
  );
  return user;
}

export async function createOwnWorkspace(tx: Tx, userId: number, name: string): Promise<number> {
  const [ws] = await tx
    .insert(workspaces)
    .values({ name: `Espacio de ${name || 'trabajo'}`.slice(0, 120), user_id: userId })
    .returning({ workspace_id: workspaces.workspace_id });
  await tx.update(users).set({ last_workspace_id: ws.workspace_id }).where(eq(users.user_id, userId));
  return ws.workspace_id;
}

/** Invitations sent to this e-mail before the account existed become real access now. */
export async function acceptInvitations(tx: Tx, userId: number, email: string): Promise<void> {
  const pending = await tx
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.email, email), isNull(workspaceInvitations.accepted_at)));
  for (const inv of pending) {
    await tx.insert(workspaceUsers).values({ workspace_id: inv.workspace_id, user_id: userId, role_id: inv.role_id }).onConflictDoNothing();
    await setPermissions(tx, inv.workspace_id, userId, inv.permissions as PermissionEntry[]);
    await tx.update(workspaceInvitations).set({ accepted_at: new Date() }).where(eq(workspaceInvitations.invitation_id, inv.invitation_id));
  }
}

/** Replaces a member's permission rows (base modules always granted, spec doc 1 §5). */
export async function setPermissions(tx: Tx, workspaceId: number, userId: number, entries: PermissionEntry[]): Promise<void> {
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
  await tx.delete(workspacePermissions).where(and(eq(workspacePermissions.workspace_id, workspaceId), eq(workspacePermissions.user_id, userId)));
  await tx.insert(workspacePermissions).values(rows);
}

export async function validateEmail(app: FastifyInstance, token: string): Promise<void> {
  const userId = await consumeToken(app.db, 'email_validation', hashOpaqueToken(token));
  if (!userId) throw badRequest('El enlace de validación no es válido o ha expirado');
  await app.db.update(users).set({ email_validated_at: new Date() }).where(and(eq(users.user_id, userId), isNull(users.email_validated_at)));
}

/** Resend: 409 when already validated; an unknown e-mail gets the same success answer as a real one. */
export async function resendValidation(app: FastifyInstance, email: string, link: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  if (!user) return;
  if (user.email_validated_at) throw new AppError('CONFLICT', MSG.alreadyValidated);
  const { token, hash } = newOpaqueToken();
  await insertToken(app.db, user.user_id, 'email_validation', hash, VALIDATION_TTL_MS);
  await app.mailer.send(linkMail(user.email, 'Validá tu correo electrónico', `Hola ${user.name}, para activar tu cuenta abrí este enlace:`, `${link}/${token}`));
}

export async function requestPasswordReset(app: FastifyInstance, email: string, link: string): Promise<void> {
  const user = await findUserByEmail(app.db, email);
  if (!user) return;
  const { token, hash } = newOpaqueToken();
  await insertToken(app.db, user.user_id, 'password_reset', hash, RESET_TTL_MS);
  await app.mailer.send(
    linkMail(user.email, 'Restablecé tu contraseña', 'Recibimos un pedido para restablecer tu contraseña. El enlace vence en 1 hora:', `${link}/${token}`),
  );
}

/** Single-use reset: sets the password, proves the mailbox, and revokes every token issued before. */
export async function resetPassword(app: FastifyInstance, resetToken: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const userId = await consumeToken(app.db, 'password_reset', hashOpaqueToken(resetToken));
  if (!userId) throw badRequest('El enlace para restablecer la contraseña no es válido o ha expirado');
  const now = new Date();
  await app.db
    .update(users)
    .set({ password_hash: passwordHash, tokens_valid_after: now, updated_at: now })
    .where(eq(users.user_id, userId));
  await app.db.update(users).set({ email_validated_at: now }).where(and(eq(users.user_id, userId), isNull(users.email_validated_at)));
}

type FinishSignupInput = Omit<FinishSignupBody, 'city_id' | 'first_login_mobile'> & { city_id: number };

/**
 * Finish signup (spec doc 1 §3) of an account an external sign-in created: stores the profile and marks the
 * sign-up completed. A password is accepted only while the sign-up is pending, so a session token alone
 * can never replace the password of a completed account (that goes through Reestablecer).
 */
export async function finishSignup(app: FastifyInstance, userId: number, body: FinishSignupInput): Promise<UserRow> {
  const { password, ...profile } = body;
  if (!(await cityExists(app.db, profile.city_id))) throw invalid('city_id', MSG.localityRequired);
  const passwordHash = password ? await hashPassword(password) : undefined;
  const [user] = await app.db
    .update(users)
    .set({ ...profile, ...(passwordHash ? { password_hash: passwordHash } : {}), signup_completed: true, updated_at: new Date() })
    .where(passwordHash ? and(eq(users.user_id, userId), eq(users.signup_completed, false)) : eq(users.user_id, userId))
    .returning();
  if (!user) throw conflict(MSG.signupPasswordLocked);
  return user;
}
