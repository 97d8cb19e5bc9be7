import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import MovementsPage from './pages/movements-page';
import ReceptionsPage from './pages/receptions-page';
import GrainStocksPage from './pages/stocks-page';

const ON = flags(['home', 'grain_movements', 'grain_stocks', 'contracts', 'deliveries']);

function renderPage(element: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const movement = (id: number, status: string, extra: object = {}) => ({
  movement_id: id,
  status,
  origin: 'Lote 1 | La Esperanza',
  crop_id: 4,
  crop_name: 'Girasol',
  company_name: 'Agro SA',
  destination_name: 'Acopio Norte',
  load_date: '2026-03-05',
  origin_tons: 30,
  origin_humidity: 12,
  destination_tons: null,
  destination_humidity: null,
  waybill: `CP-${id}`,
  ...extra,
});

const stock = (id: number, type: string, tons: number) => ({
  stock_id: id,
  season_name: '2025/26',
  company_name: 'Agro SA',
  crop_name: 'Soja',
  destination_name: `${type} ${id}`,
  destination_type: type,
  tons,
});

/** A server with the grain lists; DELETE and POST answer the spec's texts. */
function server() {
  return mockApi((url, init) => {
    const path = url.pathname.replace('/fm/v1/', '');
    const method = init?.method ?? 'GET';
    if (path === 'grains/movements' && method === 'DELETE') return { body: { ...envelope([]), message: 'Eliminado' } };
    if (path === 'grains/movements/receptions') return { status: 201, body: { ...envelope([]), status: 201, message: '¡Se registró con éxito!' } };
    if (path === 'grains/movements') {
      const filters = url.searchParams.get('filters') ?? '';
      const rows = filters.includes('destino') ? [movement(2, 'En destino', { destination_tons: 29, destination_humidity: 11 })] : [movement(1, 'En tránsito'), movement(3, 'En tránsito', { waybill: 'CP-3' })];
      return { body: envelope(rows, { total: rows.length, page: 1, per_page: 5 }) };
    }
    if (path === 'grains/stocks') {
      const rows = [stock(1, 'Acopio', 120), stock(2, 'Silobolsa', 0), stock(3, 'Acopio', 0), stock(4, 'Silo', 40)];
      return { body: envelope(rows, { total: rows.length, page: 1, per_page: 5 }) };
    }
    if (path === 'grains/humidity-standards') return { body: envelope([{ crop_id: 4, base_humidity: '11.00', drying_humidity: '10.50', shrink_factor: '1.117', handling_loss: '0.25' }]) };
    if (['companies', 'destinations', 'crops'].includes(path)) return { body: envelope([]) };
    return undefined;
  });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('grain screens (spec doc 3)', () => {
  it('movements: edit and delete only in transit; delete asks the spec question and sends the id', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<MovementsPage />, '/granos/movimientos');
    await screen.findByText('CP-1', undefined, { timeout: 10_000 });
    for (const b of ['Recepcionar movimientos', 'Carga Masiva', 'Nuevo Movimiento']) expect(screen.getByRole('button', { name: new RegExp(b) })).toBeInTheDocument();
    expect(within(rowOf('CP-1')).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(within(rowOf('CP-1')).getByText('05/03/2026')).toBeInTheDocument();
    fireEvent.click(within(rowOf('CP-1')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('¿Querés eliminar el movimiento?').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls.some((c) => c.init?.method === 'DELETE' && c.url.searchParams.get('movement_id') === '1')).toBe(true));
    expect(await screen.findByText('Eliminado')).toBeInTheDocument();

    fireEvent.click(screen.getByText('En destino'));
    const received = await screen.findByText('CP-2');
    expect(within(received.closest('tr') as HTMLElement).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(received.closest('tr') as HTMLElement).queryByRole('button', { name: 'Eliminar' })).toBeNull();
  }, 150_000);

  it('stocks: deliveries for Acopio above 0, move for Silo/Silobolsa, delete only at 0 tn', async () => {
    signIn({ flags: ON });
    vi.stubGlobal('fetch', server().fetchMock);
    renderPage(<GrainStocksPage />, '/granos/stocks');
    await screen.findByText('Acopio 1 (Acopio)', undefined, { timeout: 10_000 });
    const names = (text: string) => within(rowOf(text)).queryAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names('Acopio 1 (Acopio)')).toEqual(['Transacciones', 'Entregas']);
    expect(names('Silobolsa 2 (Silobolsa)')).toEqual(['Transacciones', 'Mover stock', 'Eliminar']);
    expect(names('Acopio 3 (Acopio)')).toEqual(['Transacciones', 'Eliminar']);
    expect(names('Silo 4 (Silo)')).toEqual(['Transacciones', 'Mover stock']);
    expect(within(rowOf('Acopio 1 (Acopio)')).getByText('120,000')).toBeInTheDocument();
  }, 150_000);

  it('receptions: none selected is the spec message; the shrink follows the humidity and the body carries the edits', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<ReceptionsPage />, '/granos/movimiento/recepcion');
    await screen.findByText('CP-1', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Recepcionar' }));
    expect(await screen.findByText('Seleccione al menos un movimiento para recepcionar')).toBeInTheDocument();

    // girasol at 12 %: (12 − 10,5) × 1,117 + 0,25 = 1,93 %; 30 tn → 29,421 net
    await waitFor(() => expect(screen.getByTestId('merma-1').textContent).toBe('1,93 %'));
    expect(screen.getByTestId('netas-1').textContent).toBe('29,421');
    fireEvent.change(screen.getByLabelText('Humedad destino 1'), { target: { value: '11' } });
    await waitFor(() => expect(screen.getByTestId('merma-1').textContent).toBe('0,00 %'));
    fireEvent.click(within(rowOf('CP-1')).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Recepcionar' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname.endsWith('grains/movements/receptions'))).toBe(true));
    const post = api.calls.find((c) => c.url.pathname.endsWith('grains/movements/receptions'));
    expect(JSON.parse(String(post?.init?.body))).toEqual({ receptions: [{ movement_id: 1, destination_tons: 30, destination_humidity: 11 }] });
  }, 150_000);
});
