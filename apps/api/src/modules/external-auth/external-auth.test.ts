import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { defaultPermissions } from '@fm/domain';
import { cities, users, workspaceInvitations } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';

/** A real OIDC provider on 127.0.0.1 (oauth2-mock-server); the app talks to it through the same settings an operator sets. */
let idp: OAuth2Server;
let app: TestApp;
let bare: TestApp;
const WEB = 'http://localhost:3000';

type Claims = { sub: string; email?: string; email_verified?: boolean | string; given_name?: string; family_name?: string };
let nextClaims: Claims = { sub: 'unset' };

beforeAll(async () => {
  idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  // The token endpoint signs the access token, then the ID token (audience = client id); only the latter carries the person.
  idp.service.on('beforeTokenSigning', (token) => {
    if (token.payload.aud === 'fm-google' || token.payload.aud === 'fm-apple') Object.assign(token.payload, nextClaims);
  });
  const issuer = idp.issuer.url ?? '';
  app = await createTestApp({
    OIDC_GOOGLE_ISSUER: issuer,
    OIDC_GOOGLE_CLIENT_ID: 'fm-google',
    OIDC_GOOGLE_CLIENT_SECRET: 'google-secret',
    OIDC_APPLE_ISSUER: issuer,
    OIDC_APPLE_CLIENT_ID: 'fm-apple',
    OIDC_APPLE_CLIENT_SECRET: 'apple-secret',
  });
  // Google not configured; Apple pointed at a closed port (provider unreachable).
  bare = await createTestApp({ OIDC_APPLE_ISSUER: 'http://127.0.0.1:9/', OIDC_APPLE_CLIENT_ID: 'fm-apple' });
});
afterAll(async () => {
  await app?.cleanup();
  await bare?.cleanup();
  await idp?.stop();
});

type Dance = { location: string; startLocation: string };

