import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, pick, runTag, signInUi, DEMO } from './fixtures';
import { createSupply, createWarehouse, fillEntryRow, openStock, stockRow } from './inventory-steps';

const INVOICE_PDF = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'factura-insumos.pdf');
const COMPANY = 'Agro Los Álamos S.A.';

test.describe('Inventario de insumos', () => {
  test('depósitos, alta con factura, movimiento, ajuste, PPP con una segunda compra y reversión de una transacción', async ({ page }) => {
    test.setTimeout(480_000);
    const tag = runTag();
    const warehouseA = `Galpón E2E ${tag}`;
    const warehouseB = `Silo E2E ${tag}`;
    const herbicide = `Herbicida E2E ${tag}`;
    const fertiliser = `Fertilizante E2E ${tag}`;
    await signInUi(page, DEMO.email, DEMO.password);

    // Depósitos: el nombre es obligatorio; se crean dos
    await page.goto('/inventario-depositos');
    await expect(page.getByRole('heading', { name: 'Depósitos' })).toBeVisible();
    await page.getByRole('button', { name: 'Nuevo depósito' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo depósito' });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText('El nombre es requerido')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await createWarehouse(page, warehouseA);
    await createWarehouse(page, warehouseB);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
    await expect(page.getByRole('row').filter({ hasText: warehouseA })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: warehouseB })).toBeVisible();

    // Insumos propios
    await page.goto('/inventario-insumos');
    await createSupply(page, herbicide, 'Herbicida', 'lt');
    await createSupply(page, fertiliser, 'Fertilizante', 'kg');

    // Alta vacía: los mensajes de la especificación
    await page.goto('/inventario/alta-stock');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: 'Debe seleccionar un deposito' })).toBeVisible();
    await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: 'Debe seleccionar una empresa' })).toBeVisible();
    await expect(page.getByTestId('entry-row').getByText('falta completar Insumo, Cantidad, Precio')).toBeVisible();
    await expect(page.locator('.ant-notification-notice-description').last()).toHaveText(
      'Debe seleccionar un deposito\nDebe seleccionar una empresa\nfalta completar Insumo, Cantidad, Precio',
    );

    // Leer factura: the invoice number comes from the PDF (then the form starts again for the entry below)
    await page.locator('input[type=file]').first().setInputFiles(INVOICE_PDF);
    await page.getByRole('button', { name: 'Leer factura' }).click();
    // reading a document is the heaviest request here (its parse runs in a worker): more than the default wait on a busy machine
    await expect(page.getByText(/Datos leídos del documento/)).toBeVisible({ timeout: 30_000 });
    // point of sale as the fiscal QR and modern invoices write it: five digits
    await expect(page.getByLabel('Factura', { exact: true })).toHaveValue('00003-00001234');
    await page.goto('/inventario/alta-stock');

    // Alta de dos insumos con la factura en PDF
    await pick(page, 'Depósito', warehouseA);
    await pick(page, 'Empresa', COMPANY);
    await page.getByLabel('Factura', { exact: true }).fill('0003-00001234');
    await page.locator('input[type=file]').first().setInputFiles(INVOICE_PDF);
    await expect(page.getByText('factura-insumos.pdf')).toBeVisible();
    await fillEntryRow(page, 0, herbicide, '100', '10');
    await page.getByRole('button', { name: 'Agregar insumo' }).click();
    // the picker never offers a supply already in the list
    const second = page.getByTestId('entry-row').nth(1);
    await second.getByLabel('Insumo', { exact: true }).click();
    await second.getByLabel('Insumo', { exact: true }).fill(herbicide);
    await expect(page.locator('.ant-select-dropdown:visible').getByText('Este insumo ya esta siendo utilizado')).toBeVisible();
    await page.keyboard.press('Escape');
    await fillEntryRow(page, 1, fertiliser, '50', '20');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Stock cargado correctamente').first()).toBeVisible();
    await expect(page).toHaveURL(/\/inventario-stock$/);

    await openStock(page, tag);
    await expect(stockRow(page, herbicide, warehouseA)).toContainText('100,00 lt');
    await expect(stockRow(page, herbicide, warehouseA)).toContainText('$ 10,00');
    await expect(stockRow(page, herbicide, warehouseA)).toContainText('0003-00001234');
    await expect(stockRow(page, fertiliser, warehouseA)).toContainText('50,00 kg');

    // Mover 30 lt del herbicida al segundo depósito
    await stockRow(page, herbicide, warehouseA).getByRole('button', { name: 'Mover' }).click();
    await expect(page.getByRole('heading', { name: 'Movimiento de stock' })).toBeVisible();
    await pick(page, 'Depósito de destino', warehouseB);
    await page.getByTestId('move-row').first().getByLabel('Cantidad').fill('30');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Movimiento de stock realizado correctamente').first()).toBeVisible();
    await openStock(page, tag);
    await expect(stockRow(page, herbicide, warehouseA)).toContainText('70,00 lt');
    await expect(stockRow(page, herbicide, warehouseB)).toContainText('30,00 lt');
    await expect(stockRow(page, herbicide, warehouseB)).toContainText('$ 10,00');

    // Ajustar el fertilizante a 45 kg contados
    await stockRow(page, fertiliser, warehouseA).getByRole('button', { name: 'Ajustar' }).click();
    const adjust = page.getByRole('dialog', { name: 'Ajustar stock' });
    await adjust.getByLabel('Cantidad contada').fill('45');
    await adjust.getByLabel('Observaciones').fill('Conteo de fin de mes');
    await expect(adjust.getByText('Diferencia: -5,00 kg')).toBeVisible();
    await adjust.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Ajuste de stock realizado correctamente').first()).toBeVisible();
    await expect(stockRow(page, fertiliser, warehouseA)).toContainText('45,00 kg');

    // Segunda compra a otro precio: PPP = (70 × 10 + 30 × 20) / 100 = 13
    await stockRow(page, herbicide, warehouseA).getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByRole('heading', { name: 'Alta de stock' })).toBeVisible();
    await expect(page.getByText(`Agregar a ${herbicide} en ${warehouseA}`)).toBeVisible();
    const row = page.getByTestId('entry-row').first();
    await row.getByLabel('Cantidad').fill('30');
    await row.getByLabel('Precio').fill('20');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Stock cargado correctamente').first()).toBeVisible();
    await openStock(page, tag);
    await expect(stockRow(page, herbicide, warehouseA)).toContainText('100,00 lt');
    await expect(stockRow(page, herbicide, warehouseA)).toContainText('$ 13,00');

    // Eliminar la compra: el stock y el PPP vuelven
    await stockRow(page, herbicide, warehouseA).getByRole('button', { name: 'Transacciones' }).click();
    await expect(page.getByRole('heading', { name: 'Transacciones de stock' })).toBeVisible();
    await expect(page.getByTestId('stock-ppp')).toHaveText('$ 13,00');
    const purchase = page.getByRole('row').filter({ hasText: 'Compra' });
    await expect(purchase).toHaveCount(1);
    await purchase.getByRole('button', { name: 'Eliminar transacción' }).click();
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByText('Transacción eliminada correctamente').first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Compra' })).toHaveCount(0);
    await expect(page.getByTestId('stock-quantity')).toHaveText('70,00 lt');
    await expect(page.getByTestId('stock-ppp')).toHaveText('$ 10,00');

    // El depósito con stock no se puede eliminar; su panel muestra sus transacciones
    await page.goto('/inventario-depositos');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(warehouseB);
    await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
    await page.getByRole('row').filter({ hasText: warehouseB }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByText('No se puede eliminar el depósito porque tiene stock.').first()).toBeVisible();
    await page.getByRole('row').filter({ hasText: warehouseB }).getByRole('button', { name: 'Ver detalle' }).click();
    const panel = page.locator('.ant-drawer');
    await expect(panel.getByRole('row').filter({ hasText: 'Movimiento' })).toContainText(herbicide);
  });
});
