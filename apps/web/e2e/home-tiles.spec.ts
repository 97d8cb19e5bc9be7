import type { Page } from '@playwright/test';
import { test, expect, signInUi, DEMO } from './fixtures';

/** FM_HOME_SHOTS=<dir> keeps screenshots at desktop and phone width (to look at the prompt and the tiles). */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_HOME_SHOTS;
  if (!dir) return;
  for (const [label, size] of [['desktop', { width: 1350, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/${name}-${label}.png`, fullPage: label === 'desktop' });
  }
  await page.setViewportSize({ width: 1366, height: 850 });
}

const TILES = ['plan-badge', 'exchange-tile', 'crop-price-tile', 'weather-tile', 'promotions-carousel', 'campaign-banners', 'store-banner', 'news-tile', 'reports-banner', 'access-cards'];

test('the demo home shows every tile; a failing crop-price call leaves the rest standing', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  for (const id of TILES) await expect(page.getByTestId(id), id).toBeVisible();
  await expect(page.getByTestId('crop-Soja')).toBeVisible();
  await expect(page.locator('[data-testid^="promotion-"]').first()).toBeVisible();
  await expect(page.locator('[data-testid^="access-card-"]').first()).toBeVisible();
  await expect(page.getByTestId('news-tile-link')).toBeVisible();
  // the demo user has a phone: no 'Completá tus datos'
  await expect(page.getByTestId('complete-data-prompt')).toHaveCount(0);

  await page.route(/\/fm\/v1\/external-data\/crop-price/, (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"status":500,"data":null,"message":"Error"}' }),
  );
  await page.reload();
  const crops = page.getByTestId('crop-price-tile');
  await expect(crops.getByRole('alert')).toContainText('No pudimos obtener los datos. Probá de nuevo más tarde.');
  await expect(crops).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('exchange-mayorista')).toContainText('Exportación');
  for (const id of TILES) await expect(page.getByTestId(id), id).toBeVisible();
  await expect(page.getByText('Hola, Martín')).toBeVisible();
  await shots(page, 'home-crop-price-down');
});

test('a Local user without a phone is asked for it on home, and the prompt goes once it is saved', async ({ page }) => {
  // the demo account as a user without a phone: the sign-in answer loses it (the save puts the same number back)
  await page.route(/\/fm\/v1\/users\/signin(\?|$)/, async (route) => {
    const res = await route.fetch();
    const json = await res.json();
    json.data[0].user.phone = null;
    await route.fulfill({ response: res, json });
  });
  await signInUi(page, DEMO.email, DEMO.password);
  const prompt = page.getByTestId('complete-data-prompt');
  await expect(prompt).toContainText('Completá tus datos: agregá tu teléfono para que podamos contactarte');
  await shots(page, 'home-complete-data');

  await prompt.getByRole('button', { name: 'Agregar teléfono' }).click();
  const dialog = page.getByRole('dialog', { name: 'Completá tus datos' });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El número de teléfono no debe estar vacío')).toBeVisible();
  await dialog.getByLabel('Teléfono').fill('0249 15-4123456');
  await shots(page, 'home-complete-data-dialog');
  const put = page.waitForRequest((r) => r.method() === 'PUT' && /\/fm\/v1\/users(\?|$)/.test(r.url()));
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  expect((await put).postDataJSON()).toEqual({ phone: '+5492494123456' });
  await expect(page.getByText('Editado correctamente')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('exchange-tile')).toBeVisible();
  await expect(prompt).toHaveCount(0);
});
