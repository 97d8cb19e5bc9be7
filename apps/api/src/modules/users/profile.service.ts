import { eq } from 'drizzle-orm';
import { EMAIL_CHANGE_MSG, MSG, type ProfileBody } from '@fm/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { badRequest, conflict, invalid, unauthorized } from '../../http/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../http/tokens';
import { linkMail, noticeMail, type Mailer } from '../../integrations/mail/mailer';
import { cityExists } from '../geo/index';
import { consumeToken, findUserByEmail, findUserById, insertToken, invalidateTokens, type UserRow } from './users.repo';
import { acceptInvitations } from './users.service';

const EMAIL_CHANGE_TTL_MS = 3600 * 1000;

export type ProfileInput = z.output<typeof ProfileBody>;

/**
 * PUT users: the profile fields apply now; a different e-mail does not. It is kept as `pending_email` and a
 * single-use link goes to it (`confirmEmailChange` swaps the address), with a notice to the current one.
 * A taken address (409) or an unknown locality (422) changes nothing.
 */
export async function updateProfile(
  db: Executor,
  mailer: Mailer,
  userId: number,
  body: ProfileInput,
  confirmLink: string,
): Promise<{ user: UserRow; message: string }> {
  const { email, ...fields } = body;
  const current = await findUserById(db, userId);
  if (!current) throw unauthorized();
  const newEmail = email !== undefined && email !== current.email ? email : null;
  if (newEmail) {
    const other = await findUserByEmail(db, newEmail);
    if (other && other.user_id !== userId) throw conflict(MSG.emailTaken);
  }
  if (fields.city_id !== undefined && !(await cityExists(db, fields.city_id))) throw invalid('city_id', MSG.localityRequired);
  const { token, hash } = newOpaqueToken();
  const user = await db.transaction(async (tx) => {
    if (newEmail) {
      await invalidateTokens(tx, userId, ['email_change']);
      await insertToken(tx, userId, 'email_change', hash, EMAIL_CHANGE_TTL_MS);
    }
    const [u] = await tx
      .update(users)
      .set({ ...fields, ...(newEmail ? { pending_email: newEmail } : {}), updated_at: new Date() })
      .where(eq(users.user_id, userId))
      .returning();
    return u;
  });
  if (!newEmail) return { user, message: MSG.profileOk };
  await mailer.send(
    linkMail(newEmail, 'Confirmá tu nuevo email', `Hola ${user.name}, para usar este email en tu cuenta abrí este enlace. Vence en 1 hora:`, `${confirmLink}/${token}`, token),
  );
  await mailer.send(
    noticeMail(user.email, 'Pediste cambiar tu email', [
      `Hola ${user.name}, recibimos un pedido para cambiar el email de tu cuenta a ${newEmail}.`,
      'El cambio se aplica solo cuando se abre el enlace que enviamos a esa casilla; hasta entonces seguís ingresando con este email.',
      'Si no fuiste vos, restablecé tu contraseña desde la pantalla de ingreso.',
    ]),
  );
  return { user, message: EMAIL_CHANGE_MSG.requested(newEmail) };
}

/**
 * The link mailed to the new address: swaps the e-mail (409 when another account took it meanwhile), counts it
 * as validated, revokes every session and every link mailed to the old address, and accepts the invitations
 * sent to the new one. Single use; answers the new address.
 */
export async function confirmEmailChange(db: Executor, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const userId = await consumeToken(tx, 'email_change', hashOpaqueToken(token));
    const user = userId === null ? undefined : await findUserById(tx, userId);
    const email = user?.pending_email;
    if (!user || !email) throw badRequest(EMAIL_CHANGE_MSG.invalidLink);
    const other = await findUserByEmail(tx, email);
    if (other && other.user_id !== user.user_id) throw conflict(MSG.emailTaken);
    const now = new Date();
    await tx
      .update(users)
      .set({ email, pending_email: null, email_validated_at: now, tokens_valid_after: now, updated_at: now })
      .where(eq(users.user_id, user.user_id));
    await invalidateTokens(tx, user.user_id, ['email_change', 'email_validation', 'password_reset']);
    await acceptInvitations(tx, user.user_id, email);
    return email;
  });
}
