// Screenshots of the inventory screens with demo data: node --import tsx apps/web/e2e/inv-shots.mts (not a test).
import { chromium } from 'playwright-core';
import { startApi } from './global-setup';

const OUT = process.env.SHOTS_DIR ?? '/tmp/inv-shots';
const api = await startApi();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [label, viewport] of [['', { width: 1440, height: 900 }], ['-phone', { width: 390, height: 844 }]] as const) {
    const page = await browser.newPage({ viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    await page.goto(`${api.baseURL}/`);
    await page.getByLabel('Email').fill('demo@gestion-agro.local');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(/\/home$/);
    const shot = async (name: string) => {
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${OUT}/${name}${label}.png`, fullPage: true });
    };
    await page.goto(`${api.baseURL}/inventario-depositos`);
    await page.getByRole('row').nth(1).waitFor();
    await shot('01-depositos');
    await page.getByRole('button', { name: 'Nuevo depósito' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await shot('02-deposito-nuevo-vacio');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Ver detalle' }).first().click();
    await page.locator('.ant-drawer .ant-table-row').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    await shot('03-deposito-detalle');
    await page.goto(`${api.baseURL}/inventario-insumos`);
    await page.getByRole('row').nth(1).waitFor();
    await shot('04-insumos');
    await page.getByRole('button', { name: 'Ver detalle' }).first().click();
    await shot('05-insumo-detalle');
    await page.goto(`${api.baseURL}/inventario-insumos`);
    await page.getByRole('button', { name: 'Nuevo insumo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
    await shot('06-insumo-nuevo-vacio');
    await page.goto(`${api.baseURL}/inventario-stock`);
    await page.getByRole('row').nth(1).waitFor();
    await shot('07-stock');
    await page.getByRole('button', { name: /Crear/ }).hover();
    await shot('08-stock-crear');
    await page.getByRole('button', { name: 'Ajustar' }).first().click();
    await shot('09-stock-ajustar');
    await page.goto(`${api.baseURL}/inventario/alta-stock`);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shot('10-alta-vacia');
    await page.goto(`${api.baseURL}/inventario-stock`);
    await page.getByRole('button', { name: 'Agregar' }).first().click();
    await page.getByText(/^Agregar a /).waitFor();
    await shot('11-alta-agregar');
    await page.goto(`${api.baseURL}/inventario-stock`);
    await page.getByRole('button', { name: 'Mover' }).first().click();
    await page.getByRole('heading', { name: 'Movimiento de stock' }).waitFor();
    await shot('12-movimiento');
    await page.goto(`${api.baseURL}/inventario-stock`);
    await page.getByRole('button', { name: 'Transacciones' }).first().click();
    await page.getByTestId('stock-ppp').waitFor();
    await shot('13-transacciones');
    await page.goto(`${api.baseURL}/inventario/stock/transacciones/999999`);
    await shot('14-transacciones-vacio');
    await page.close();
  }
} finally {
  await browser.close();
  await api.stop();
}
