import { test, expect, signInUi, DEMO } from './fixtures';

test('el inicio muestra cotizaciones y precios de granos (datos de ejemplo en un arranque nuevo)', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);
  const exchange = page.getByTestId('exchange-tile');
  for (const label of ['Oficial', 'Blue', 'Exportación']) await expect(exchange.getByText(label, { exact: true })).toBeVisible();
  await expect(exchange.getByText(/^Actualizado \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await expect(exchange.getByText('Datos de ejemplo: configurá una fuente de cotizaciones')).toBeVisible();
  const crops = page.getByTestId('crop-price-tile');
  await expect(crops.getByTestId('crop-Sorgo').getByText('sin cotización')).toBeVisible();
  await expect(crops.getByTestId('crop-Soja').getByText(/\/tn$/)).toBeVisible();
  if (process.env.FM_HOME_SHOT) await page.screenshot({ path: process.env.FM_HOME_SHOT, fullPage: true });
});
