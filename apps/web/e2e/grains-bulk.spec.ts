import type { Page } from '@playwright/test';
import { BULK_COLUMNS } from '@fm/domain';
import { test, expect, signInUi, DEMO } from './fixtures';

const PLAN = '2025/26 - Agro Los Álamos S.A. - La Esperanza';
const ACOPIO = 'Planta Granos del Sudeste Necochea';
const TRANSPORT = 'Transportes Benítez Hnos.';
const DRIVER = 'Ramón Benítez';

/** FM_GRAINS_SHOTS=<dir> keeps a screenshot of every screen (to look at layout, texts and dates). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_GRAINS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A Google Sheets export of the template (.csv): the header, then the given rows. */
function csv(rows: Record<string, string>[]): Buffer {
  const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [BULK_COLUMNS.map((c) => quote(c.header)).join(','), ...rows.map((r) => BULK_COLUMNS.map((c) => quote(r[c.key] ?? '')).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const row = (waybill: string, over: Record<string, string> = {}) => ({
  farm: PLAN,
  plot: 'Lote 1',
  destination: ACOPIO,
  date: '02/04/2026',
  transport: TRANSPORT,
  driver: DRIVER,
  waybill,
  tons: '29,850',
  humidity: '13,5',
  price_usd: '18',
  ...over,
});

test('bulk load: the templates, a file with two bad rows named by cell, fixed and imported', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  await page.goto('/granos/movimientos');
  await page.getByRole('button', { name: 'Carga Masiva' }).click();
  await expect(page).toHaveURL(/\/granos\/movimiento\/carga-masiva$/);

  const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Plantilla para Excel' }).click()]);
  expect(excel.suggestedFilename()).toBe('carga-masiva-movimientos-granos.xlsx');
  const [sheets] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Plantilla para Google Sheets' }).click()]);
  expect(sheets.suggestedFilename()).toBe('carga-masiva-movimientos-granos.csv');
  await shot(page, 'bulk-1-empty');

  const tag = `CM${Date.now() % 100000}`;
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'carga.csv',
    mimeType: 'text/csv',
    buffer: csv([row(`${tag}-1`), row(`${tag}-2`, { plot: 'Lote inexistente' }), row(`${tag}-3`, { date: '31/02/2026' })]),
  });
  const errors = page.getByTestId('bulk-errors');
  await expect(errors).toContainText('Hay errores en los lotes — fila 3 (B3)');
  await expect(errors).toContainText('Hay errores en las fechas — fila 4 (D4)');
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await shot(page, 'bulk-2-errors');

  await input.setInputFiles({ name: 'carga-corregida.csv', mimeType: 'text/csv', buffer: csv([row(`${tag}-1`), row(`${tag}-2`, { plot: 'Lote 2' }), row(`${tag}-3`, { date: '03/04/2026' })]) });
  await expect(page.getByText('3. Revisá y guardá (3 de 3 filas listas)')).toBeVisible();
  await expect(errors).toHaveCount(0);
  await expect(page.locator('.ant-table-row')).toHaveCount(3);
  await expect(page.locator('.ant-table-row').first()).toContainText('02/04/2026');
  await page.getByRole('button', { name: 'Quitar fila 4' }).click();
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await shot(page, 'bulk-3-preview');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('.ant-notification-notice-description').last()).toHaveText('¡Se cargaron correctamente!');
  await expect(page).toHaveURL(/\/granos\/movimientos/);
  await shot(page, 'bulk-4-list');

  // the two rows are in transit; the removed one was not saved
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('fm.session') ?? sessionStorage.getItem('fm.session') ?? '{}') as { token: string; workspaceId: number });
  const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'waybill', condition: 'contains', value: tag }] }));
  const res = await page.request.get(`/fm/v1/grains/movements?workspace_id=${session.workspaceId}&workspace=true&filters=${filters}`, { headers: { authorization: `Bearer ${session.token}` } });
  const saved = ((await res.json()) as { data: { waybill: string; status: string; origin_tons: string }[] }).data;
  expect(saved.map((m) => m.waybill).sort()).toEqual([`${tag}-1`, `${tag}-2`]);
  expect(saved.every((m) => m.status === 'En tránsito' && Number(m.origin_tons) === 29.85)).toBe(true);
});