/** Start -> provider's authorize endpoint -> callback, following Location headers like a browser. */
async function dance(
  provider: 'google' | 'apple',
  claims: Claims,
  opts: { query?: string; host?: string; tamperState?: boolean; dropCookie?: boolean; formPost?: Record<string, string> } = {},
): Promise<Dance> {
  nextClaims = claims;
  const query = opts.query ?? `success_redirect=${encodeURIComponent(WEB)}&failure_redirect=${encodeURIComponent(`${WEB}/`)}`;
  const start = await app.inject({ method: 'GET', url: `/fm/v1/users/signin/${provider}?${query}`, headers: opts.host ? { host: opts.host } : {} });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.origin).toBe(new URL(idp.issuer.url ?? '').origin);
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${WEB}/fm/v1/users/signin/${provider}/callback`);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  const setCookie = String([start.headers['set-cookie']].flat()[0]);
  expect(setCookie).toContain(`; Path=/fm/v1/users/signin/${provider}; HttpOnly; Max-Age=600; SameSite=${provider === 'apple' ? 'None; Secure' : 'Lax'}`);
  const cookie = setCookie.split(';')[0];
  expect(cookie).toMatch(new RegExp(`^fm_oidc_${provider}=.+`));

  const atIdp = await fetch(authorize, { redirect: 'manual' });
  expect(atIdp.status).toBe(302);
  const back = new URL(atIdp.headers.get('location') ?? '');
  expect(back.pathname).toBe(`/fm/v1/users/signin/${provider}/callback`);
  if (opts.tamperState) back.searchParams.set('state', 'x'.repeat(43));
  const headers = opts.dropCookie ? {} : { cookie };
  const end = opts.formPost
    ? await app.inject({
        method: 'POST',
        url: back.pathname,
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ ...Object.fromEntries(back.searchParams), ...opts.formPost }).toString(),
      })
    : await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers });
  expect(end.statusCode).toBe(302);
  expect(String([end.headers['set-cookie']].flat()[0])).toMatch(new RegExp(`^fm_oidc_${provider}=; Path=/fm/v1/users/signin/${provider}; HttpOnly; Max-Age=0`));
  return { location: String(end.headers.location), startLocation: authorize.href };
}

function ssoCode(location: string, page = 'home'): string {
  const m = new RegExp(`^${WEB}/sso/${page}/([A-Za-z0-9_-]{20,})$`).exec(location);
  if (!m) throw new Error(`not an sso redirect: ${location}`);
  return m[1];
}

const errorOf = (location: string) => new URL(location).searchParams.get('error');

type SessionData = { token: string; login_from: string; user: { user_id: number; email: string; sign_in_method: string; signup_completed: boolean; workspaces: { workspace_id: number; owner: boolean }[] } };

describe('Google-type sign-in against a local OIDC provider', () => {
  let firstUserId = 0;

  it('creates the account with its own workspace and lands on /sso/home/<code>', async () => {
    const inviter = await buildUser(app);
    const wsId = inviter.workspace_id;
    await app.db.insert(workspaceInvitations).values({ workspace_id: wsId, email: 'ana@gmail.test', permissions: defaultPermissions(), invited_by: inviter.user_id });

    const { location } = await dance('google', { sub: 'g-ana', email: 'ana@gmail.test', email_verified: true, given_name: 'Ana', family_name: 'Gómez' });
    const code = ssoCode(location);

    const [user] = await app.db.select().from(users).where(eq(users.email, 'ana@gmail.test'));
    expect(user).toMatchObject({ sign_in_method: 'Google', external_subject: 'g-ana', name: 'Ana', last_name: 'Gómez', signup_completed: false, password_hash: null });
    expect(user.email_validated_at).not.toBeNull();
    firstUserId = user.user_id;

    const res = await call(app, 'POST', 'users/signin/sso', { body: { code } });
    expect(res.statusCode).toBe(200);
    const session = json<SessionData[]>(res).data[0];
    expect(session.user.user_id).toBe(firstUserId);
    expect(session.user.signup_completed).toBe(false);
    expect(session.login_from).toBe('web');
    // own workspace plus the one the invitation shared
    expect(session.user.workspaces.filter((w) => w.owner)).toHaveLength(1);
    expect(session.user.workspaces.some((w) => w.workspace_id === wsId)).toBe(true);

    // the code is single use
    const again = await call(app, 'POST', 'users/signin/sso', { body: { code } });
    expect(again.statusCode).toBe(401);
    expect(json(again).message).toBe('El enlace de ingreso no es válido o ha expirado');
  });

  it('reuses the same account on the next sign-in, even after the e-mail changed at the provider', async () => {
    const { location } = await dance('google', { sub: 'g-ana', email: 'ana.nueva@gmail.test', email_verified: true });
    const res = await call(app, 'POST', 'users/signin/sso', { body: { code: ssoCode(location) } });
    expect(json<SessionData[]>(res).data[0].user.user_id).toBe(firstUserId);
    expect(await app.db.select().from(users).where(eq(users.email, 'ana.nueva@gmail.test'))).toHaveLength(0);
  });

  it('supports /sso/:page/:token: the session renews with that token and carries login_from=mobile', async () => {
    const { location } = await dance('google', { sub: 'g-ana', email: 'ana@gmail.test', email_verified: true });
    const exchanged = await call(app, 'POST', 'users/signin/sso?login_from=mobile', { body: { code: ssoCode(location) } });
    const session = json<SessionData[]>(exchanged).data[0];
    expect(session.login_from).toBe('mobile');

    const renewed = await call(app, 'GET', 'users/auth?renew=true&login_from=mobile', { token: session.token });
    expect(renewed.statusCode).toBe(200);
    const data = json<SessionData[]>(renewed).data[0];
    expect(data.login_from).toBe('mobile');
    expect(data.user.user_id).toBe(firstUserId);
    expect(data.token).toBeTruthy();
    // the mobile origin sticks to tokens renewed without saying it again
    const again = await call(app, 'GET', 'users/auth?renew=true', { token: data.token });
    expect(json<SessionData[]>(again).data[0].login_from).toBe('mobile');
  });

  it('links a password account by its verified e-mail, and voids the password of a never-validated one', async () => {
    const local = await buildUser(app, { email: 'pablo@test.local' });
    const { location } = await dance('google', { sub: 'g-pablo', email: 'pablo@test.local', email_verified: true });
    const res = await call(app, 'POST', 'users/signin/sso', { body: { code: ssoCode(location) } });
    const session = json<SessionData[]>(res).data[0];
    expect(session.user.user_id).toBe(local.user_id);
    expect(session.user.sign_in_method).toBe('Local');
    expect((await call(app, 'POST', 'users/signin', { body: { email: local.email, password: local.password } })).statusCode).toBe(200);

    const squatted = await buildUser(app, { email: 'sofia@test.local' });
    await app.db.update(users).set({ email_validated_at: null }).where(eq(users.user_id, squatted.user_id));
    // an invitation to the address waits while nobody has proven it
    const inviter = await buildUser(app);
    await call(app, 'POST', `workspaces/users?workspace_id=${inviter.workspace_id}`, { token: inviter.token, body: { email: 'sofia@test.local' } });
    const linked = await dance('google', { sub: 'g-sofia', email: 'sofia@test.local', email_verified: true });
    const [row] = await app.db.select().from(users).where(eq(users.user_id, squatted.user_id));
    expect(row.password_hash).toBeNull();
    expect(row.email_validated_at).not.toBeNull();
    expect((await call(app, 'GET', 'users', { token: squatted.token })).statusCode).toBe(401);
    // Google proved the address: the invitation is access now
    const proven = json<SessionData[]>(await call(app, 'POST', 'users/signin/sso', { body: { code: ssoCode(linked.location) } })).data[0];
    expect(proven.user.workspaces.some((w) => w.workspace_id === inviter.workspace_id)).toBe(true);
  });

  it('redirects to the failure page with a Spanish message when something is wrong', async () => {
    const wrongState = await dance('google', { sub: 'g-x', email: 'x@gmail.test', email_verified: true }, { tamperState: true });
    expect(wrongState.location.startsWith(`${WEB}/?error=`)).toBe(true);
    expect(errorOf(wrongState.location)).toBe('La solicitud de ingreso venció o no es válida. Intentá nuevamente.');

    const otherBrowser = await dance('google', { sub: 'g-x', email: 'x@gmail.test', email_verified: true }, { dropCookie: true });
    expect(errorOf(otherBrowser.location)).toBe('La solicitud de ingreso venció o no es válida. Intentá nuevamente.');

    const unverified = await dance('google', { sub: 'g-y', email: 'y@gmail.test', email_verified: false });
    expect(errorOf(unverified.location)).toBe('Google no informó un correo electrónico verificado');

    idp.service.once('beforeAuthorizeRedirect', (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const cancelled = await dance('google', { sub: 'g-z' });
    expect(errorOf(cancelled.location)).toBe('Se canceló el ingreso con Google');

    idp.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const refused = await dance('google', { sub: 'g-z', email: 'z@gmail.test', email_verified: true });
    expect(errorOf(refused.location)).toBe('No se pudo completar el ingreso con Google. Intentá nuevamente.');
    expect(await app.db.select().from(users).where(eq(users.email, 'z@gmail.test'))).toHaveLength(0);
  });

  it('honours redirects on PUBLIC_URL only (never on the Host header), and keeps the requested /sso page', async () => {
    for (const scheme of ['https', 'http']) {
      const evil = await dance('google', { sub: 'g-ana', email: 'ana@gmail.test', email_verified: true }, {
        query: `success_redirect=${scheme}://evil.example/sso/home&failure_redirect=${scheme}://evil.example/`,
        host: 'evil.example',
      });
      ssoCode(evil.location);
    }

    const page = await dance('google', { sub: 'g-ana', email: 'ana@gmail.test', email_verified: true }, {
      query: `success_redirect=${encodeURIComponent(`${WEB}/sso/plan-de-siembra`)}`,
    });
    ssoCode(page.location, 'plan-de-siembra');
  });

  it('accepts the start as a form POST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/fm/v1/users/signin/google',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `success_redirect=${encodeURIComponent(WEB)}&terms_accepted=true`,
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location).startsWith(`${idp.issuer.url}/authorize?`)).toBe(true);
  });

  it('rejects a malformed single-sign-on code with the Spanish message', async () => {
    const res = await call(app, 'POST', 'users/signin/sso', { body: { code: 'corto' } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('El enlace de ingreso no es válido o ha expirado');
  });
});

