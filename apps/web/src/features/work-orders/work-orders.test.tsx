import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import dayjs from 'dayjs';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { ContributionsIndicator, StockIndicator } from './components/indicators';
import { StatusModal } from './components/status-modal';
import { WorkOrderForm } from './components/work-order-form';
import { emptyValues } from './form-values';
import WorkOrderCreatePage from './pages/work-order-create-page';

const ON = flags(['home', 'work_orders', 'stock_supplies', 'resources', 'sowing_plan']);

function renderPage(element: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Reference lists empty, one season plan; `extra` answers the calls a test cares about. */
function server(extra: (path: string, init?: RequestInit) => { status?: number; body: unknown } | undefined = () => undefined) {
  return mockApi((url, init) => {
    const path = url.pathname.replace('/fm/v1/', '');
    const answer = extra(path, init);
    if (answer) return answer;
    if (path === 'seasons/plans')
      return {
        body: envelope([
          {
            season_plan_id: 5,
            active: true,
            label: '',
            season: { season_id: 1, name: '2026/27', active: true },
            company: { company_id: 2, name: 'Agro SA', tax_identifier: '', active: true, is_an_agreement: false, partners: [] },
            farm: { farm_id: 3, name: 'La Loma', active: true },
          },
        ]),
      };
    if (['labors', 'contractors', 'units', 'crops', 'resources/sequences', 'adversities', 'fields/crops', 'supplies', 'external-data/exchange'].includes(path)) return { body: envelope([], { total: 0 }) };
    return undefined;
  });
}

const warningText = async () =>
  (await screen.findByText((_, el) => el?.classList.contains('ant-notification-notice-description') === true, undefined, { timeout: 10_000 })).textContent;

describe('work-order indicators (spec doc 2 §2.6)', () => {
  const base = { company: { company_id: 1, name: 'A', is_an_agreement: true, partners: [] }, percentage_contributions: '99.99', supplies: [], stock_used: false };

  it('Aportes: success from 99.99 %, warning below, "-" for a company without agreement', () => {
    const { rerender } = render(<ContributionsIndicator order={base} />);
    expect(screen.getByTestId('contributions-indicator').dataset.state).toBe('success');
    rerender(<ContributionsIndicator order={{ ...base, percentage_contributions: '99.98' }} />);
    expect(screen.getByTestId('contributions-indicator').dataset.state).toBe('warning');
    rerender(<ContributionsIndicator order={{ ...base, company: { ...base.company, is_an_agreement: false } }} />);
    expect(screen.getByTestId('contributions-indicator').textContent).toBe('-');
  });

  it('Depósitos: "-" without supplies, success when every supply has a stock, else warning', () => {
    const supply = (stock_id: number | null) => ({ stock_id }) as never;
    const { rerender } = render(<StockIndicator order={base} />);
    expect(screen.getByTestId('stock-indicator').textContent).toBe('-');
    rerender(<StockIndicator order={{ ...base, supplies: [supply(1), supply(2)], stock_used: true }} />);
    expect(screen.getByTestId('stock-indicator').dataset.state).toBe('success');
    expect(screen.getByTestId('stock-indicator').textContent).toContain('Descontado');
    rerender(<StockIndicator order={{ ...base, supplies: [supply(1), supply(null)] }} />);
    expect(screen.getByTestId('stock-indicator').dataset.state).toBe('warning');
  });
});

describe('work-order form (spec doc 2 §2.7, §5)', () => {
  it('an empty save shows the spec messages under the fields and in one warning, and sends nothing', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<WorkOrderCreatePage />, '/orden-de-trabajo/nueva');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }, { timeout: 10_000 }));
    expect(await warningText()).toBe(
      'Debe seleccionar un Establecimiento.\nDebe seleccionar una Labor.\nDebe ingresar Tipo de cambio.\nLotes: Los campos Lote y Hectáreas son obligatorios.',
    );
    // under the fields too (antd shows them a tick later)
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual(
        expect.arrayContaining(['Debe seleccionar un Establecimiento.', 'Debe seleccionar una Labor.', 'Debe ingresar Tipo de cambio.', 'Lotes: Los campos Lote y Hectáreas son obligatorios.']),
      ),
    );
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);
  }, 60_000);

  it('defaults the labor dates to today and today + 3 and shows the totals of prefilled rows', async () => {
    signIn({ flags: ON });
    vi.stubGlobal('fetch', server().fetchMock);
    const initial = {
      ...emptyValues(1000),
      field_crops: [{ field_crop_id: 1, hectares_to_apply: 10 }, { field_crop_id: 2, hectares_to_apply: 15.5 }],
      price: 38,
      supplies: [{ supply_id: 9, supply_label: 'Glifosato', unit_id: 1, dose_to_apply: 1.5, price: 10 }],
    };
    renderPage(<WorkOrderForm initial={initial} onSave={async () => undefined} />);
    const totals = await screen.findByTestId('wo-totals', undefined, { timeout: 10_000 });
    // 25,50 ha; labor 38 × 25,5 = 969; supplies 1,5 × 25,5 × 10 = 382,50; total 1.351,50; US$ 1,35
    expect(within(totals).getByText('25,50 ha')).toBeTruthy();
    expect(within(totals).getByText('$ 969,00')).toBeTruthy();
    expect(within(totals).getByText('$ 382,50')).toBeTruthy();
    expect(within(totals).getByText('$ 1.351,50')).toBeTruthy();
    expect(within(totals).getByText('US$ 1,35')).toBeTruthy();
    expect(screen.getByTestId('dose-total').textContent).toContain('38,250');
    expect((screen.getByLabelText('Inicio') as HTMLInputElement).value).toBe(dayjs().format('DD/MM/YYYY'));
    expect((screen.getByLabelText('Fin') as HTMLInputElement).value).toBe(dayjs().add(3, 'day').format('DD/MM/YYYY'));
  });
});

