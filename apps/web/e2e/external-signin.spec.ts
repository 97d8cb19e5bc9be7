import { OAuth2Server } from 'oauth2-mock-server';
import { test as base, expect, DEMO } from './fixtures';
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

test.describe('ingreso con Google y Apple, e inicio de sesión único', () => {
  test('Ingresar con Google pasa por el proveedor y entra al inicio', async ({ page, idp, baseURL }) => {
    idp.claims = { sub: 'e2e-mariana', email: 'mariana@campo.test', email_verified: true, given_name: 'Mariana', family_name: 'Ibáñez' };
    await page.goto('/');
    const started = page.waitForRequest((r) => r.isNavigationRequest() && r.url().includes('/fm/v1/users/signin/google?'));
    await page.getByRole('button', { name: 'Ingresar con Google' }).click();
    const url = new URL((await started).url());
    expect(url.searchParams.get('success_redirect')?.startsWith(`${baseURL}`)).toBe(true);
    expect(url.searchParams.get('failure_redirect')).toBe(`${baseURL}/`);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { name: /^Hola, Mariana/ })).toBeVisible();
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
    await expect(page).toHaveURL(/\/plan-de-siembra$/);
    await page.goto('/salir');
    await expect(page).toHaveURL(/\/$/);
  });
});