describe('Apple-type sign-in (response_mode=form_post)', () => {
  it('asks for form_post and takes the answer as a POST, with the name Apple sends once', async () => {
    const { location, startLocation } = await dance(
      'apple',
      { sub: 'a-juan', email: 'juan@privaterelay.test', email_verified: 'true' },
      { formPost: { user: JSON.stringify({ name: { firstName: 'Juan', lastName: 'Paz' } }) } },
    );
    expect(new URL(startLocation).searchParams.get('response_mode')).toBe('form_post');
    const res = await call(app, 'POST', 'users/signin/sso', { body: { code: ssoCode(location) } });
    expect(res.statusCode).toBe(200);
    const [user] = await app.db.select().from(users).where(eq(users.external_subject, 'a-juan'));
    expect(user).toMatchObject({ sign_in_method: 'Apple', name: 'Juan', last_name: 'Paz', email: 'juan@privaterelay.test' });
  });
});

describe('external sign-in not available', () => {
  it('answers 501 with the Spanish message when the provider is not configured', async () => {
    const res = await call(bare, 'GET', 'users/signin/google?success_redirect=http://localhost:3000');
    expect(res.statusCode).toBe(501);
    expect(json(res)).toMatchObject({ success: false, status: 501, message: 'El ingreso con Google no está configurado' });
    const post = await call(bare, 'POST', 'users/signin/google', { body: {} });
    expect(post.statusCode).toBe(501);
  });

  it('sends the browser back with a message when the provider cannot be reached', async () => {
    const res = await call(bare, 'GET', `users/signin/apple?failure_redirect=${encodeURIComponent(`${WEB}/`)}`);
    expect(res.statusCode).toBe(302);
    expect(errorOf(String(res.headers.location))).toBe('No se pudo contactar a Apple. Intentá nuevamente más tarde.');
  });
});

