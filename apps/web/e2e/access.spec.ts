import { defaultPermissions, type Feature } from '@fm/domain';
import { test, expect, mailLink, signInUi, uniqueEmail, DEMO } from './fixtures';

type ApiEnvelope<T> = { success: boolean; status: number; data: T[]; message?: string };

test.describe('acceso por permisos', () => {
  test('un usuario compartido sin el módulo ve ¡Acceso denegado! e Ir al inicio lo lleva al inicio', async ({ page, request, baseURL }) => {
    // The owner (demo) shares its workspace with a new user, with the default permissions (base modules only).
    const signin = await request.post('/fm/v1/users/signin', { data: { email: DEMO.email, password: DEMO.password } });
    const demo = ((await signin.json()) as ApiEnvelope<{ token: string; workspace_id: number; flags: Partial<Record<Feature, boolean>> }>).data[0];

    const email = uniqueEmail('invitado');
    const cities = (await (await request.get('/fm/v1/geo-locations?district_id=292')).json()) as ApiEnvelope<{ city_id: number }>;
    const signup = await request.post(`/fm/v1/users/signup?validation_email_link=${encodeURIComponent(`${baseURL ?? ''}/validar-mail-ok`)}`, {
      data: {
        email, name: 'Invitado', last_name: 'Sinpermisos', password: 'campo123', repeat_password: 'campo123', phone: '2494123456',
        birth_date: '1900-01-01', state_id: 1, occupation: 'Asesor', language_id: 1, city_id: cities.data[0]?.city_id, terms_accepted: true,
      },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    await page.goto(await mailLink(page, email, '/validar-mail-ok/'));
    await expect(page.getByText('¡Tu email fue validado!')).toBeVisible();

    const invite = await request.post(`/fm/v1/workspaces/users?workspace_id=${demo.workspace_id}&workspace=true`, {
      headers: { Authorization: `Bearer ${demo.token}` },
      data: { email, role_id: 1, permissions: defaultPermissions() },
    });
    expect(invite.ok(), await invite.text()).toBe(true);

    // The new user signs in and switches to the shared workspace (token renewed, page reloaded).
    await signInUi(page, email, 'campo123');
    // A new user is offered the onboarding on home; put it off.
    await page.getByRole('button', { name: 'Más tarde' }).click({ timeout: 5_000 }).catch(() => undefined);
    const selector = page.getByLabel('Espacio de trabajo');
    await selector.click();
    // the switch renews the token and reloads the page: wait for that reload before navigating
    await Promise.all([
      page.waitForEvent('load'),
      page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(compartido)' }).first().click(),
    ]);
    await expect(page.getByText(/Agro Demo/).first()).toBeVisible();

    // Costs is not among the default permissions (doc 1 §6): by URL the shared user meets the access-denied screen.
    await page.goto('/costos');
    await expect(page.getByText('¡Acceso denegado!')).toBeVisible();
    await page.getByRole('button', { name: 'Ir al inicio' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Debe solicitar los permisos para este módulo al dueño del espacio de trabajo')).toBeVisible();
  });
});
