import { OAuth2Server } from 'oauth2-mock-server';
import type { Page } from '@playwright/test';
import { test as base, expect, DEMO, pick, uniqueEmail } from './fixtures';
import { startApi } from './global-setup';

/**
 * External sign-in in a real browser: a local OIDC provider (oauth2-mock-server) plays Google, and an API
 * of its own is started with OIDC_GOOGLE_* pointing at it (Apple left unconfigured).
 */
type Idp = { server: OAuth2Server; claims: Record<string, unknown> };

const test = base.extend<object, { idp: Idp; oidcBaseUrl: string }>({
  idp: [
    // Playwright reads the fixtures a fixture needs from its destructuring pattern: none here
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const server = new OAuth2Server();
      await server.issuer.keys.generate('RS256');
      await server.start(0, '127.0.0.1');
      const idp: Idp = { server, claims: {} };
      server.service.on('beforeTokenSigning', (token) => {
        if (token.payload.aud === 'fm-e2e') Object.assign(token.payload, idp.claims);
      });
      await provide(idp);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  oidcBaseUrl: [
    async ({ idp }, provide) => {
      const api = await startApi({
        OIDC_GOOGLE_ISSUER: idp.server.issuer.url ?? '',
        OIDC_GOOGLE_CLIENT_ID: 'fm-e2e',
        OIDC_GOOGLE_CLIENT_SECRET: 'e2e-secret',
      });
      await provide(api.baseURL);
      await api.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ oidcBaseUrl }, provide) => provide(oidcBaseUrl),
});

/** A new Google identity for this run (a retried test must not meet the account of the failed attempt). */
function newGoogleIdentity(idp: Idp, given: string, family: string): string {
  const email = uniqueEmail(given.toLowerCase());
  idp.claims = { sub: `e2e-${email}`, email, email_verified: true, given_name: given, family_name: family };
  return email;
}

/** Fills the finish-signup modal with a Buenos Aires locality; the password is optional. */
async function fillFinishSignup(page: Page, opts: { password?: string } = {}): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Completá tu registro' });
  await modal.getByLabel('Teléfono').fill('0221 15-456-7890');
  await pick(page, 'Ocupación', 'Asesor', modal);
  await pick(page, 'Provincia', 'Buenos Aires', modal);
  await pick(page, 'Partido o departamento', 'Pergamino', modal);
  await pick(page, 'Localidad', 'Pergamino', modal);
  if (opts.password) {
    await modal.getByLabel('Contraseña', { exact: true }).fill(opts.password);
    await modal.getByLabel('Repetir contraseña').fill(opts.password);
  }
}

