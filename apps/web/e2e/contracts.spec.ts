import type { Locator, Page } from '@playwright/test';
import { test, expect, pick, runTag, signInUi, DEMO } from './fixtures';

const COMPANY = 'Agro Los Álamos S.A.';
const FARM = 'La Esperanza';
const SEASON = '2025/26';
const ACOPIO = 'Planta Granos del Sudeste Necochea';
const TRANSPORT = 'Transportes Benítez Hnos.';

/** FM_CONTRACTS_SHOTS=<dir> keeps a screenshot of every screen (to look at layout, texts and dates). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_CONTRACTS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The newest toast's text. */
const toast = (page: Page): Locator => page.locator('.ant-notification-notice-description').last();

async function accept(page: Page, title: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
}

type Envelope<T> = { data: T; message?: string };

/** A call with the signed-in session's token and workspace. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('fm.session') ?? sessionStorage.getItem('fm.session') ?? '{}') as { token: string; workspaceId: number },
  );
  const sep = path.includes('?') ? '&' : '?';
  const url = `/fm/v1/${path}${sep}workspace_id=${session.workspaceId}&workspace=true`;
  const headers = { authorization: `Bearer ${session.token}` };
  const res = method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as Envelope<T>).data;
}

type Plan = { season_plan_id: number; company: { company_id: number; name: string }; farm: { name: string }; season: { season_id: number; name: string } };
type Plot = { field_crop_id: number; crop_id: number; crop_name: string };
type Named = { name: string; active?: boolean };
type Stock = { stock_id: number; company_id: number; season_id: number; crop_id: number; destination_id: number };

/**
 * Two movements received at the Acopio (30 and 20 tn) through the grains API, as the grains screens would leave them.
 * Returns the crop and the stock the tons went into.
 */
