import { test, expect, signInUi, DEMO } from './fixtures';

test('consult a promotion and see the wa.me link carrying the product text', async ({ page, context }) => {
  // the seller's chat is outside: answer it here so the new tab keeps the link it was opened with
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }));
  await signInUi(page, DEMO.email, DEMO.password);

  // home: the promotions carousel (demo store) and the store banner
  const carousel = page.getByTestId('promotions-carousel');
  await expect(carousel.getByText('Glifosato 66,2 % x 20 L')).toBeVisible();
  await expect(carousel.getByTestId('promotion-5003').getByRole('button', { name: 'Consultá' })).toBeAttached();
  const track = page.getByTestId('promotions-track');
  await page.getByRole('button', { name: 'Promociones siguientes' }).click();
  await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  // the access cards (260 px) link outside
  await expect(page.getByTestId('access-cards').locator('a[data-testid^="access-card-"]')).toHaveCount(3);
  await expect(page.getByTestId('access-cards').locator('a').first()).toHaveAttribute('href', 'https://www.bcr.com.ar/es/mercados/granos');
  if (process.env.FM_STORE_SHOT) await page.screenshot({ path: `${process.env.FM_STORE_SHOT}-home.png`, fullPage: true });
  await page.getByTestId('store-banner').getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/tienda-de-insumos$/);
  await expect(page.getByRole('heading', { name: 'Tienda de insumos' })).toBeVisible();

  // search and categories
  const catalogue = page.getByTestId('store-catalogue');
  await expect(catalogue.locator('[data-testid^="promotion-"]')).toHaveCount(6);
  await page.getByText('Fertilizantes', { exact: true }).click();
  await expect(catalogue.locator('[data-testid^="promotion-"]')).toHaveCount(2);
  await page.getByLabel('Buscar insumos').fill('urea');
  await expect(catalogue.locator('[data-testid^="promotion-"]')).toHaveCount(1);
  if (process.env.FM_STORE_SHOT) await page.screenshot({ path: `${process.env.FM_STORE_SHOT}-store.png`, fullPage: true });

  // Consultá (US$ 0.00): the analytics event and the order are posted, then the seller's conversation opens
  const analytics = page.waitForRequest((r) => r.url().includes('/fm/v1/analytics') && r.method() === 'POST');
  const orderProduct = page.waitForResponse((r) => r.url().includes('/fm/v1/order-products/new-order-product'));
  const urea = page.getByTestId('promotion-5003');
  const [popup] = await Promise.all([context.waitForEvent('page'), urea.getByRole('button', { name: 'Consultá' }).click()]);
  const event = (await analytics).postDataJSON();
  expect(event).toMatchObject({ event_origin: 'WEB_APP', event_payload: { product_id: 1003, publication_id: 5003 } });
  expect((await orderProduct).status()).toBe(201);
  await popup.waitForLoadState();
  const link = new URL(popup.url());
  expect(`${link.origin}${link.pathname}`).toBe('https://wa.me/5493425550303');
  expect(link.searchParams.get('text')).toBe('Hola, quiero consultar por Urea granulada 46-0-0 (US$ 0.00) que vi en la Tienda de insumos.');
  await popup.close();
});