test.describe('ingreso con Google y Apple, e inicio de sesión único', () => {
  test('Ingresar con Google pasa por el proveedor, completa el registro y entra al inicio', async ({ page, idp, baseURL }) => {
    newGoogleIdentity(idp, 'Mariana', 'Ibáñez');
    await page.goto('/');
    const started = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/fm/v1/users/signin/google?'));
    await page.getByRole('button', { name: 'Ingresar con Google' }).click();
    const url = new URL((await started).url());
    expect(url.searchParams.get('success_redirect')?.startsWith(`${baseURL}`)).toBe(true);
    expect(url.searchParams.get('failure_redirect')).toBe(`${baseURL}/`);
    await expect(page).toHaveURL(/\/home$/);
    // a first external sign-in completes the sign-up before anything else
    await expect(page.getByRole('dialog', { name: 'Completá tu registro' })).toBeVisible();
    await fillFinishSignup(page);
    await page.getByRole('button', { name: 'Completar registro' }).click();
    await expect(page.getByRole('dialog', { name: 'Completá tu registro' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Hola, Mariana/ })).toBeVisible();
  });

  test('un usuario nuevo de Google completa su registro antes del onboarding', async ({ page, idp }) => {
    const email = newGoogleIdentity(idp, 'Julieta', 'Sosa');
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar con Google' }).click();
    await expect(page).toHaveURL(/\/home$/);

    const modal = page.getByRole('dialog', { name: 'Completá tu registro' });
    await expect(modal).toBeVisible();
    // prefilled from the provider; the onboarding offer waits
    await expect(modal.getByLabel('Nombre')).toHaveValue('Julieta');
    await expect(modal.getByLabel('Apellido')).toHaveValue('Sosa');
    await expect(page.getByRole('button', { name: 'Cargar mis datos' })).toHaveCount(0);
    // it cannot be dismissed
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();

    await modal.getByLabel('Nombre').fill('');
    await modal.getByLabel('Apellido').fill('So');
    await modal.getByLabel('Contraseña', { exact: true }).fill('123');
    await modal.getByRole('button', { name: 'Completar registro' }).click();
    for (const msg of [
      'El nombre debe tener al menos 3 caracteres',
      'El apellido debe tener al menos 3 caracteres',
      'El teléfono es obligatorio',
      'Debe seleccionar un rol',
      'Seleccioná una provincia',
      'Debe seleccionar una localidad',
      'La contraseña debe tener como mínimo 6 caracteres',
      'Las contraseñas no coinciden',
    ]) {
      await expect(modal.locator('.ant-form-item-explain-error').filter({ hasText: msg })).toBeVisible();
    }

    await modal.getByLabel('Nombre').fill('Julieta');
    await modal.getByLabel('Apellido').fill('Sosa');
    await fillFinishSignup(page, { password: 'clave-julieta' });
    await modal.getByRole('button', { name: 'Completar registro' }).click();

    await expect(page.getByText('¡Registro completado!')).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cargar mis datos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar con datos de ejemplo' })).toBeVisible();

    // the stored profile and the new password (e-mail sign-in now works too)
    const signin = await page.request.post('/fm/v1/users/signin', { data: { email, password: 'clave-julieta' } });
    expect(signin.status()).toBe(200);
    const user = ((await signin.json()) as { data: { user: Record<string, unknown> }[] }).data[0].user;
    expect(user).toMatchObject({ phone: '+5492214567890', occupation: 'Asesor', signup_completed: true, sign_in_method: 'Google' });

    await page.reload();
    await expect(page.getByRole('heading', { name: /^Hola, Julieta/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cargar mis datos' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Completá tu registro' })).toHaveCount(0);
  });

  test('desde el registro pendiente se puede cerrar sesión, y vuelve a pedirse al ingresar', async ({ page, idp }) => {
    newGoogleIdentity(idp, 'Tomás', 'Ríos');
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar con Google' }).click();
    const modal = page.getByRole('dialog', { name: 'Completá tu registro' });
    await expect(modal).toBeVisible();
    await modal.getByRole('link', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();

    await page.getByRole('button', { name: 'Ingresar con Google' }).click();
    await expect(page.getByRole('dialog', { name: 'Completá tu registro' })).toBeVisible();
  });

  test('si el proveedor no está configurado lo dice, y un ingreso cancelado vuelve al login con el motivo', async ({ page, idp }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Ingresar con Apple' }).click();
    await expect(page.getByText(/El ingreso con Apple no está configurado/)).toBeVisible();

    idp.server.service.once('beforeAuthorizeRedirect', (redirect) => {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    await page.getByRole('button', { name: 'Ingresar con Google' }).click();
    await expect(page.getByText('Se canceló el ingreso con Google')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
  });

  test('una sesión móvil por /sso/:page/:token queda limitada al plan de siembra, inicio y salir', async ({ page }) => {
    const res = await page.request.post('/fm/v1/users/signin?login_from=mobile', { data: DEMO });
    const token = ((await res.json()) as { data: { token: string }[] }).data[0].token;
    await page.goto(`/sso/home/${token}?login_from=mobile`);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/mis-recursos');
    // the sowing plan adds its season to the URL once it loads (?season_id=…)
    await expect(page).toHaveURL(/\/plan-de-siembra(\?season_id=\d+)?$/);
    await page.goto('/salir');
    await expect(page).toHaveURL(/\/$/);
  });
});