async function receivedMovements(page: Page, waybill: string): Promise<{ crop: string; stockId: number; movements: number[] }> {
  const plan = (await api<Plan[]>(page, 'GET', 'seasons/plans')).find((p) => p.company.name === COMPANY && p.farm.name === FARM && p.season.name === SEASON);
  expect(plan, 'plan de campaña de la demo').toBeTruthy();
  if (!plan) throw new Error('sin plan');
  const plot = (await api<Plot[]>(page, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}`)).find((p) => p.crop_id);
  if (!plot) throw new Error('sin lote');
  const destination = (await api<(Named & { destination_id: number })[]>(page, 'GET', 'destinations')).find((d) => d.name === ACOPIO);
  const transport = (await api<(Named & { transport_id: number })[]>(page, 'GET', 'transports')).find((t) => t.name === TRANSPORT);
  if (!destination || !transport) throw new Error('sin destino o transporte');
  const base = { season_plan_id: plan.season_plan_id, field_crop_id: plot.field_crop_id, destination_id: destination.destination_id, transport_id: transport.transport_id, freight_price: '15', freight_exchange_rate: '1000', origin_humidity: '13' };
  const created = await api<{ movement_id: number }[]>(page, 'POST', 'grains/movements', {
    movements: [
      { ...base, origin_tons: '30', waybill: `${waybill}-1` },
      { ...base, origin_tons: '20', waybill: `${waybill}-2` },
    ],
  });
  const movements = created.map((m) => m.movement_id);
  await api(page, 'POST', 'grains/movements/receptions', { receptions: movements.map((id, i) => ({ movement_id: id, destination_tons: i === 0 ? '30' : '20', destination_humidity: '13' })) });
  const stocks = await api<Stock[]>(page, 'GET', 'grains/stocks?per_page=1000');
  const stock = stocks.find((s) => s.company_id === plan.company.company_id && s.season_id === plan.season.season_id && s.crop_id === plot.crop_id && s.destination_id === destination.destination_id);
  if (!stock) throw new Error('sin stock en el acopio');
  return { crop: plot.crop_name, stockId: stock.stock_id, movements };
}

function contractRow(page: Page, id: number): Locator {
  return page.locator('.ant-table-row').filter({ has: page.locator('td').first().filter({ hasText: new RegExp(`^${id}$`) }) });
}

async function applyTons(page: Page, stockId: number, movementId: number, tons: string, contractNumber: string): Promise<void> {
  await page.goto(`/entregas/${stockId}`);
  await expect(page.getByRole('heading', { name: 'Aplicar toneladas a un contrato' })).toBeVisible();
  const row = page.locator('.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${movementId}$`) }) });
  await row.getByRole('checkbox').check();
  await page.getByLabel(`Toneladas del movimiento ${movementId}`).fill(tons);
  await page.getByLabel('Contrato', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${contractNumber})` }).click();
  await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
}

test.describe('Contratos y entregas', () => {
  test('crear un contrato con precios vinculados, aplicar toneladas (de más: error; luego válidas), Entrega parcial, Cumplido y eliminar una entrega', async ({ page }) => {
    test.setTimeout(240_000);
    const tag = runTag();
    const number = `E2E-${tag}`;
    await signInUi(page, DEMO.email, DEMO.password);
    const { crop, stockId, movements } = await receivedMovements(page, `CP-C${tag}`);
    const buyer = (await api<Named[]>(page, 'GET', 'buyers')).filter((b) => b.active !== false)[0].name;

    // Contratos: pestañas, columnas, Crear
    await page.goto('/contratos');
    await expect(page.getByRole('tab', { name: 'Contratos' })).toHaveAttribute('aria-selected', 'true');
    for (const t of ['Movimiento de Granos', 'Stock de Granos']) await expect(page.getByRole('tab', { name: t })).toBeVisible();
    for (const col of ['#', 'Campaña', 'Empresa', 'Producto', 'Tn', 'Precio', 'Destino', 'Estado']) await expect(page.getByRole('columnheader', { name: col, exact: true })).toBeVisible();
    await shot(page, '01-contratos');

    // Nuevo Contrato: vacío, los mensajes de la especificación
    await page.getByRole('button', { name: 'Crear' }).click();
    await expect(page.getByRole('heading', { name: 'Nuevo Contrato' })).toBeVisible();
    await page.getByRole('button', { name: 'Guardar' }).click();
    for (const msg of ['El campo Empresa es obligatorio', 'El campo Producto es obligatorio', 'El campo Comprador es obligatorio', 'El campo Campaña es obligatorio', 'El campo Tn comprometidas debe ser mayor a 0', 'El campo Precio (US$/tn) debe ser mayor a 0']) {
      await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: msg })).toBeVisible();
    }
    await shot(page, '02-contrato-errores');

    await pick(page, 'Empresa', COMPANY);
    await pick(page, 'Producto', crop);
    await pick(page, 'Comprador', buyer);
    await pick(page, 'Campaña', SEASON);
    await page.getByLabel('Tn comprometidas').fill('40');
    await page.getByLabel('Tipo de cambio').fill('1000');
    await page.getByLabel('Precio (US$/tn)').fill('300');
    // US$ × tipo de cambio → ARS; changing ARS recomputes US$ to 2 decimals
    await expect(page.getByLabel('Precio (ARS/tn)')).toHaveValue(/^300\.000(,00)?$|^300000(,00)?$/);
    await page.getByLabel('Precio (ARS/tn)').fill('312500');
    await page.getByLabel('Precio (ARS/tn)').blur();
    await expect(page.getByLabel('Precio (US$/tn)')).toHaveValue('312,50');
    await pick(page, 'Condición', 'Forward');
    await page.getByLabel('Número de contrato').fill(number);
    await shot(page, '03-contrato-nuevo');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(toast(page)).toHaveText('¡OK!');
    await expect(page).toHaveURL(/\/contratos$/);

    const contracts = await api<{ contract_id: number; contract_number: string; status: string; price: string }[]>(page, 'GET', 'grains/contracts?per_page=1000');
    const contract = contracts.find((c) => c.contract_number === number);
    if (!contract) throw new Error('contrato no creado');
    expect(contract.price).toBe('312.50');
    await page.getByLabel('Buscar').fill(number);
    await page.getByLabel('Buscar').press('Enter');
    await expect(contractRow(page, contract.contract_id)).toContainText('Sin entregar');
    // Sin entregar: delete offered, deliveries not
    await expect(contractRow(page, contract.contract_id).getByRole('button', { name: 'Eliminar' })).toBeVisible();
    await expect(contractRow(page, contract.contract_id).getByRole('button', { name: 'Entregas' })).toHaveCount(0);
    await shot(page, '04-contratos-sin-entregar');

    // Aplicar toneladas: more than the movement holds → the spec's message, nothing applied
    await applyTons(page, stockId, movements[0], '30,5', number);
    await expect(toast(page)).toHaveText('La cantidad de toneladas indicada es mayor a la cantidad de toneladas disponibles.');
    await shot(page, '05-aplicar-error');
    // nothing chosen
    await page.locator('.ant-table-row').filter({ has: page.locator('td', { hasText: new RegExp(`^${movements[0]}$`) }) }).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
    await expect(toast(page)).toContainText('No ha seleccionado ningún movimiento.');

    // valid: 30 of the first → Entrega parcial
    await applyTons(page, stockId, movements[0], '30', number);
    await expect(toast(page)).toHaveText('¡Toneladas aplicadas!');
    await expect(page).toHaveURL(/\/contratos$/);
    await page.getByLabel('Buscar').fill(number);
    await page.getByLabel('Buscar').press('Enter');
    await expect(contractRow(page, contract.contract_id)).toContainText('Entrega parcial');
    await expect(contractRow(page, contract.contract_id).getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await shot(page, '06-contratos-entrega-parcial');

    // 10 of the second → Cumplido (40 of 40)
    await applyTons(page, stockId, movements[1], '10', number);
    await expect(toast(page)).toHaveText('¡Toneladas aplicadas!');
    await page.getByLabel('Buscar').fill(number);
    await page.getByLabel('Buscar').press('Enter');
    await expect(contractRow(page, contract.contract_id)).toContainText('Cumplido');
    // a Cumplido contract is not offered any more
    await page.goto(`/entregas/${stockId}`);
    await page.getByLabel('Contrato', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${number})` })).toHaveCount(0);
    await shot(page, '07-aplicar-sin-cumplidos');
    await page.keyboard.press('Escape');

    // Entregas: summary card and the two deliveries; deleting one puts the contract back to Entrega parcial
    await page.goto('/contratos');
    await page.getByLabel('Buscar').fill(number);
    await page.getByLabel('Buscar').press('Enter');
    await contractRow(page, contract.contract_id).getByRole('button', { name: 'Entregas' }).click();
    await expect(page).toHaveURL(new RegExp(`/contrato/entregas/${contract.contract_id}$`));
    const summary = page.getByTestId('contract-summary');
    await expect(summary).toContainText(number);
    await expect(summary).toContainText('40,000');
    await expect(summary).toContainText('Cumplido');
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    await shot(page, '08-entregas');
    await page.locator('.ant-table-row').filter({ hasText: `CP-C${tag}-2` }).getByRole('button', { name: 'Eliminar' }).click();
    await accept(page, '¿Querés eliminar la entrega?');
    await expect(toast(page)).toHaveText('Eliminado');
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(summary).toContainText('Entrega parcial');
    await expect(summary).toContainText('10,00');
    await shot(page, '09-entregas-eliminada');

    // the contract form edits it (Editar Contrato)
    await page.goto(`/contrato/${contract.contract_id}`);
    await expect(page.getByRole('heading', { name: 'Editar Contrato' })).toBeVisible();
    await expect(page.getByLabel('Número de contrato')).toHaveValue(number);
    await shot(page, '10-contrato-editar');
  });
});
