import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, signInUi, DEMO } from './fixtures';

/** The list row of order `id` (its Id cell). */
const orderRow = (page: Page, id: number) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

async function firstOption(page: Page, label: string, scope: ReturnType<Page['locator']>): Promise<string> {
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await scope.getByLabel(label, { exact: true }).click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const text = (await option.getAttribute('title')) ?? '';
  await option.click();
  return text;
}

test.describe('Órdenes de trabajo: aportes, PDF y recetas agronómicas', () => {
  test('aportes al 100 % ponen el indicador en verde; se pide una receta y se descarga su PDF', async ({ page }) => {
    test.setTimeout(240_000);
    // the demo account gets the Recetas add-on before signing in (the session carries the add-ons)
    expect((await page.request.post(`/fm/v1/dev/addon?email=${encodeURIComponent(DEMO.email)}&addon=Recetas&quantity=1`)).ok()).toBe(true);
    await signInUi(page, DEMO.email, DEMO.password);

    // the demo's agreement order starts complete; open its Aportes from the indicator
    await page.goto('/orden-de-trabajo');
    const complete = page.locator('[data-testid="contributions-indicator"][data-state="success"]').first();
    await complete.click();
    await expect(page).toHaveURL(/\/aportes\?work_order_id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('work_order_id'));
    await expect(page.getByRole('heading', { name: `Aportes · Orden de trabajo N° ${id}` })).toBeVisible();
    const header = page.getByTestId('contributions-summary').getByTestId('contributions-indicator');
    await expect(header).toHaveAttribute('data-state', 'success');

    // remove every labor contribution: the order drops below 100 %
    const labor = page.getByTestId('contributions-labor');
    while ((await labor.getByRole('button', { name: 'Eliminar aporte' }).count()) > 0) {
      await labor.getByRole('button', { name: 'Eliminar aporte' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(page.getByText('Aporte eliminado').first()).toBeVisible();
      await page.getByText('Aporte eliminado').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    }
    await expect(header).toHaveAttribute('data-state', 'warning');

    // an empty row is refused with the spec's rule before anything is sent
    await page.getByRole('button', { name: 'Agregar aporte' }).first().click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('El aporte y el tipo de cambio deben ser mayores a 0.').first()).toBeVisible();

    // one partner pays the whole labor, as a percentage of the labor total
    const row = labor.locator('.ant-table-row').first();
    await firstOption(page, 'Socio', row);
    await row.getByText('Porcentaje', { exact: true }).click();
    await row.getByRole('spinbutton', { name: 'Porcentaje' }).fill('100');
    await row.getByRole('spinbutton', { name: 'Porcentaje' }).blur();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Aporte guardado correctamente').first()).toBeVisible();
    await expect(header).toHaveAttribute('data-state', 'success');

    // the list shows it green too
    await page.getByRole('button', { name: 'Volver al listado' }).click();
    await expect(orderRow(page, id).getByTestId('contributions-indicator')).toHaveAttribute('data-state', 'success');

    // request a prescription from the row's actions, with the spec's defaults
    await orderRow(page, id).getByRole('button', { name: 'Más acciones' }).click();
    await page.locator('.ant-dropdown-menu').getByRole('menuitem', { name: 'Recetas agronómicas' }).click();
    const dialog = page.getByRole('dialog', { name: /Solicitar receta agronómica/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Recomendaciones')).toHaveValue('Utilizar elementos de protección personal');
    await expect(dialog.getByLabel('Período de carencia: cantidad')).toHaveValue('10');
    await dialog.getByRole('button', { name: 'Solicitar' }).click();
    await expect(page.getByText('¡Receta solicitada!').first()).toBeVisible();

    // the recipes list has it; its PDF downloads and is a receta
    await page.goto('/recetas-agronomicas');
    const recipe = page.getByRole('row').filter({ hasText: `N° ${id}` }).first();
    await expect(recipe).toContainText('Emitida');
    const download = page.waitForEvent('download');
    await recipe.getByRole('button', { name: 'PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Receta_RA-\d{8}\.pdf$/);
    const bytes = readFileSync(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
