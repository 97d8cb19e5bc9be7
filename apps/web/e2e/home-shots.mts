// Heights of the home tiles loaded, loading (calls held) and failing (calls answered 500), at desktop and phone
// width, with screenshots: node --import tsx apps/web/e2e/home-shots.mts (not a test; SHOTS_DIR, default /tmp/home-shots).
import { chromium, type Page, type Route } from '@playwright/test';
import { startApi } from './global-setup';
import { DEMO, signInUi } from './fixtures';
import { startFakeWeatherServer } from '../../api/src/integrations/weather/fake-weather-server.test-helpers';

const OUT = process.env.SHOTS_DIR ?? '/tmp/home-shots';
const TILES = ['campaign-banners', 'campaign-banners-loading', 'exchange-tile', 'crop-price-tile', 'weather-tile', 'promotions-carousel', 'news-tile', 'reports-banner', 'store-banner', 'access-cards'];
const CALLS = /\/fm\/v1\/(external-data\/(exchange|crop-price)|farms\/weather|store\/promotions|news\?|format-types\/|campaigns\/home_banner)/;

async function heights(page: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const id of TILES) {
    const box = await page.getByTestId(id).boundingBox().catch(() => null);
    out[id] = box ? Math.round(box.height) : -1;
  }
  for (const id of ['store-banner', 'access-cards']) out[`top:${id}`] = Math.round((await page.getByTestId(id).boundingBox())?.y ?? -1);
  return out;
}

const fake = await startFakeWeatherServer(); // gives the Clima tile a forecast (its loaded height)
const api = await startApi({ WEATHER_API_URL: fake.url, WEATHER_REFRESH_MINUTES: '1' });
const answer = (status: number, data: string) => (r: Route) =>
  r.fulfill({ status, contentType: 'application/json', body: `{"success":${status === 200},"status":${status},"data":${data},"total":0}` });
const STATES: [string, (r: Route) => unknown][] = [
  ['loading', () => undefined], // held: the skeletons stay
  ['error', answer(500, 'null')],
  ['empty', answer(200, '[]')],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [label, viewport] of [['desktop', { width: 1350, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    const ctx = await browser.newContext({ baseURL: api.baseURL, viewport, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', reducedMotion: 'reduce' });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('pageerror', e.message));
    await signInUi(page, DEMO.email, DEMO.password);
    await page.getByTestId('exchange-mayorista').waitFor();
    // the first weather refresh may run before the demo farms exist: wait for the next one
    for (let i = 0; i < 15 && !(await page.getByTestId('weather-today').isVisible()); i += 1) {
      await page.waitForTimeout(5000);
      await page.reload();
      await page.getByTestId('weather-tile').waitFor();
    }
    await page.waitForTimeout(1500);
    console.log(label, 'loaded ', JSON.stringify(await heights(page)));
    await page.screenshot({ path: `${OUT}/home-${label}.png`, fullPage: true });
    for (const [state, handler] of STATES) {
      await page.route(CALLS, handler);
      await page.reload();
      await page.getByTestId('exchange-tile').waitFor();
      await page.waitForTimeout(2500);
      console.log(label, state.padEnd(7), JSON.stringify(await heights(page)));
      await page.screenshot({ path: `${OUT}/home-${label}-${state}.png`, fullPage: true });
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  await api.stop();
  await fake.close();
}
