import { test as base, expect, signInUi, DEMO } from './fixtures';
import { startApi } from './global-setup';
import { startFakeWeatherServer } from '../../api/src/integrations/weather/fake-weather-server.test-helpers';

/** Clima (issue 12 §1-2): no source means no invented weather; with the local Open-Meteo fake, today and 7 days. */
base('sin fuente del clima el inicio no inventa un pronóstico', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  const tile = page.getByTestId('weather-tile');
  await expect(tile.getByText('Sin pronóstico: configurá una fuente del clima')).toBeVisible();
  await expect(tile.getByRole('combobox')).toBeVisible();
  // the market tiles still render beside it
  await expect(page.getByTestId('exchange-tile').getByText('Exportación', { exact: true })).toBeVisible();
});

const test = base.extend<object, { weatherBaseUrl: string }>({
  weatherBaseUrl: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const fake = await startFakeWeatherServer();
      const api = await startApi({ WEATHER_API_URL: fake.url });
      await provide(api.baseURL);
      await api.stop();
      await fake.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ weatherBaseUrl }, provide) => provide(weatherBaseUrl),
});

test('con Open-Meteo configurado (fake local) muestra hoy y 7 días del establecimiento', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  const tile = page.getByTestId('weather-tile');
  await expect(async () => {
    await page.reload();
    await expect(tile.getByTestId('weather-today')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(tile.getByTestId(/^weather-day-/).first()).toBeVisible();
  await expect(tile.getByText(/Actualizado \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  await expect(tile.getByText(/\d+ mm/).first()).toBeVisible();
});
