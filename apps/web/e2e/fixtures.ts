import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { formatCuit, isValidCuit } from '@fm/domain';

export const DEMO = { email: 'demo@gestion-agro.local', password: 'demo1234' };

/** Tests run against the server global-setup started; an unhandled page error fails the test. */
export const test = base.extend<{ pageErrors: Error[] }>({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must stay (empty).
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, provide) => {
    const url = process.env.FM_E2E_BASE_URL;
    if (!url) throw new Error('FM_E2E_BASE_URL no está definido: ¿corrió global-setup?');
    await provide(url);
  },
  pageErrors: [
    async ({ page }, provide) => {
      const errors: Error[] = [];
      page.on('pageerror', (err) => errors.push(err));
      await provide(errors);
      expect(errors.map((e) => e.message), 'errores no manejados en la página').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

type OutboxMail = { to_email: string; subject: string; links: string[] };

/** The newest e-mailed link containing `fragment` for `to` (GET /fm/v1/dev/outbox, FM_DEV_TOOLS=true). */
export async function mailLink(page: Page, to: string, fragment: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/fm/v1/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await res.json()) as { data: OutboxMail[] };
        found = body.data.flatMap((m) => m.links).find((l) => l.includes(fragment));
        return found;
      },
      { message: `link ${fragment} en el correo de ${to}` },
    )
    .toBeTruthy();
  return found ?? '';
}

export async function signInUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Picks an option of an antd Select (inside `scope`, default the page), typing to filter when it is searchable. */
export async function pick(page: Page, label: string, option: string, scope: Page | Locator = page): Promise<void> {
  // the previous select's dropdown may still be closing (and hold an option with the same text): wait it out
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  if (await input.isEditable()) await input.fill(option);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).first().click();
}

/** Opens a tab; a click lost while the tab bar re-measures itself is repeated until the tab is selected. */
export async function openTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label, exact: true });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@campo.test`;
}

/**
 * A short tag for names a test creates in the shared demo account, so a retried test (CI retries once, in a new
 * worker) does not collide with what its failed try left behind.
 */
export function runTag(): string {
  return Math.random().toString(36).slice(2, 6).toUpperCase();
}

/** A valid campaign name (2025/26 form) unlikely to exist yet: a random year between 2030 and 2089. */
export function freshCampaign(): { valid: string; invalid: string } {
  const year = 2030 + Math.floor(Math.random() * 60);
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return { valid: `${year}/${yy(year + 1)}`, invalid: `${year}/${yy(year + 2)}` };
}

/** A random company CUIT (30-xxxxxxxx-d) with a valid check digit, so a retried test does not hit 'Ya existe'. */
export function freshCuit(): string {
  for (;;) {
    const body = `30${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    for (let d = 0; d <= 9; d++) if (isValidCuit(body + d)) return formatCuit(body + d);
  }
}
