import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { outbox, revokedTokens, userTokens } from '../../db/schema/index';
import { pruneExpiredTokens } from './users.repo';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

async function lastLink(email: string): Promise<string> {
  const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, email)).orderBy(desc(outbox.mail_id)).limit(1);
  const link = mail?.body_text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no mail for ${email}`);
  return link;
}

const signupBody = (email: string) => ({
  email,
  name: 'Lucía',
  last_name: 'Pereyra',
  password: 'secreto1',
  repeat_password: 'secreto1',
  phone: '0221 15-456-7890',
  birth_date: '1900-01-01',
  state_id: 1,
  occupation: 'Productor',
  language_id: 1,
  city_id: 1,
});

describe('sign-up, validation and sign-in', () => {
  it('registers, validates by the e-mailed link and signs in with a session', async () => {
    const res = await call(app, 'POST', 'users/signup?validation_email_link=http://localhost:3000/validar-mail-ok', { body: signupBody('lucia@test.local') });
    expect(res.statusCode).toBe(201);
    expect(json<{ phone: string }[]>(res).data[0].phone).toBe('+5492214567890');

    const blocked = await call(app, 'POST', 'users/signin', { body: { email: 'lucia@test.local', password: 'secreto1' } });
    expect(blocked.statusCode).toBe(403);

    const link = await lastLink('lucia@test.local');
    expect(link).toMatch(/^http:\/\/localhost:3000\/validar-mail-ok\/[\w-]{20,}$/);
    const token = link.split('/').pop();
    expect((await call(app, 'GET', `emails/user/validation?token=${token}`)).statusCode).toBe(200);
    // single use
    expect((await call(app, 'GET', `emails/user/validation?token=${token}`)).statusCode).toBe(400);
    const cut = await call(app, 'GET', 'emails/user/validation?token=');
    expect(cut.statusCode).toBe(422);
    expect(json(cut).message).toBe('El enlace de validación no es válido o ha expirado');

    const signin = await call(app, 'POST', 'users/signin?login_from=mobile', { body: { email: 'LUCIA@test.local', password: 'secreto1' } });
    expect(signin.statusCode).toBe(200);
    const session = json<{ token: string; user: { workspaces: unknown[] }; permission: unknown[]; flags: Record<string, boolean>; login_from: string; plan: { plan_id: number } }[]>(signin).data[0];
    expect(session.token).toBeTruthy();
    expect(session.user.workspaces).toHaveLength(1);
    expect(session.permission.length).toBeGreaterThan(0);
    expect(session.flags.home).toBe(true);
    expect(session.login_from).toBe('mobile');

    const resend = await call(app, 'POST', 'emails/user/validation?email=lucia@test.local');
    expect(resend.statusCode).toBe(409);
    expect(json(resend).message).toBe('El correo electrónico ya se encuentra validado');
  });

  it('answers the spec messages on bad sign-up input', async () => {
    const res = await call(app, 'POST', 'users/signup', { body: { ...signupBody('bad'), repeat_password: 'otra' } });
    expect(res.statusCode).toBe(422);
    const msgs = json(res).detail?.map((d) => d.msg);
    expect(msgs).toContain('El formato del email es incorrecto');
    expect(msgs).toContain('Las contraseñas no coinciden');
  });

  it('refuses a second account with the same e-mail', async () => {
    await buildUser(app, { email: 'dup@test.local' });
    const res = await call(app, 'POST', 'users/signup', { body: signupBody('dup@test.local') });
    expect(res.statusCode).toBe(409);
  });

  it('rate-limits after ten wrong passwords in a row, before hashing', async () => {
    const u = await buildUser(app);
    for (let i = 0; i < 10; i++) {
      const r = await call(app, 'POST', 'users/signin', { body: { email: u.email, password: 'incorrecta' } });
      expect(r.statusCode).toBe(401);
      expect(json(r).message).toBe('El email o la contraseña son incorrectos');
    }
    const r = await call(app, 'POST', 'users/signin', { body: { email: u.email, password: u.password } });
    expect(r.statusCode).toBe(429);
  });
});

describe('tokens', () => {
  it('renews for a workspace, and sign-out revokes the token', async () => {
    const u = await buildUser(app);
    const renew = await call(app, 'GET', `users/auth?renew=true&workspace_id=${u.workspace_id}`, { token: u.token });
    expect(renew.statusCode).toBe(200);
    const fresh = json<{ token: string; workspace_id: number }[]>(renew).data[0];
    expect(fresh.workspace_id).toBe(u.workspace_id);
    expect((await call(app, 'GET', 'users/signout', { token: fresh.token })).statusCode).toBe(200);
    const after = await call(app, 'GET', 'users', { token: fresh.token });
    expect(after.statusCode).toBe(401);
    expect(json(after).message).toMatch(/token/);
  });

  it('prunes only expired deny-list rows and e-mailed links: a signed-out token that has not expired stays refused', async () => {
    const u = await buildUser(app);
    expect((await call(app, 'GET', 'users/signout', { token: u.token })).statusCode).toBe(200);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await app.db.insert(revokedTokens).values({ jti: 'prune-me', expires_at: hourAgo });
    await app.db.insert(userTokens).values([
      { user_id: u.user_id, kind: 'password_reset', token_hash: 'prune-expired-link', expires_at: hourAgo },
      { user_id: u.user_id, kind: 'password_reset', token_hash: 'prune-live-link', expires_at: new Date(Date.now() + 3_600_000) },
    ]);

    await pruneExpiredTokens(app.db);

    expect(await app.db.select().from(revokedTokens).where(eq(revokedTokens.jti, 'prune-me'))).toEqual([]);
    const links = await app.db.select({ hash: userTokens.token_hash }).from(userTokens).where(inArray(userTokens.token_hash, ['prune-expired-link', 'prune-live-link']));
    expect(links.map((l) => l.hash)).toEqual(['prune-live-link']);
    expect((await call(app, 'GET', 'users', { token: u.token })).statusCode).toBe(401);
  });

  it('rejects a tampered, foreign-signed or expired token with 401', async () => {
    const u = await buildUser(app);
    const [h, p, s] = u.token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url')}.${s}`;
    expect((await call(app, 'GET', 'users', { token: tampered })).statusCode).toBe(401);
    const foreign = await new SignJWT({ typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(u.user_id)).setIssuer('fm-api').setAudience('fm-web').setJti('x').setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-1234'));
    expect((await call(app, 'GET', 'users', { token: foreign })).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect((await call(app, 'GET', 'users', { token: none })).statusCode).toBe(401);
    expect((await call(app, 'GET', 'users')).statusCode).toBe(401);
  });

  it('rejects a renew into a workspace the user does not belong to', async () => {
    const a = await buildUser(app);
    const b = await buildUser(app);
    const res = await call(app, 'GET', `users/auth?renew=true&workspace_id=${b.workspace_id}`, { token: a.token });
    expect(res.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  it('mails a single-use link, changes the password and revokes old sessions', async () => {
    const u = await buildUser(app);
    const unknown = await call(app, 'GET', 'emails/user/password/reset?email=nadie@test.local&reset_password_url=http://localhost:3000/restablecer-password-confirmar');
    const known = await call(app, 'GET', `emails/user/password/reset?email=${u.email}&reset_password_url=http://localhost:3000/restablecer-password-confirmar`);
    expect(unknown.statusCode).toBe(200);
    expect(json(known).message).toBe(json(unknown).message);
    const link = await lastLink(u.email);
    const resetToken = link.split('/').pop() ?? '';
    const change = await call(app, 'POST', 'users/password/change', { token: resetToken, body: { password: 'nueva1234', repeat_password: 'nueva1234' } });
    expect(change.statusCode).toBe(200);
    const again = await call(app, 'POST', 'users/password/change', { token: resetToken, body: { password: 'otra12345', repeat_password: 'otra12345' } });
    expect(again.statusCode).toBe(400);
    expect((await call(app, 'GET', 'users', { token: u.token })).statusCode).toBe(401);
    expect((await call(app, 'POST', 'users/signin', { body: { email: u.email, password: 'nueva1234' } })).statusCode).toBe(200);
  });

  it('a used reset link spends every other reset link of the user', async () => {
    const u = await buildUser(app);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await call(app, 'GET', `emails/user/password/reset?email=${u.email}`);
      tokens.push((await lastLink(u.email)).split('/').pop() ?? '');
    }
    expect((await call(app, 'POST', 'users/password/change', { token: tokens[1], body: { password: 'nueva1234' } })).statusCode).toBe(200);
    const older = await call(app, 'POST', 'users/password/change', { token: tokens[0], body: { password: 'atacante1' } });
    expect(older.statusCode).toBe(400);
    expect(json(older).message).toBe('El enlace para restablecer la contraseña no es válido o ha expirado');
    expect((await call(app, 'POST', 'users/signin', { body: { email: u.email, password: 'nueva1234' } })).statusCode).toBe(200);
  });
});

