import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect, pick, runTag, signInUi, DEMO } from './fixtures';

/** FM_MONITORING_SHOTS=<dir> keeps a screenshot of every screen (to look at layout, texts and dates). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_MONITORING_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b: Buffer) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

/** A small red-and-green PNG (32 × 24) made here, so the upload is a real image. */
function smallPng(): Buffer {
  const w = 32;
  const h = 24;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(x < w / 2 ? [200, 30, 30] : [40, 160, 60], y * (w * 3 + 1) + 1 + x * 3);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test.describe('monitoreos', () => {
  test('registra un monitoreo con adversidad y foto y lo ve en el listado', async ({ page }) => {
    const tag = runTag();
    await signInUi(page, DEMO.email, DEMO.password);
    await page.goto('/monitoreos');
    await expect(page.getByRole('heading', { name: 'Monitoreos' })).toBeVisible();
    // the demo's monitorings are there, with their photos counted
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await shot(page, '01-list-demo');

    await page.getByRole('button', { name: 'Nuevo monitoreo' }).click();
    await expect(page).toHaveURL(/\/monitoreos\/nuevo$/);
    await pick(page, 'Establecimiento', 'El Ombú');
    await pick(page, 'Lote', 'Lote 3');
    await pick(page, 'Cultivo', 'Girasol');
    await page.getByLabel('Estadio', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByRole('button', { name: 'Agregar adversidad' }).click();
    await pick(page, 'Adversidad 1', 'Isoca (plaga)');
    await page.getByLabel('Incidencia 1').fill('22,5');
    await page.getByLabel('Severidad 1', { exact: true }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="3"]').click();
    await page.locator('input[type=file]').setInputFiles({ name: 'isoca.png', mimeType: 'image/png', buffer: smallPng() });
    await expect(page.getByRole('img', { name: 'isoca.png' })).toBeVisible();
    // 'Usar mi ubicación' fills the point from the browser's geolocation
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: -32.6901, longitude: -62.1045 });
    await page.getByRole('button', { name: 'Usar mi ubicación' }).click();
    await expect(page.getByLabel('Latitud')).toHaveValue('-32.690100');
    await expect(page.getByLabel('Longitud')).toHaveValue('-62.104500');
    await page.getByLabel('Observaciones').fill(`Monitoreo e2e ${tag}`);
    await page.getByLabel('Recomendación').fill('Aplicar si supera el umbral');
    await shot(page, '02-form-filled');
    await page.getByRole('button', { name: 'Guardar' }).click();

    await expect(page).toHaveURL(/\/monitoreos$/);
    const row = page.locator('.ant-table-row').filter({ hasText: 'Isoca 22,5 % / 3' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('El Ombú');
    await expect(row).toContainText('Lote 3');
    await expect(row).toContainText('Girasol');
    await expect(row.getByLabel('1 fotos')).toBeVisible();
    await shot(page, '03-list-with-new');

    // the edit screen shows the stored photo (loaded with the session)
    await row.getByRole('button', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/monitoreos\/\d+\/editar$/);
    await expect(page.getByRole('img', { name: 'isoca.png' })).toBeVisible();
    await expect(page.getByLabel('Observaciones')).toHaveValue(`Monitoreo e2e ${tag}`);
    await shot(page, '04-edit');

    // Eliminar asks first, then the row is gone
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/monitoreos$/);
    await page.locator('.ant-table-row').filter({ hasText: 'Isoca 22,5 % / 3' }).getByRole('button', { name: 'Eliminar' }).click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '¿Eliminar el monitoreo?' });
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.locator('.ant-notification-notice-description').last()).toHaveText('Monitoreo eliminado');
    await expect(page.locator('.ant-table-row').filter({ hasText: 'Isoca 22,5 % / 3' })).toHaveCount(0);
  });
});
