import type { Locator, Page } from '@playwright/test';
import { expect, pick } from './fixtures';

/** Inventory steps as a user takes them, shared by the inventory and work-order specs. */

/** The stock table row of `supply` in `warehouse`. */
export function stockRow(page: Page, supply: string, warehouse: string): Locator {
  return page.getByRole('row').filter({ hasText: supply }).filter({ hasText: warehouse });
}

/** The stock screen searched for `tag`. */
export async function openStock(page: Page, tag: string): Promise<void> {
  await page.goto('/inventario-stock');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await page.getByRole('searchbox', { name: 'Buscar' }).press('Enter');
}

/** Nuevo depósito on the warehouses screen (already open). */
export async function createWarehouse(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Nuevo depósito' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo depósito' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Deposito Creado Correctamente').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Nuevo insumo on the supplies screen (already open). */
export async function createSupply(page: Page, name: string, type: string, unit: string): Promise<void> {
  await page.getByRole('button', { name: 'Nuevo insumo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo insumo' });
  await dialog.getByLabel('Nombre').fill(name);
  await pick(page, 'Tipo', type, dialog);
  await pick(page, 'Unidad', unit, dialog);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Insumo creado correctamente').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Fills supply row `index` of the stock-entry form. */
export async function fillEntryRow(page: Page, index: number, supply: string, quantity: string, price: string): Promise<void> {
  const row = page.getByTestId('entry-row').nth(index);
  await pick(page, 'Insumo', supply, row);
  await row.getByLabel('Cantidad').fill(quantity);
  await row.getByLabel('Precio').fill(price);
}