describe('links in e-mails', () => {
  it('never come from the Host header nor from a link base on another origin', async () => {
    const u = await buildUser(app);
    const forged = { headers: { host: 'evil.example' } };
    for (const base of ['http://evil.example/restablecer-password-confirmar', 'https://evil.example/x', 'javascript:alert(1)//']) {
      await call(app, 'GET', `emails/user/password/reset?email=${u.email}&reset_password_url=${encodeURIComponent(base)}`, forged);
      expect(await lastLink(u.email)).toMatch(/^http:\/\/localhost:3000\/restablecer-password-confirmar\/[\w-]{20,}$/);
    }
    const email = `host${Date.now()}@test.local`;
    await call(app, 'POST', `users/signup?validation_email_link=${encodeURIComponent('http://evil.example/validar-mail-ok')}`, { ...forged, body: signupBody(email) });
    expect(await lastLink(email)).toMatch(/^http:\/\/localhost:3000\/validar-mail-ok\//);
  });

  it('take a client link base only on PUBLIC_URL or WEB_ORIGINS', async () => {
    const other = await createTestApp({ PUBLIC_URL: 'https://campo.example', WEB_ORIGINS: ['http://localhost:5173'] });
    try {
      const u = await buildUser(other);
      const linkFor = async (base: string) => {
        await call(other, 'GET', `emails/user/password/reset?email=${u.email}&reset_password_url=${encodeURIComponent(base)}`, { headers: { host: 'localhost:3000' } });
        const [mail] = await other.db.select().from(outbox).where(eq(outbox.to_email, u.email)).orderBy(desc(outbox.mail_id)).limit(1);
        return mail.body_text.match(/https?:\/\/\S+/)?.[0] ?? '';
      };
      expect(await linkFor('http://localhost:5173/restablecer-password-confirmar')).toMatch(/^http:\/\/localhost:5173\/restablecer-password-confirmar\//);
      expect(await linkFor('https://campo.example/otra/ruta')).toMatch(/^https:\/\/campo\.example\/otra\/ruta\//);
      expect(await linkFor('http://localhost:3000/restablecer-password-confirmar')).toMatch(/^https:\/\/campo\.example\/restablecer-password-confirmar\//);
    } finally {
      await other.cleanup();
    }
  });

  it('escape what people typed in the HTML part, and keep the text part as typed', async () => {
    const email = `html${Date.now()}@test.local`;
    await call(app, 'POST', 'users/signup', { body: { ...signupBody(email), name: '<a href="http://evil.example">Ganaste</a>' } });
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, email));
    expect(mail.body_html).not.toContain('<a href="http://evil.example">');
    expect(mail.body_html).toContain('Hola &#60;a href=&#34;http://evil.example&#34;&#62;Ganaste&#60;/a&#62;,');
    expect(mail.body_text).toContain('Hola <a href="http://evil.example">Ganaste</a>,');
  });
});

describe('profile', () => {
  it('reads and edits the profile with normalised phone', async () => {
    const u = await buildUser(app);
    const res = await call(app, 'PUT', 'users', { token: u.token, body: { name: 'Roberto', phone: '011 15-1234-5678' } });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Editado correctamente');
    const me = json<{ name: string; phone: string }[]>(await call(app, 'GET', 'users', { token: u.token })).data[0];
    expect(me).toMatchObject({ name: 'Roberto', phone: '+5491112345678' });
    const bad = await call(app, 'PUT', 'users', { token: u.token, body: { name: 'Ro' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('El nombre debe tener al menos 3 caracteres');
  });
});

describe('locality', () => {
  it('refuses an unknown locality on sign-up and on the profile with the spec message, changing nothing', async () => {
    const u = await buildUser(app);
    const profile = await call(app, 'PUT', 'users', { token: u.token, body: { name: 'Rosario', city_id: 99_999_999 } });
    expect(profile.statusCode).toBe(422);
    expect(json(profile).detail).toEqual([{ loc: ['body', 'city_id'], msg: 'Debe seleccionar una localidad' }]);
    const me = json<{ name: string }[]>(await call(app, 'GET', 'users', { token: u.token })).data[0];
    expect(me.name).not.toBe('Rosario');
    const signup = await call(app, 'POST', 'users/signup', { body: { ...signupBody(`ciudad${Date.now()}@test.local`), city_id: 99_999_999 } });
    expect(signup.statusCode).toBe(422);
    expect(json(signup).detail?.[0]).toEqual({ loc: ['body', 'city_id'], msg: 'Debe seleccionar una localidad' });
  });
});
