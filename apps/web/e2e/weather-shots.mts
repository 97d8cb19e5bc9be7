// Screenshot of the home's Clima tile with the local Open-Meteo fake as source: node --import tsx apps/web/e2e/weather-shots.mts (not a test).
import { chromium } from 'playwright-core';
import { startApi } from './global-setup';
import { startFakeWeatherServer } from '../../api/src/integrations/weather/fake-weather-server.test-helpers';

const OUT = process.env.SHOTS_DIR ?? '/tmp/weather-shots';
const fake = await startFakeWeatherServer();
const api = await startApi({ WEATHER_API_URL: fake.url, WEATHER_REFRESH_MINUTES: '1' });
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
    // the first refresh may run before the demo farms exist: wait for the next one
    for (let i = 0; i < 15; i += 1) {
      if (await page.getByTestId('weather-today').isVisible()) break;
      await page.waitForTimeout(5000);
      await page.reload();
      await page.getByTestId('weather-tile').waitFor();
    }
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/home-weather${label}.png`, fullPage: true });
  }
  console.log('hits', fake.hits.length);
} finally {
  await browser.close();
  await api.stop();
  await fake.close();
}
