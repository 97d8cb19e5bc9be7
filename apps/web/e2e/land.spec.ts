import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAMPAIGN_MESSAGE, CUIT_MESSAGE } from '@fm/domain';
import { test, expect, freshCampaign, freshCuit, openTab, pick, runTag, signInUi, DEMO } from './fixtures';

const KML = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'lote-tandil.kml');

test.describe('Tierra, campañas y plan de siembra', () => {
  // a test here switches the demo user to another workspace: put it back, so the next test signs in where it expects
  test.afterEach(async ({ request }) => {
    const signin = (await (await request.post('/fm/v1/users/signin', { data: DEMO })).json()) as { data: { token: string }[] };
    const headers = { authorization: `Bearer ${signin.data[0].token}` };
    const list = (await (await request.get('/fm/v1/workspaces', { headers })).json()) as { data: { workspace_id: number; name: string }[] };
    const demo = list.data.find((w) => w.name === 'Agro Demo');
    expect(demo).toBeDefined();
    const put = await request.put('/fm/v1/users', { headers, data: { last_workspace_id: demo?.workspace_id } });
    expect(put.status(), await put.text()).toBe(200);
  });

  test('empresa con CUIT corregido, establecimiento con lote de KML, campaña, plan, soja en tres lotes y rechazo al eliminar', async ({ page }) => {
    test.setTimeout(180_000);
    const tag = runTag();
    const company = `Estancia E2E ${tag} SA`;
    const farm = `Campo E2E ${tag}`;
    const campaign = freshCampaign();
    const cuit = freshCuit();
    await signInUi(page, DEMO.email, DEMO.password);

    // Empresa: CUIT inválido, luego válido
    await page.goto('/mis-recursos');
    await openTab(page, 'Empresas');
    await page.getByRole('button', { name: 'Crear empresa' }).click();
    let dialog = page.getByRole('dialog', { name: 'Crear empresa' });
    await dialog.getByLabel('Nombre').fill(company);
    await dialog.getByLabel('CUIT').fill('30-71234567-2');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText(CUIT_MESSAGE)).toBeVisible();
    await dialog.getByLabel('CUIT').fill(cuit);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Empresa creada correctamente')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: company }).getByText(cuit)).toBeVisible();

    // Establecimiento con un lote importado de KML (~100 ha) y dos lotes más
    await openTab(page, 'Establecimientos');
    await page.getByRole('button', { name: 'Crear establecimiento' }).click();
    dialog = page.getByRole('dialog', { name: 'Crear establecimiento' });
    await dialog.getByLabel('Nombre', { exact: true }).fill(farm);
    // a picker finds an option typed without its accents (decision 0039)
    const province = dialog.getByLabel('Provincia', { exact: true });
    await province.click();
    await province.fill('cordoba');
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Córdoba"]')).toBeVisible();
    await province.press('Escape');
    await pick(page, 'Provincia', 'Buenos Aires', dialog);
    await pick(page, 'Partido o departamento', 'Tandil', dialog);
    await pick(page, 'Localidad', 'Tandil', dialog);
    await dialog.locator('input[type=file]').first().setInputFiles(KML);
    await expect(dialog.getByText(/Contorno: 10\d,\d\d ha/)).toBeVisible();
    await expect(dialog.getByLabel('Nombre del lote').first()).toHaveValue('Lote KML Tandil');
    for (const [name, ha] of [['Lote Norte', '60'], ['Lote Sur', '45']]) {
      // a bottom-right toast can sit over this button on a 850 px viewport: click the button itself
      await dialog.getByRole('button', { name: 'Agregar lote' }).dispatchEvent('click');
      await dialog.getByLabel('Nombre del lote').last().fill(name);
      await dialog.getByLabel('Hectáreas').last().fill(ha);
    }
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Establecimiento creado correctamente')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: farm })).toContainText('Tandil');

    // Campaña: nombre inválido, luego válido
    await page.goto('/campanas');
    await page.getByRole('button', { name: 'Crear campaña' }).click();
    dialog = page.getByRole('dialog', { name: 'Crear campaña' });
    await dialog.getByLabel('Nombre').fill(campaign.invalid);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog.getByText(CAMPAIGN_MESSAGE)).toBeVisible();
    await dialog.getByLabel('Nombre').fill(campaign.valid);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Campaña creada correctamente')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: campaign.valid })).toBeVisible();

    // Plan de campaña
    await page.goto('/plan-de-siembra');
    await expect(page.getByRole('heading', { name: 'Plan de siembra' })).toBeVisible();
    await page.getByRole('button', { name: 'Crear plan de campaña' }).click();
    dialog = page.getByRole('dialog', { name: 'Crear plan de campaña' });
    await pick(page, 'Campaña', campaign.valid, dialog);
    await pick(page, 'Empresa', company, dialog);
    await pick(page, 'Establecimiento', farm, dialog);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Plan de campaña creado correctamente')).toBeVisible();
    const label = `${campaign.valid} - ${company} - ${farm}`;
    await expect(page.getByLabel('Filtrar por campaña')).toBeVisible();
    const card = page.locator('.ant-card').filter({ hasText: label });
    await expect(card).toBeVisible();

    // Soja de primera en los tres lotes a la vez
    await card.getByRole('button', { name: 'Asignar cultivo' }).click();
    await expect(page.getByRole('heading', { name: 'Asignar cultivo' })).toBeVisible();
    await expect(page.getByText(label)).toBeVisible();
    for (const name of ['Lote KML Tandil', 'Lote Norte', 'Lote Sur']) await page.getByRole('row').filter({ hasText: name }).getByRole('checkbox').check();
    await pick(page, 'Cultivo', 'Soja', page.locator('form[id=assign-crop-form]'));
    await page.getByRole('button', { name: 'Asignar a 3 lotes' }).click();
    await expect(page.getByText('Cultivo asignado correctamente (3 lotes)')).toBeVisible();
    await expect(page.getByText(/Soja Primera/)).toHaveCount(3);

    await page.goto('/plan-de-siembra');
    await pick(page, 'Filtrar por campaña', `Campaña ${campaign.valid}`);
    await expect(page.locator('.ant-card').filter({ hasText: label }).getByText(/Soja: 20\d,\d\d ha/)).toBeVisible();

    // No se puede eliminar un establecimiento con plan de campaña
    await page.goto('/mis-recursos?tab=establecimientos');
    await page.getByRole('row').filter({ hasText: farm }).getByRole('button', { name: 'Eliminar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByText(`No se puede eliminar el establecimiento: lo usa el plan de campaña ${label}`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: farm })).toBeVisible();
  });

  test('entre espacios de trabajo: campañas propias de cada espacio y establecimientos visibles solo donde se comparten', async ({ page, request }) => {
    test.setTimeout(150_000);
    const workspace = `Campo Norte E2E ${runTag()}`;
    const signin = (await (await request.post('/fm/v1/users/signin', { data: DEMO })).json()) as { data: { token: string }[] };
    const auth = { authorization: `Bearer ${signin.data[0].token}` };
    const created = await request.post('/fm/v1/workspaces', { headers: auth, data: { name: workspace } });
    expect(created.status(), await created.text()).toBe(201);

    await signInUi(page, DEMO.email, DEMO.password);
    await page.getByLabel('Espacio de trabajo', { exact: true }).click();
    await Promise.all([page.waitForEvent('load'), page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: workspace }).first().click()]);

    // the demo workspace's seasons and plans are not here
    await page.goto('/campanas');
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await page.getByRole('button', { name: 'Crear campaña' }).click();
    let dialog = page.getByRole('dialog', { name: 'Crear campaña' });
    await dialog.getByLabel('Nombre').fill('2025/26');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Campaña creada correctamente')).toBeVisible();

    // the owner sees every farm of the account in Mis recursos, each with the workspaces it is shared into
    await page.goto('/mis-recursos?tab=establecimientos');
    const row = page.getByRole('row').filter({ hasText: 'San Carlos' });
    await expect(row.getByText('Agro Demo')).toBeVisible();
    await expect(row.getByText(workspace)).toHaveCount(0);

    // nothing is shared here yet: no farm to plan with
    await page.goto('/plan-de-siembra');
    await expect(page.getByText('Sin resultados')).toBeVisible();
    await page.getByRole('button', { name: 'Crear plan de campaña' }).click();
    dialog = page.getByRole('dialog', { name: 'Crear plan de campaña' });
    await dialog.getByLabel('Establecimiento', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // share San Carlos into this workspace; the form reads the farm whole, so saving it keeps its plots (the list's
    // rows carry only their count: Lotes, the 4th column)
    await page.goto('/mis-recursos?tab=establecimientos');
    const plotsCell = page.getByRole('row').filter({ hasText: 'San Carlos' }).getByRole('cell').nth(3);
    const plots = Number(await plotsCell.textContent());
    expect(plots).toBeGreaterThan(0);
    await page.getByRole('row').filter({ hasText: 'San Carlos' }).getByRole('button', { name: 'Editar' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar establecimiento' });
    await expect(dialog.getByLabel('Nombre', { exact: true }).first()).toHaveValue('San Carlos');
    await pick(page, 'Espacios de trabajo', workspace, dialog);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Editado correctamente')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'San Carlos' }).getByText(workspace)).toBeVisible();
    await expect(plotsCell).toHaveText(String(plots));

    // now it is the only farm offered for a plan here
    await page.goto('/plan-de-siembra');
    await page.getByRole('button', { name: 'Crear plan de campaña' }).click();
    dialog = page.getByRole('dialog', { name: 'Crear plan de campaña' });
    await dialog.getByLabel('Establecimiento', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['San Carlos']);
  });
});
