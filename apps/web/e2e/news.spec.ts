import type { Page } from '@playwright/test';
import { test, expect, signInUi, DEMO } from './fixtures';

/** FM_NEWS_SHOTS=<dir> keeps a screenshot of every screen (to look at layout, texts and dates). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_NEWS_SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const ddmmyyyy = /^\d{2}\/\d{2}\/\d{4}$/;

test('from the home news tile to Novedades: answer a game and see the result; open Agro en un minuto', async ({ page }) => {
  await signInUi(page, DEMO.email, DEMO.password);

  // home: Mi espacio links to the newest news item outside, in a new tab; the reports banner and the demo campaign
  const tile = page.getByTestId('news-tile');
  const newest = tile.getByTestId('news-tile-link');
  await expect(newest).toHaveText('Soja: la siembra avanza en la región pampeana con buena humedad en los suelos');
  await expect(newest).toHaveAttribute('href', 'https://www.bcr.com.ar/es/mercados/gea');
  await expect(newest).toHaveAttribute('target', '_blank');
  await expect(newest).toHaveAttribute('rel', /noopener/);
  await expect(page.getByTestId('reports-banner').getByRole('heading', { name: 'Reportes de tu campaña' })).toBeVisible();
  await expect(page.getByTestId('campaign-banners').getByRole('heading', { name: 'Registrá las lluvias de tus campos' })).toBeVisible();
  await shot(page, 'home');

  await tile.getByRole('link', { name: 'Ver todas las novedades' }).click();
  await expect(page).toHaveURL(/\/novedades$/);
  await expect(page.getByRole('heading', { name: 'Novedades', exact: true })).toBeVisible();
  const cards = page.getByTestId('news-list').locator('[data-testid^="news-"]');
  await expect(cards).toHaveCount(6);
  await expect(cards.first().getByText(ddmmyyyy)).toBeVisible();
  const readMore = cards.first().getByRole('link', { name: /^Leer más/ });
  await expect(readMore).toHaveAttribute('target', '_blank');
  await expect(readMore).toHaveAttribute('rel', /noopener/);

  // a game not answered yet (a retried run finds the ones it answered before already closed)
  const games = page.getByTestId('games-block');
  await expect(games.locator('[data-testid^="game-"]')).toHaveCount(4);
  const firstOpen = games.locator('[data-testid^="game-"]').filter({ hasNot: page.getByRole('status') }).first();
  // pinned by its id: once answered, the card no longer matches the filter above
  const open = page.getByTestId((await firstOpen.getAttribute('data-testid')) ?? '');
  const option = open.getByRole('button').first();
  const answer = page.waitForResponse((r) => r.url().includes('/fm/v1/user/v1/games/answer') && r.request().method() === 'POST');
  await option.click();
  expect((await answer).status()).toBe(201);
  await expect(open.getByRole('status')).toHaveText(/^(¡Correcto!|Incorrecto\. La respuesta correcta es: .+)/);
  for (const b of await open.getByRole('button').all()) await expect(b).toBeDisabled();
  await shot(page, 'novedades');

  // the answer stays after a reload
  await page.reload();
  await expect(page.getByTestId('games-block').getByRole('status')).not.toHaveCount(0);

  await page.getByRole('button', { name: 'Agro en un minuto' }).click();
  await expect(page).toHaveURL(/\/agro-en-un-minuto$/);
  const video = page.getByTestId('agro-minute');
  await expect(video.getByRole('heading', { name: 'Cómo calibrar la pulverizadora antes de la campaña gruesa' })).toBeVisible();
  await expect(video.getByText(ddmmyyyy)).toBeVisible();
  await expect(video.getByRole('link', { name: /Ver el video$/ })).toHaveAttribute('href', /^https:\/\//);
  await shot(page, 'agro-en-un-minuto');
});
