import type { Page } from '@playwright/test';
import { test, expect, pick, runTag, signInUi, DEMO } from './fixtures';

/** FM_RAINS_SHOTS=<dir> keeps a screenshot of every screen (to look at layout, texts and dates). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_RAINS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

// A campaign the demo has no rain in (the demo fills the last campaign and the current one).
const CAMPAIGN = '2023/24';

async function recordRain(page: Page, farm: string, date: string, mm: string, observations: string, plot?: string): Promise<void> {
  await page.goto('/lluvias/nueva');
  await expect(page.getByRole('heading', { name: 'Nueva lluvia' })).toBeVisible();
  await pick(page, 'Establecimiento', farm);
  if (plot) await pick(page, 'Lote', plot);
  await page.getByLabel('Fecha').fill(date);
  await page.getByLabel('Fecha').press('Enter');
  await page.getByLabel('Milímetros').fill(mm);
  await page.getByLabel('Observaciones').fill(observations);
  await shot(page, `form-${farm}`);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/lluvias$/);
}

test('record rain on two farms and see the monthly totals on /lluvias/eventos', async ({ page }) => {
  const tag = runTag();
  await signInUi(page, DEMO.email, DEMO.password);

  // validation in Spanish before anything is sent
  await page.goto('/lluvias/nueva');
  await page.getByLabel('Milímetros').fill('600');
  await page.getByRole('button', { name: 'Guardar' }).click();
  const errors = page.locator('.ant-form-item-explain-error');
  await expect(errors.filter({ hasText: 'Seleccioná el establecimiento' })).toBeVisible();
  await expect(errors.filter({ hasText: 'Los milímetros deben estar entre 0 y 500' })).toBeVisible();

  await recordRain(page, 'La Esperanza', '15/10/2023', '23,4', `Lluvia ${tag} A`);
  await recordRain(page, 'La Esperanza', '28/10/2023', '10', `Lluvia ${tag} B`, 'Lote 3');
  await recordRain(page, 'San Carlos', '20/01/2024', '41,5', `Lluvia ${tag} C`);

  // the list finds them by the search box, with dd/mm/yyyy dates
  await page.getByPlaceholder('Buscar por establecimiento, lote u observaciones').fill(`Lluvia ${tag}`);
  await page.getByPlaceholder('Buscar por establecimiento, lote u observaciones').press('Enter');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('20/01/2024');
  await expect(rows.first()).toContainText('San Carlos');
  await expect(rows.first()).toContainText('41,5');
  await expect(rows.nth(1)).toContainText('Lote 3');
  await shot(page, 'list');

  // the events of the campaign: months × farms, campaign totals and the chart
  await page.goto('/lluvias/eventos');
  await pick(page, 'Campaña', `Campaña ${CAMPAIGN}`);
  const table = page.locator('.ant-table');
  await expect(table.locator('thead')).toContainText('La Esperanza');
  await expect(table.locator('thead')).toContainText('San Carlos');
  const october = table.locator('tr', { hasText: 'Octubre 2023' });
  await expect(october).toContainText('33,4');
  const january = table.locator('tr', { hasText: 'Enero 2024' });
  await expect(january).toContainText('41,5');
  const totals = table.locator('.ant-table-summary');
  await expect(totals).toContainText('Total campaña');
  await expect(totals).toContainText('33,4');
  await expect(totals).toContainText('41,5');
  await expect(totals).toContainText('74,9');
  // one bar with rain per farm-month that had rain (October on La Esperanza, January on San Carlos)
  await expect(page.locator('[data-testid="rain-bar"]:not([height="0"])')).toHaveCount(2);
  await shot(page, 'events');

  // view, edit and delete one of them
  await page.goto('/lluvias');
  await page.getByPlaceholder('Buscar por establecimiento, lote u observaciones').fill(`Lluvia ${tag} C`);
  await page.getByPlaceholder('Buscar por establecimiento, lote u observaciones').press('Enter');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: 'Ver' }).click();
  await expect(page.getByRole('heading', { name: 'Lluvia del 20/01/2024' })).toBeVisible();
  await shot(page, 'view');
  await page.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByLabel('Milímetros')).toHaveValue('41,5');
  await page.getByLabel('Milímetros').fill('42');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/lluvias$/);
  await expect(rows.first()).toContainText('42,0');
  await rows.first().getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '¿Eliminar el registro de lluvia?' });
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(rows).toHaveCount(0);
});

test('the demo shows the last campaign of rain on its three farms', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  await page.goto('/lluvias/eventos');
  const now = new Date();
  const start = (now.getMonth() >= 6 ? now.getFullYear() : now.getFullYear() - 1) - 1;
  await pick(page, 'Campaña', `Campaña ${start}/${String((start + 1) % 100).padStart(2, '0')}`);
  const head = page.locator('.ant-table thead');
  for (const farm of ['La Esperanza', 'San Carlos', 'El Ombú']) await expect(head).toContainText(farm);
  await expect(page.locator('[data-testid="rain-bar"]:not([height="0"])').first()).toBeVisible();
  await shot(page, 'demo-events');
});
