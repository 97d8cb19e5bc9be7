import { test, expect, signInUi, DEMO, pick, runTag } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('notas: crea una nota con un adjunto, la edita y la elimina', async ({ page }) => {
  const tag = runTag();
  const title = `Análisis de suelo ${tag}`;
  await signInUi(page, DEMO.email, DEMO.password);
  await page.getByRole('menu', { name: 'Menú principal' }).getByText('Registros de campo').click();
  await page.getByRole('menu', { name: 'Menú principal' }).getByText('Notas', { exact: true }).click();
  await expect(page).toHaveURL(/\/notas$/);
  await expect(page.getByRole('heading', { name: 'Notas' })).toBeVisible();

  await page.getByRole('button', { name: 'Nueva nota' }).click();
  await expect(page).toHaveURL(/\/notas\/nueva$/);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingresá el título')).toBeVisible();
  await page.getByRole('textbox', { name: 'Título' }).fill(title);
  await page.getByLabel('Texto').fill('Fósforo bajo en la loma.');
  await pick(page, 'Establecimiento', 'La Esperanza');
  await page.locator('input[type=file]').setInputFiles({ name: 'analisis.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('analisis.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/notas$/);

  await page.getByPlaceholder('Buscar en título y texto').fill(tag);
  await page.getByPlaceholder('Buscar en título y texto').press('Enter');
  const row = page.locator('tr').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText('La Esperanza');
  await expect(row.getByLabel('Adjuntos')).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(1);

  if (process.env.FM_NOTES_SHOT) await page.screenshot({ path: process.env.FM_NOTES_SHOT.replace(/\.png$/, '-list.png'), fullPage: true });
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(page).toHaveURL(/\/notas\/\d+\/editar$/);
  await expect(page.getByRole('textbox', { name: 'Título' })).toHaveValue(title);
  await expect(page.getByText('analisis.pdf')).toBeVisible();
  if (process.env.FM_NOTES_SHOT) await page.screenshot({ path: process.env.FM_NOTES_SHOT.replace(/\.png$/, '-form.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar analisis.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('analisis.pdf');
  await page.getByRole('textbox', { name: 'Título' }).fill(`${title} (revisado)`);
  // a file that is not a PDF or an image (by its bytes) is refused and named; the note itself is saved
  await page.locator('input[type=file]').setInputFiles({ name: 'planilla.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a document') });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: 'planilla.pdf' })).toContainText('(422)');
  await expect(page).toHaveURL(/\/notas\/\d+\/editar$/);
  await expect(page.getByRole('button', { name: 'Descargar analisis.pdf' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar planilla.pdf' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/notas$/);

  await page.getByPlaceholder('Buscar en título y texto').fill(tag);
  await page.getByPlaceholder('Buscar en título y texto').press('Enter');
  const edited = page.locator('tr').filter({ hasText: `${title} (revisado)` });
  await expect(edited).toBeVisible();
  await edited.getByRole('button', { name: 'Eliminar' }).click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '¿Eliminar la nota?' });
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Nota eliminada')).toBeVisible();
  await expect(page.locator('tr').filter({ hasText: title })).toHaveCount(0);
  if (process.env.FM_NOTES_SHOT) await page.screenshot({ path: process.env.FM_NOTES_SHOT, fullPage: true });
});