describe('finish signup after a first external sign-in (PUT users/signup)', () => {
  let cityId = 0;
  beforeAll(async () => {
    const [city] = await app.db.select({ city_id: cities.city_id }).from(cities).limit(1);
    cityId = city.city_id;
  });

  /** A brand-new Google account: its session carries signup_completed false. */
  async function newGoogleUser(sub: string, email: string): Promise<SessionData> {
    const { location } = await dance('google', { sub, email, email_verified: true, given_name: 'Rocío', family_name: 'Luna' });
    const session = json<SessionData[]>(await call(app, 'POST', 'users/signin/sso', { body: { code: ssoCode(location) } })).data[0];
    expect(session.user.signup_completed).toBe(false);
    return session;
  }
  const complete = { name: 'Rocío', last_name: 'Luna', phone: '0221 15-456-7890', occupation: 'Asesor', first_login_mobile: false };

  it('answers 401 without a token', async () => {
    const res = await call(app, 'PUT', 'users/signup', { body: { ...complete, city_id: cityId } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 422 with the Spanish messages of each field', async () => {
    const { token } = await newGoogleUser('g-rocio-422', 'rocio.422@gmail.test');
    const empty = await call(app, 'PUT', 'users/signup', { token, body: {} });
    expect(empty.statusCode).toBe(422);
    const msgs = Object.fromEntries((json(empty).detail ?? []).map((d) => [d.loc.join('.'), d.msg]));
    expect(msgs).toEqual({
      'body.name': 'El nombre debe tener al menos 3 caracteres',
      'body.last_name': 'El apellido debe tener al menos 3 caracteres',
      'body.phone': 'El teléfono es obligatorio',
      'body.occupation': 'Debe seleccionar un rol',
      'body.city_id': 'Debe seleccionar una localidad',
    });

    const short = await call(app, 'PUT', 'users/signup', { token, body: { name: 'Ro', last_name: 'Lu', phone: '12', occupation: '', city_id: cityId, password: '12345' } });
    expect(short.statusCode).toBe(422);
    expect(json(short).message?.split('\n').sort()).toEqual(
      [
        'Debe seleccionar un rol',
        'El apellido debe tener al menos 3 caracteres',
        'El nombre debe tener al menos 3 caracteres',
        'El número de teléfono no debe estar vacío',
        'La contraseña debe tener como mínimo 6 caracteres',
      ].sort(),
    );

    const unknownCity = await call(app, 'PUT', 'users/signup', { token, body: { ...complete, city_id: 99_999_999 } });
    expect(unknownCity.statusCode).toBe(422);
    expect(json(unknownCity).detail).toEqual([{ loc: ['body', 'city_id'], msg: 'Debe seleccionar una localidad' }]);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'rocio.422@gmail.test'));
    expect(row.signup_completed).toBe(false);
  });

  it('completes the sign-up with a password that then signs in by e-mail, and locks the password afterwards', async () => {
    const { token, user } = await newGoogleUser('g-rocio-pw', 'rocio.pw@gmail.test');
    const res = await call(app, 'PUT', 'users/signup', { token, body: { ...complete, city_id: cityId, password: 'clave-nueva' } });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('¡Registro completado!');
    expect(json<Record<string, unknown>[]>(res).data[0]).toMatchObject({
      user_id: user.user_id,
      phone: '+5492214567890',
      occupation: 'Asesor',
      city_id: cityId,
      signup_completed: true,
      onboarding_completed: false,
    });
    expect(JSON.stringify(json(res).data)).not.toContain('password');

    const renewed = await call(app, 'GET', 'users/auth?renew=true', { token });
    expect(json<SessionData[]>(renewed).data[0].user.signup_completed).toBe(true);

    const signin = await call(app, 'POST', 'users/signin', { body: { email: 'rocio.pw@gmail.test', password: 'clave-nueva' } });
    expect(signin.statusCode).toBe(200);
    expect(json<SessionData[]>(signin).data[0].user).toMatchObject({ user_id: user.user_id, sign_in_method: 'Google' });

    // once completed, a session token alone cannot replace the password; the profile part still saves
    const again = await call(app, 'PUT', 'users/signup', { token, body: { ...complete, city_id: cityId, password: 'otra-clave' } });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe('El registro ya está completo: para cambiar la contraseña usá Reestablecer.');
    expect((await call(app, 'POST', 'users/signin', { body: { email: 'rocio.pw@gmail.test', password: 'otra-clave' } })).statusCode).toBe(401);
    const profileOnly = await call(app, 'PUT', 'users/signup', { token, body: { ...complete, name: 'Rocío Belén', city_id: cityId } });
    expect(profileOnly.statusCode).toBe(200);
  });

  it('completes the sign-up without a password: the account keeps signing in only through Google', async () => {
    const { token } = await newGoogleUser('g-rocio-nopw', 'rocio.nopw@gmail.test');
    const res = await call(app, 'PUT', 'users/signup', { token, body: { ...complete, city_id: cityId } });
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.email, 'rocio.nopw@gmail.test'));
    expect(row).toMatchObject({ signup_completed: true, password_hash: null, name: 'Rocío', last_name: 'Luna' });
    expect((await call(app, 'POST', 'users/signin', { body: { email: 'rocio.nopw@gmail.test', password: 'cualquiera' } })).statusCode).toBe(401);
  });
});
