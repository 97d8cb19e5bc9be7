import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { outbox, userTokens, workspaceUsers } from '../../db/schema/index';
import { hashOpaqueToken } from '../../http/tokens';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

type Profile = { email: string; pending_email: string | null; name: string };

async function lastMail(email: string) {
  const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, email)).orderBy(desc(outbox.mail_id)).limit(1);
  return mail;
}

/** The token of the latest confirmation link mailed to `email` (other mails may have come after it). */
async function confirmToken(email: string): Promise<string> {
  const mails = await app.db.select().from(outbox).where(eq(outbox.to_email, email)).orderBy(desc(outbox.mail_id));
  const token = mails.map((m) => /\/confirmar-mail\/([\w-]{20,})/.exec(m.body_text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no confirmation mail for ${email}`);
  return token;
}

const me = async (u: TestUser) => json<Profile[]>(await call(app, 'GET', 'users', { token: u.token })).data[0];
const requestChange = (u: TestUser, email: string, extra: Record<string, unknown> = {}) => call(app, 'PUT', 'users', { token: u.token, body: { ...extra, email } });

describe('changing one’s e-mail (PUT users, POST users/email/confirm)', () => {
  it('keeps the old address until the link mailed to the new one is used', async () => {
    const u = await buildUser(app);
    const newEmail = `nuevo${Date.now()}@test.local`;
    const res = await requestChange(u, newEmail.toUpperCase(), { name: 'Renata' });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(`Te enviamos un enlace a ${newEmail} para confirmar tu nuevo email. Hasta que lo confirmes, seguís ingresando con el actual.`);
    // the other fields apply now; the e-mail does not
    expect(await me(u)).toMatchObject({ email: u.email, pending_email: newEmail, name: 'Renata' });
    expect((await call(app, 'POST', 'users/signin', { body: { email: u.email, password: u.password } })).statusCode).toBe(200);
    expect((await call(app, 'POST', 'users/signin', { body: { email: newEmail, password: u.password } })).statusCode).toBe(401);

    const notice = await lastMail(u.email);
    expect(notice.subject).toBe('Pediste cambiar tu email');
    expect(notice.body_text).toContain(newEmail);
    const token = await confirmToken(newEmail);
    const [stored] = await app.db.select().from(userTokens).where(and(eq(userTokens.user_id, u.user_id), eq(userTokens.kind, 'email_change')));
    expect(stored.token_hash).toBe(hashOpaqueToken(token));
    expect(stored.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);

    const confirmed = await call(app, 'POST', 'users/email/confirm', { body: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(json(confirmed).message).toBe('Tu email se cambió. Ingresá con tu nuevo email.');
    // every session is revoked: sign in again with the new address
    expect((await call(app, 'GET', 'users', { token: u.token })).statusCode).toBe(401);
    const signin = await call(app, 'POST', 'users/signin', { body: { email: newEmail, password: u.password } });
    expect(signin.statusCode).toBe(200);
    expect(json<{ user: Profile }[]>(signin).data[0].user).toMatchObject({ email: newEmail, pending_email: null });
    expect((await call(app, 'POST', 'users/signin', { body: { email: u.email, password: u.password } })).statusCode).toBe(401);
    // single use
    const again = await call(app, 'POST', 'users/email/confirm', { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe('El enlace para confirmar el email no es válido o ha expirado');
  });

  it('grants an invitation to the new address only once the address is confirmed', async () => {
    const owner = await buildUser(app);
    const squatter = await buildUser(app);
    const victim = `ceo${Date.now()}@victima.test`;
    await requestChange(squatter, victim);
    // the owner invites the address: the squatter has not proven it, so nothing is granted
    const invite = await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { email: victim } });
    expect(json<{ kind: string; user_id: number | null }[]>(invite).data[0]).toMatchObject({ kind: 'invited', user_id: null });
    const membership = () => app.db.select().from(workspaceUsers).where(and(eq(workspaceUsers.workspace_id, owner.workspace_id), eq(workspaceUsers.user_id, squatter.user_id)));
    expect(await membership()).toHaveLength(0);
    // only the mailbox owner can use the link; when they do, the invitation becomes access
    const token = await confirmToken(victim);
    expect((await call(app, 'POST', 'users/email/confirm', { body: { token } })).statusCode).toBe(200);
    expect(await membership()).toHaveLength(1);
  });

  it('a newer request voids the older link; the same address again changes nothing', async () => {
    const u = await buildUser(app);
    const first = `primero${Date.now()}@test.local`;
    const second = `segundo${Date.now()}@test.local`;
    await requestChange(u, first);
    const firstToken = await confirmToken(first);
    await requestChange(u, second);
    expect((await call(app, 'POST', 'users/email/confirm', { body: { token: firstToken } })).statusCode).toBe(400);
    // the profile form sends the current address back: no new mail, the pending change stays
    const before = (await lastMail(second)).mail_id;
    const same = await requestChange(u, u.email, { name: 'Mismo' });
    expect(json(same).message).toBe('Editado correctamente');
    expect((await lastMail(second)).mail_id).toBe(before);
    expect(await me(u)).toMatchObject({ email: u.email, pending_email: second });
  });

  it('409 when the address is taken, before and at confirmation', async () => {
    const u = await buildUser(app);
    const other = await buildUser(app);
    const taken = await requestChange(u, other.email);
    expect(taken.statusCode).toBe(409);
    expect(json(taken).message).toBe('Ya existe una cuenta con ese email');
    expect((await me(u)).pending_email).toBeNull();

    const wanted = `disputado${Date.now()}@test.local`;
    await requestChange(u, wanted);
    const token = await confirmToken(wanted);
    await buildUser(app, { email: wanted });
    const late = await call(app, 'POST', 'users/email/confirm', { body: { token } });
    expect(late.statusCode).toBe(409);
    expect(json(late).message).toBe('Ya existe una cuenta con ese email');
    expect((await me(u)).email).toBe(u.email);
  });

  it('old links stop working after the change: a reset mailed to the old address', async () => {
    const u = await buildUser(app);
    await call(app, 'GET', `emails/user/password/reset?email=${u.email}`);
    const resetToken = /restablecer-password-confirmar\/([\w-]+)/.exec((await lastMail(u.email)).body_text)?.[1];
    const fresh = `limpio${Date.now()}@test.local`;
    await requestChange(u, fresh);
    expect((await call(app, 'POST', 'users/email/confirm', { body: { token: await confirmToken(fresh) } })).statusCode).toBe(200);
    expect((await call(app, 'POST', 'users/password/change', { token: resetToken, body: { password: 'robada123' } })).statusCode).toBe(400);
  });

  it('limits change requests per account, and answers 422 on a malformed link', async () => {
    const u = await buildUser(app);
    for (let i = 0; i < app.config.AUTH_RATE_LIMIT; i++) expect((await requestChange(u, `spam${i}_${Date.now()}@test.local`)).statusCode).toBe(200);
    expect((await requestChange(u, `spam_${Date.now()}@test.local`)).statusCode).toBe(429);
    // saving the profile without a new e-mail is not limited
    expect((await requestChange(u, u.email, { name: 'Tranquila' })).statusCode).toBe(200);
    const bad = await call(app, 'POST', 'users/email/confirm', { body: { token: 'corto' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('El enlace para confirmar el email no es válido o ha expirado');
  });
});
