import type { Page } from '@playwright/test';
import { CUIT_MESSAGE, PLATE_MESSAGE } from '@fm/domain';
import { test, expect, openTab, runTag, signInUi, DEMO } from './fixtures';

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test.describe('Mis recursos: datos maestros comerciales', () => {
  test('crea y desactiva un comprador; crea transporte y chofer; no deja eliminar un transporte con choferes', async ({ page }) => {
    test.setTimeout(150_000);
    const tag = runTag();
    const [buyer, transport, carrier] = [`Acopio E2E ${tag} del Norte`, `Transporte E2E ${tag}`, `Chofer E2E ${tag}`];
    await signInUi(page, DEMO.email, DEMO.password);
    await page.goto('/mis-recursos');
    await expect(page.getByRole('heading', { name: 'Mis recursos' })).toBeVisible();

    // Comprador: CUIT inválido, luego válido
    await openTab(page, 'Compradores');
    await page.getByRole('button', { name: /Crear comprador/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Crear comprador' });
    await dialog.getByLabel('Nombre').fill(buyer);
    await dialog.getByLabel('CUIT').fill('20-12345678-0');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText(CUIT_MESSAGE)).toBeVisible();
    await dialog.getByLabel('CUIT').fill('30-54321098-2');
    await dialog.getByLabel('Email').fill('granos@e2e-norte.com.ar');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Comprador creado correctamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    const buyerRow = rowOf(page, buyer);
    await expect(buyerRow.getByText('Activo', { exact: true })).toBeVisible();
    await buyerRow.getByRole('button', { name: 'Desactivar' }).click();
    await expect(page.getByText('Comprador desactivado')).toBeVisible();
    await expect(buyerRow.getByText('Inactivo', { exact: true })).toBeVisible();
    await expect(buyerRow.getByRole('button', { name: 'Activar' })).toBeVisible();

    // Transporte
    await openTab(page, 'Transportes');
    await page.getByRole('button', { name: /Crear transporte/ }).click();
    dialog = page.getByRole('dialog', { name: 'Crear transporte' });
    await dialog.getByLabel('Nombre').fill(transport);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Transporte creado correctamente')).toBeVisible();

    // Chofer: patente inválida, luego válida
    await openTab(page, 'Choferes');
    await page.getByRole('button', { name: /Crear chofer/ }).click();
    dialog = page.getByRole('dialog', { name: 'Crear chofer' });
    await dialog.getByLabel('Transporte').click();
    await page.locator('.ant-select-item-option').filter({ hasText: transport }).click();
    await dialog.getByLabel('Nombre').fill(carrier);
    await dialog.getByLabel('Patente chasis').fill('AB1234');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText(PLATE_MESSAGE)).toBeVisible();
    await dialog.getByLabel('Patente chasis').fill('ab 123 cd');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Chofer creado correctamente')).toBeVisible();
    await expect(rowOf(page, carrier).getByText('AB123CD')).toBeVisible();

    // Eliminar el transporte: el servidor lo rechaza y la pantalla muestra el motivo
    await openTab(page, 'Transportes');
    await rowOf(page, transport).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByText('No se puede eliminar el transporte: tiene 1 chofer')).toBeVisible();
    await expect(rowOf(page, transport)).toBeVisible();
  });
});
