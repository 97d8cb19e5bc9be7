// Screenshots of the Aportes, recipes and prescription screens with demo data (not a test):
// node --import tsx apps/web/e2e/wo-contrib-shots.mts
import { chromium } from 'playwright-core';
import { startApi } from './global-setup';

const OUT = process.env.SHOTS_DIR ?? '/tmp/wo-contrib-shots';
const api = await startApi();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  await fetch(`${api.baseURL}/fm/v1/dev/addon?email=demo@gestion-agro.local&addon=Recetas&quantity=1`, { method: 'POST' });
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
    await page.goto(`${api.baseURL}/orden-de-trabajo`);
    await page.getByRole('row').nth(1).waitFor();
    const agreement = page.locator('[data-testid="contributions-indicator"][data-state="success"]').first();
    await agreement.click();
    await page.getByRole('heading', { name: /Aportes/ }).waitFor();
    await shot('01-aportes');
    await page.getByTestId('contributions-labor').getByRole('button', { name: 'Eliminar aporte' }).first().click();
    await shot('02-aportes-eliminar');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Agregar aporte' }).first().click();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await shot('03-aportes-incompleto');
    await page.goto(`${api.baseURL}/orden-de-trabajo`);
    await page.getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Más acciones' }).first().click();
    await page.locator('.ant-dropdown-menu').getByRole('menuitem', { name: 'Recetas agronómicas' }).click();
    await page.getByRole('dialog').getByLabel('Recomendaciones').waitFor();
    await shot('04-receta-solicitar');
    await page.getByRole('dialog').getByRole('button', { name: 'Solicitar' }).click();
    await page.getByText('¡Receta solicitada!').first().waitFor();
    await page.goto(`${api.baseURL}/recetas-agronomicas`);
    await page.waitForTimeout(1500);
    await shot('05-recetas');
    await page.goto(`${api.baseURL}/iniciar-sesion-recetas-agronomicas`);
    await page.getByRole('button', { name: 'Vincular' }).click();
    await shot('06-recetas-login');
    await page.close();
  }
} finally {
  await browser.close();
  await api.stop();
}
