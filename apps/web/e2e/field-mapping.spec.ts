import type { Page } from '@playwright/test';
import { formatDate } from '@fm/domain';
import { test as base, expect, signInUi, DEMO } from './fixtures';
import { startApi } from './global-setup';
import { FAKE_API_KEY, startFakeFieldMappingServer, type FakeFieldMappingServer } from '../../api/src/integrations/field-mapping/fake-field-mapping-server.test-helpers';

/** FM_FIELD_MAPPING_SHOTS=<dir> keeps a screenshot of each screen (to look at layout and texts). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_FIELD_MAPPING_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const menu = (page: Page) => page.locator('.ant-layout-sider');

/** Ambientaciones (issue 12 item 8): offline the demo is told the service is not configured, nothing is pretended. */
base('sin servicio configurado, Sincronizar Ambientaciones lo dice y el menú no muestra Ambientaciones', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  await page.goto('/mi-perfil');
  const card = page.getByTestId('field-mapping-card');
  await expect(card.getByText('Sincronizá tu usuario para ver los ambientes de tus lotes en Ambientaciones.')).toBeVisible();
  await card.getByRole('button', { name: 'Sincronizar Ambientaciones' }).click();
  await expect(page.getByText('El servicio de ambientaciones no está configurado. Consultá al administrador.')).toBeVisible();
  await shot(page, 'profile-not-configured');
  await expect(menu(page).getByText('Ambientaciones', { exact: true })).toHaveCount(0);
});

const test = base.extend<object, { mapping: { baseURL: string; fake: FakeFieldMappingServer } }>({
  mapping: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const fake = await startFakeFieldMappingServer();
      const api = await startApi({ FIELD_MAPPING_API_URL: fake.url, FIELD_MAPPING_API_KEY: FAKE_API_KEY });
      await provide({ baseURL: api.baseURL, fake });
      await api.stop();
      await fake.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mapping }, provide) => provide(mapping.baseURL),
});

test('con el servicio (fake local): sincroniza el usuario, aparece Ambientaciones y la orden envía sus lotes', async ({ page, mapping }) => {
  test.setTimeout(120_000);
  await signInUi(page, DEMO.email, DEMO.password);
  await page.goto('/mi-perfil');
  const card = page.getByTestId('field-mapping-card');
  await card.getByRole('button', { name: 'Sincronizar Ambientaciones' }).click();
  await expect(page.getByText('Usuario sincronizado, por favor salir e ingresar nuevamente')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Volver a sincronizar' })).toBeVisible();
  expect(mapping.fake.accounts.has(DEMO.email)).toBe(true);
  await expect(menu(page).getByText('Ambientaciones', { exact: true })).toBeVisible();
  await shot(page, 'profile-synchronized');

  // a work order of the demo: 'Sincronizar' pushes its plots and says how many went through
  await page.goto('/orden-de-trabajo');
  const firstCell = page.getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstCell).toHaveText(/^\s*\d+\s*$/);
  const id = (await firstCell.textContent())?.trim() ?? '';
  await page.goto(`/orden-de-trabajo/detalle?work_order_id=${id}`);
  await page.getByTestId('field-mapping-sync').click();
  await expect(page.getByText(/^Se sincroniz(ó|aron) \d+ de \d+ lotes?\.$/)).toBeVisible();
  const text = (await page.getByText(/^Se sincroniz(ó|aron) \d+ de \d+ lotes?\.$/).textContent()) ?? '';
  const [, synced, total] = /(\d+) de (\d+)/.exec(text) ?? [];
  expect(Number(synced)).toBe(Number(total));
  expect(mapping.fake.fields.size).toBe(Number(total));
  await shot(page, 'work-order-synchronized');

  // the farm form then says, under each plot's contour, when it went to the service
  const farm = (await page.locator('.ant-descriptions-item').filter({ hasText: 'Establecimiento' }).locator('.ant-descriptions-item-content').first().textContent())?.trim() ?? '';
  await page.goto('/mis-recursos?tab=establecimientos');
  await page.getByRole('row').filter({ hasText: farm }).first().getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar establecimiento' });
  await expect(dialog.getByText(`Enviado a Ambientaciones el ${formatDate(new Date())}`).first()).toBeVisible();
});
