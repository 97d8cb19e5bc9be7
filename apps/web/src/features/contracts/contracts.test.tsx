import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import ApplyTonsPage from './pages/apply-tons-page';
import ContractDeliveriesPage from './pages/contract-deliveries-page';
import ContractsPage from './pages/contracts-page';

const ON = flags(['home', 'contracts', 'deliveries', 'grain_movements', 'grain_stocks']);

function renderAt(element: ReactElement, pattern: string, path: string) {
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <div>otra</div> }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const contract = (id: number, status: string, tons = '40.000', delivered = '0.000') => ({
  contract_id: id,
  company_id: 1,
  season_id: 1,
  crop_id: 2,
  buyer_id: 3,
  agreement_id: null,
  contract_number: `C-${id}`,
  tons,
  tons_delivered: delivered,
  pending: (Number(tons) - Number(delivered)).toFixed(2),
  deadline: null,
  condition: null,
  exchange_rate: '1000.00',
  price: '300.00',
  trade: false,
  observations: null,
  status,
  season_name: '2025/26',
  company_name: 'Agro SA',
  crop_name: 'Maíz',
  buyer_name: 'Cargill',
  destination: 'Acopio Norte',
});

const toastText = async () => (await screen.findByText((_, el) => el?.classList.contains('ant-notification-notice-description') === true, undefined, { timeout: 10_000 })).textContent;

describe('contracts list (spec doc 3 "Contracts list")', () => {
  it('delete only for Sin entregar, deliveries only for Entrega parcial and Cumplido', async () => {
    signIn({ flags: ON });
    vi.stubGlobal(
      'fetch',
      mockApi((url) => (url.pathname.endsWith('grains/contracts') ? { body: envelope([contract(1, 'Sin entregar'), contract(2, 'Entrega parcial', '40.000', '10.000'), contract(3, 'Cumplido', '40.000', '40.000')], { total: 3 }) } : undefined)).fetchMock,
    );
    renderAt(<ContractsPage />, '/contratos', '/contratos');
    await screen.findAllByText('US$ 300,00', undefined, { timeout: 10_000 });
    const row = (id: number) => screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === String(id));
    for (const [id, del, deliveries] of [[1, 1, 0], [2, 0, 1], [3, 0, 1]] as const) {
      const r = row(id);
      if (!r) throw new Error(`row ${id}`);
      expect(within(r).queryAllByRole('button', { name: 'Eliminar' })).toHaveLength(del);
      expect(within(r).queryAllByRole('button', { name: 'Entregas' })).toHaveLength(deliveries);
      expect(within(r).getByRole('button', { name: 'Editar' })).toBeTruthy();
    }
  }, 60_000);
});

describe('contract deliveries (spec doc 3 "Contract deliveries screen")', () => {
  it('summary card: number, committed, delivered and pending = committed − delivered to 2 decimals', async () => {
    signIn({ flags: ON });
    const body = { ...contract(7, 'Entrega parcial', '40.000', '29.995'), movements: [{ contract_movement_id: 1, movement_id: 11, tons: '29.995', delivery_date: '2026-05-02', waybill: 'CP-1', company_name: 'Agro SA', season_name: '2025/26' }] };
    vi.stubGlobal('fetch', mockApi((url) => (url.pathname.endsWith('grains/contracts/movements') ? { body: envelope([body]) } : undefined)).fetchMock);
    renderAt(<ContractDeliveriesPage />, '/contrato/entregas/:contract_id', '/contrato/entregas/7');
    const card = await screen.findByTestId('contract-summary', undefined, { timeout: 10_000 });
    expect(card.textContent).toContain('C-7');
    expect(card.textContent).toContain('40,000');
    expect(card.textContent).toContain('29,995');
    expect(card.textContent).toContain('10,01');
    expect(screen.getByText('02/05/2026')).toBeTruthy();
    expect(screen.getByText('Agro SA - 2025/26')).toBeTruthy();
  }, 60_000);
});

describe('Aplicar toneladas a un contrato (spec doc 3 §5)', () => {
  it('asks for a movement and a contract, refuses tons above the available, and never offers a Cumplido contract', async () => {
    signIn({ flags: ON });
    const api = mockApi((url) => {
      const path = url.pathname.replace('/fm/v1/', '');
      if (path === 'grains/stocks') return { body: envelope([{ stock_id: 5, company_id: 1, season_id: 1, crop_id: 2, tons: 50, company_name: 'Agro SA', season_name: '2025/26', crop_name: 'Maíz', destination_name: 'Acopio Norte' }]) };
      if (path === 'grains/movements/stocks') return { body: envelope([{ movement_id: 11, crop_id: 2, load_date: '2026-04-10', waybill: 'CP-11', destination_tons: 30, applied_tons: 0, remaining_tons: 30, origin: 'Lote 1 | La Loma' }]) };
      if (path === 'grains/contracts') return { body: envelope([contract(1, 'Sin entregar'), contract(3, 'Cumplido', '40.000', '40.000')]) };
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderAt(<ApplyTonsPage />, '/entregas/:stock_id', '/entregas/5');
    await screen.findByText('CP-11', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await toastText()).toBe('No ha seleccionado ningún movimiento.\nNo ha seleccionado ningún contrato.');

    fireEvent.mouseDown(screen.getByLabelText('Contrato'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(1));
    expect(document.querySelector('.ant-select-item-option')?.textContent).toContain('(C-1)');
    fireEvent.click(document.querySelector('.ant-select-item-option') as Element);

    const row = screen.getAllByRole('row').find((r) => r.textContent?.includes('CP-11'));
    expect(row?.textContent).toContain('Lote 1 | La Loma');
    fireEvent.click(within(row as HTMLElement).getByRole('checkbox'));
    const tons = screen.getByLabelText('Toneladas del movimiento 11');
    fireEvent.change(tons, { target: { value: '30,5' } });
    fireEvent.blur(tons);
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(async () => expect(await toastText()).toContain('La cantidad de toneladas indicada es mayor a la cantidad de toneladas disponibles.'));
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);
  }, 60_000);
});