describe('last prices (GET work-orders/prices)', () => {
  it('choosing a labor fills its last price in this workspace when the price is empty', async () => {
    signIn({ flags: ON });
    const api = server((path) => {
      if (path === 'labors') return { body: envelope([{ labor_id: 2, name: 'Siembra' }]) };
      if (path === 'work-orders/prices') return { body: envelope([{ labors: [{ labor_id: 2, price: '1234.50', exchange_rate: '1000.00', date: '2026-11-20' }], supplies: [] }]) };
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<WorkOrderForm initial={emptyValues(1000)} onSave={async () => undefined} />);
    const labor = await screen.findByLabelText('Labor', undefined, { timeout: 10_000 });
    fireEvent.mouseDown(labor);
    fireEvent.click(await screen.findByTitle('Siembra'));
    await waitFor(() => expect((screen.getByLabelText('Precio labor') as HTMLInputElement).value).toBe('1.234,50'));
    const call = api.calls.find((c) => c.url.pathname.endsWith('work-orders/prices'));
    expect(call?.url.searchParams.get('labor_id')).toBe('2');
  }, 60_000);
});

describe('status change (spec doc 2 §4)', () => {
  it('Realizada needs a date; a stock shortfall asks first and resends with confirm_stock', async () => {
    signIn({ flags: ON });
    let puts = 0;
    const api = server((path, init) => {
      if (path === 'work-orders/12/status/3' && init?.method === 'PUT') {
        puts += 1;
        const body = JSON.parse(String(init.body)) as { confirm_stock?: boolean };
        if (!body.confirm_stock)
          return {
            status: 409,
            body: { success: false, status: 409, data: null, code: 'STOCK_EXCEEDED', message: 'El uso de insumos supera el stock disponible.', detail: [{ loc: ['supplies', 0], msg: 'Glifosato: se usan 38,25 lt, hay 20 lt en Galpón' }] },
          };
        return { body: { ...envelope([]), message: 'Estado modificado con éxito' } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onClose = vi.fn();
    renderPage(<StatusModal target={{ work_order_id: 12, status_id: 1 }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    fireEvent.mouseDown(within(dialog).getByLabelText('Estado'));
    fireEvent.click(await screen.findByTitle('Realizada'));
    await within(dialog).findByLabelText('Fecha de realización');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.querySelector('.ant-modal .ant-form-item-explain-error')?.textContent).toBe('Debe seleccionar una fecha.'), { timeout: 5_000 });
    expect(puts).toBe(0);

    const date = within(dialog).getByLabelText('Fecha de realización');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '26/11/2026' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Glifosato: se usan 38,25 lt, hay 20 lt en Galpón', undefined, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toBe(2);
    const last = api.calls.filter((c) => c.init?.method === 'PUT').at(-1);
    expect(JSON.parse(String(last?.init?.body))).toEqual({ status_id: 3, labor_date: '2026-11-26', observations: null, confirm_stock: true });
  }, 60_000);
});
