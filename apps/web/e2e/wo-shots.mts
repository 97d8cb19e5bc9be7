// Screenshots of the work-order screens with demo data: node --import tsx apps/web/e2e/wo-shots.mts (not a test).
import { chromium } from 'playwright-core';
import { startApi } from './global-setup';

const OUT = process.env.SHOTS_DIR ?? '/tmp/wo-shots';
const api = await startApi();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [label, viewport] of [['', { width: 1440, height: 900 }], ['-phone', { width: 390, height: 844 }]] as const) {
    const page = await browser.newPage({ viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    page.on('console', (m) => m.type() === 'error' && console.error('console', m.text()));
    await page.goto(`${api.baseURL}/`);
    await page.getByLabel('Email').fill('demo@gestion-agro.local');
    await page.getByLabel('Contraseña').fill('demo1234');
    await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await page.waitForURL(/\/home$/);
    const shot = async (name: string) => {
      await page.waitForTimeout(900);
      await page.screenshot({ path: `${OUT}/${name}${label}.png`, fullPage: true });
    };
    await page.goto(`${api.baseURL}/orden-de-trabajo`);
    await page.getByRole('row').nth(1).waitFor();
    await shot('01-lista-creadas');
    await page.getByRole('button', { name: 'Más acciones' }).first().click();
    await shot('02-lista-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Planificadas' }).click();
    await shot('03-lista-planificadas');
    await page.getByRole('tab', { name: 'Deshabilitados' }).click();
    await shot('04-lista-deshabilitados');
    await page.goto(`${api.baseURL}/orden-de-trabajo/nueva`);
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await shot('05-nueva-vacia');
    await page.goto(`${api.baseURL}/orden-de-trabajo`);
    await page.getByRole('button', { name: 'Ir al detalle' }).first().click();
    await page.getByTestId('wo-totals').waitFor();
    await shot('06-detalle');
    const status = page.getByRole('button', { name: 'Cambiar estado' });
    if (await status.count()) {
      await status.click();
      await shot('07-cambiar-estado');
      await page.keyboard.press('Escape');
    }
    await page.goto(`${api.baseURL}/orden-de-trabajo`);
    await page.getByRole('button', { name: 'Duplicar' }).first().click();
    await page.getByTestId('wo-totals').waitFor();
    await shot('08-duplicar');
    await page.goto(`${api.baseURL}/orden-de-trabajo/onboarding`);
    await page.getByTestId('wo-totals').waitFor();
    await shot('09-onboarding');
    await page.close();
  }
} finally {
  await browser.close();
  await api.stop();
}
