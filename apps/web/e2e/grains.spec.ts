import type { Locator, Page } from '@playwright/test';
import { test, expect, pick, runTag, signInUi, DEMO } from './fixtures';

const COMPANY = 'Agro Los Álamos S.A.';
const PLAN = `2025/26 - ${COMPANY} - La Esperanza`;
const PLOT = 'Lote 5 - Girasol (Primera)';
const ACOPIO = 'Planta Granos del Sudeste Necochea';
const TRANSPORT = 'Transportes Benítez Hnos.';
const DRIVER = 'Ramón Benítez';

/** FM_GRAINS_SHOTS=<dir> keeps a screenshot of every screen (to look at layout, texts and dates). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.FM_GRAINS_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** The newest toast's text. */
function toast(page: Page): Locator {
  return page.locator('.ant-notification-notice-description').last();
}

async function accept(page: Page, title: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
}

async function api<T>(page: Page, path: string): Promise<T> {
  const session = await page.evaluate(
    () => JSON.parse(localStorage.getItem('fm.session') ?? sessionStorage.getItem('fm.session') ?? '{}') as { token: string; workspaceId: number },
  );
  const sep = path.includes('?') ? '&' : '?';
  const res = await page.request.get(`/fm/v1/${path}${sep}workspace_id=${session.workspaceId}&workspace=true`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

type StockRow = { stock_id: number; tons: number | string; season_name: string; company_name: string; crop_name: string; destination_name: string };

/** Tons of the demo's girasol stock at the Acopio (0 while there is none). */
async function acopioTons(page: Page): Promise<number> {
  const rows = await api<StockRow[]>(page, 'grains/stocks?per_page=1000');
  const row = rows.find((r) => r.season_name === '2025/26' && r.company_name === COMPANY && r.crop_name === 'Girasol' && r.destination_name === ACOPIO);
  return row ? Number(row.tons) : 0;
}

/** '1.234,5' as the tables show tons (3 decimals). */
const tn = (n: number) => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(n);

async function newMovement(page: Page, waybill: string, tons: string, humidity: string): Promise<void> {
  await pick(page, 'Campaña - Empresa - Establecimiento', PLAN);
  await pick(page, 'Lote', PLOT);
  await pick(page, 'Destino', `${ACOPIO} (Acopio)`);
  await pick(page, 'Transporte', TRANSPORT);
  await pick(page, 'Chofer', DRIVER);
  // the driver's plates come by default
  await expect(page.getByLabel('Patente chasis')).toHaveValue('AB123CD');
  await expect(page.getByLabel('Patente acoplado')).toHaveValue('KJH456');
  await page.getByLabel('CTG').fill('10120345678');
  await page.getByLabel('Carta de porte').fill(waybill);
  await page.getByLabel('Toneladas origen').fill(tons);
  await page.getByLabel('Humedad origen (%)').fill(humidity);
  await page.getByLabel('Precio flete (US$/tn)').fill('15');
  await page.getByLabel('Tipo de cambio').fill('1000');
  await page.getByRole('button', { name: 'Guardar y seguir cargando' }).click();
  await expect(toast(page)).toBeVisible();
  // ready for the next truck: tons, humidity and waybill cleared, the plan kept
  await expect(page.getByLabel('Toneladas origen')).toHaveValue('');
  await expect(page.getByLabel('Carta de porte')).toHaveValue('');
}

function movementRow(page: Page, waybill: string): Locator {
  return page.locator('.ant-table-row').filter({ hasText: waybill });
}

test.describe('Comercialización de granos', () => {
  test('tres movimientos, recepción de dos con humedad, stock en el acopio, silobolsa movida y transacción eliminada', async ({ page }) => {
    test.setTimeout(300_000);
    const tag = runTag();
    const cp = (n: number) => `CP-${tag}-${n}`;
    await signInUi(page, DEMO.email, DEMO.password);
    const before = await acopioTons(page);

    // Movimientos: la lista en tránsito, sus botones
    await page.goto('/granos/movimientos');
    await expect(page.getByRole('heading', { name: 'Movimientos de granos' })).toBeVisible();
    for (const b of ['Recepcionar movimientos', 'Carga Masiva', 'Nuevo Movimiento']) await expect(page.getByRole('button', { name: b })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Movimiento de Granos' })).toHaveAttribute('aria-selected', 'true');
    await shot(page, '01-movimientos');

    // Nuevo movimiento: vacío, los mensajes de la especificación en un aviso
    await page.getByRole('button', { name: 'Nuevo Movimiento' }).click();
    await expect(page).toHaveURL(/\/granos\/movimiento$/);
    await page.getByRole('button', { name: 'Guardar y seguir cargando' }).click();
    for (const msg of [
      'Campaña - Empresa - Establecimiento es obligatorio',
      'El lote es obligatorio',
      'El campo Destino es obligatorio',
      'El campo Transporte es obligatorio',
      'El campo Precio flete (US$/tn) debe ser mayor a 0',
      'El campo Toneladas debe ser mayor a 0',
      'El campo Humedad es obligatorio',
    ]) {
      await expect(toast(page)).toContainText(msg);
      await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: msg })).toBeVisible();
    }
    await shot(page, '02-movimiento-errores');
    // an agreement company asks for its partner
    await pick(page, 'Campaña - Empresa - Establecimiento', '2025/26 - Convenio La Esperanza - El Ombú');
    await page.getByRole('button', { name: 'Guardar y seguir cargando' }).click();
    await expect(toast(page)).toContainText('El campo Socio es obligatorio');
    await page.getByLabel('Socio', { exact: true }).click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['Juan Pérez', 'María Gómez']);
    await page.keyboard.press('Escape');
    // today as the default load date, dd/mm/yyyy
    const today = new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    await expect(page.getByLabel('Fecha de carga')).toHaveValue(today);

    await newMovement(page, cp(1), '30', '12');
    await shot(page, '03-movimiento-guardado');
    await newMovement(page, cp(2), '28,5', '10');
    await newMovement(page, cp(3), '25', '11');

    await page.getByRole('button', { name: 'Volver al listado' }).click();
    await page.getByLabel('Buscar').fill(`CP-${tag}`);
    await page.getByLabel('Buscar').press('Enter');
    await expect(page.locator('.ant-table-row')).toHaveCount(3);
    await expect(movementRow(page, cp(1))).toContainText(`Lote 5 | La Esperanza`);
    await expect(movementRow(page, cp(1))).toContainText('En tránsito');
    await expect(movementRow(page, cp(1))).toContainText(today);
    await shot(page, '04-movimientos-en-transito');

    // Editar el tercero (Guardar vuelve al listado) y eliminarlo
    await movementRow(page, cp(3)).getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByRole('heading', { name: /Editar movimiento/ })).toBeVisible();
    await expect(page.getByLabel('Carta de porte')).toHaveValue(cp(3));
    await page.getByLabel('Toneladas origen').fill('26');
    await shot(page, '05-movimiento-editar');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/\/granos\/movimientos/);
    await expect(movementRow(page, cp(3))).toContainText(tn(26));
    await movementRow(page, cp(3)).getByRole('button', { name: 'Eliminar' }).click();
    await accept(page, '¿Querés eliminar el movimiento?');
    await expect(toast(page)).toHaveText('Eliminado');
    await expect(page.locator('.ant-table-row')).toHaveCount(2);

    // Recepción: sin selección, el mensaje; dos movimientos con humedad y merma
    await page.getByRole('button', { name: 'Recepcionar movimientos' }).click();
    await expect(page).toHaveURL(/\/granos\/movimiento\/recepcion$/);
    await page.getByRole('button', { name: 'Recepcionar', exact: true }).click();
    await expect(toast(page)).toHaveText('Seleccione al menos un movimiento para recepcionar');
    const r1 = movementRow(page, cp(1));
    const r2 = movementRow(page, cp(2));
    await r1.getByRole('checkbox').check();
    await r2.getByRole('checkbox').check();
    // girasol: base 11 %, dried to 10,5 % (factor 1,117) + 0,25 % handling => at 12 %: 1,93 %; 30 tn => 29,421 net
    await r1.getByLabel(/Humedad destino/).fill('12');
    await r1.getByLabel(/Humedad destino/).blur();
    await expect(r1).toContainText('1,93 %');
    await expect(r1).toContainText(tn(29.421));
    await r2.getByLabel(/Toneladas destino/).fill('28');
    await r2.getByLabel(/Toneladas destino/).blur();
    await shot(page, '06-recepcion');
    await page.getByRole('button', { name: 'Recepcionar', exact: true }).click();
    await expect(page).toHaveURL(/\/granos\/movimientos\?estado=destino$/);
    await page.getByLabel('Buscar').fill(`CP-${tag}`);
    await page.getByLabel('Buscar').press('Enter');
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    await expect(movementRow(page, cp(1))).toContainText('En destino');
    await expect(movementRow(page, cp(1)).getByRole('button', { name: 'Editar' })).toHaveCount(0);
    await shot(page, '07-movimientos-en-destino');

    // Stock del acopio: 30 + 28 tn más
    expect(await acopioTons(page)).toBeCloseTo(before + 58, 3);
    await page.goto('/granos/stocks');
    await expect(page.getByRole('heading', { name: 'Stock de granos' })).toBeVisible();
    await pick(page, 'Filtrar por destino', ACOPIO);
    await pick(page, 'Filtrar por producto', 'Girasol');
    const acopio = page.locator('.ant-table-row').filter({ hasText: ACOPIO }).filter({ hasText: 'Girasol' }).filter({ hasText: '2025/26' });
    await expect(acopio).toContainText(tn(before + 58));
    await shot(page, '08-stocks');

    // Nuevo stock en una silobolsa nueva
    const bag = `Silobolsa ${tag}`;
    await page.getByRole('button', { name: 'Nuevo Stock' }).click();
    await pick(page, 'Campaña - Empresa - Establecimiento', PLAN);
    await pick(page, 'Lote', PLOT);
    await pick(page, 'Destino', 'Crear silobolsa');
    await page.getByLabel('Toneladas', { exact: true }).fill('50');
    await page.getByLabel('Humedad (%)').fill('11');
    await pick(page, 'Transporte', TRANSPORT);
    await page.getByLabel('Precio flete (US$/tn)').fill('10');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(toast(page)).toContainText('Nombre de Silobolsa es requerido');
    await page.getByLabel('Nombre de Silobolsa').fill(bag);
    await shot(page, '09-nuevo-stock');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/\/granos\/stocks$/);
    await pick(page, 'Filtrar por destino', bag);
    const bagRow = page.locator('.ant-table-row').filter({ hasText: bag });
    await expect(bagRow).toContainText(tn(50));
    await expect(bagRow.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);

    // Mover stock de la silobolsa: más que el stock, el mensaje; 20 tn, un movimiento en tránsito
    await bagRow.getByRole('button', { name: 'Mover stock' }).click();
    await expect(page).toHaveURL(/\/granos\/stocks\/mover\/\d+$/);
    await expect(page.getByTestId('stock-tons')).toHaveText(tn(50));
    await pick(page, 'Destino', `${ACOPIO} (Acopio)`);
    await page.getByLabel('Toneladas', { exact: true }).fill('60');
    await page.getByLabel('Humedad (%)').fill('11');
    await page.getByLabel('Precio flete (US$/tn)').fill('12');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(toast(page)).toContainText('Las toneladas no pueden superar el stock.');
    await expect(toast(page)).toContainText('El campo Transportista es obligatorio');
    await page.getByLabel('Toneladas', { exact: true }).fill('20');
    await pick(page, 'Transporte', TRANSPORT);
    await page.getByLabel('Carta de porte').fill(cp(4));
    await shot(page, '10-mover-stock');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page).toHaveURL(/\/granos\/stocks$/);
    await pick(page, 'Filtrar por destino', bag);
    await expect(bagRow).toContainText(tn(30));

    // Transacciones de la silobolsa: eliminar la salida devuelve las toneladas
    await bagRow.getByRole('button', { name: 'Transacciones' }).click();
    await expect(page).toHaveURL(/\/granos\/stocks\/transactions\/\d+$/);
    await expect(page.getByTestId('stock-tons')).toHaveText(tn(30));
    await expect(page.locator('.ant-table-row')).toHaveCount(2);
    await shot(page, '11-transacciones');
    await page.locator('.ant-table-row').filter({ hasText: 'Salida' }).getByRole('button', { name: 'Eliminar' }).click();
    await accept(page, '¿Querés eliminar la transacción?');
    await expect(toast(page)).toHaveText('Eliminado');
    await expect(page.getByTestId('stock-tons')).toHaveText(tn(50));
    await shot(page, '12-transaccion-eliminada');
  });
});
