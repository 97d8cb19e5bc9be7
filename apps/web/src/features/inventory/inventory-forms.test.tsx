import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import { WarehouseFormModal } from './components/warehouse-form-modal';
import StockEntryPage from './pages/stock-entry-page';
import StockMovePage from './pages/stock-move-page';

const ON = flags(['home', 'stock_supplies', 'resources']);

/** One page under a memory router (the whole shell is slow to render in jsdom). */
function renderPage(element: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** A server with two warehouses, one company, no providers; POST warehouses answers the spec's message. */
function server() {
  return mockApi((url, init) => {
    const path = url.pathname.replace('/fm/v1/', '');
    if (path === 'warehouses' && init?.method === 'POST') return { status: 201, body: { ...envelope([{ warehouse_id: 5, name: 'Nuevo', workspaces: [] }]), status: 201, message: 'Deposito Creado Correctamente' } };
    if (path === 'warehouses')
      return {
        body: envelope(
          [
            { warehouse_id: 1, name: 'Galpón central', workspaces: [{ workspace_id: 3, name: 'La Esperanza' }], stock_count: 2 },
            { warehouse_id: 2, name: 'Depósito norte', workspaces: [], stock_count: 0 },
          ],
          { total: 2, page: 1, per_page: 5 },
        ),
      };
    if (path === 'companies') return { body: envelope([{ company_id: 4, name: 'Agro SA' }]) };
    if (path === 'providers' || path === 'units' || path === 'supplies') return { body: envelope([], { total: 0 }) };
    return undefined;
  });
}

describe('inventory forms (spec doc 2 §5)', () => {
  it('an empty stock entry shows the spec messages under the fields and in one warning, and sends nothing', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<StockEntryPage />, '/inventario/alta-stock');
    const save = await screen.findByRole('button', { name: 'Guardar' }, { timeout: 10_000 });
    fireEvent.click(save);
    await waitFor(() => expect(screen.getAllByText('Debe seleccionar un deposito').length).toBeGreaterThanOrEqual(1));
    // under the field (form item explain) and in the warning
    expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Debe seleccionar un deposito');
    expect(screen.getAllByText('Debe seleccionar una empresa').length).toBeGreaterThanOrEqual(1);
    expect(screen.getAllByText('falta completar Insumo, Cantidad, Precio').length).toBeGreaterThanOrEqual(1);
    const warning = await screen.findByText((_, el) => el?.classList.contains('ant-notification-notice-description') === true);
    expect(warning.textContent).toBe('Debe seleccionar un deposito\nDebe seleccionar una empresa\nfalta completar Insumo, Cantidad, Precio');
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);
  }, 150_000);

  it('a new warehouse needs a name; then it is shared into the current workspace', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<WarehouseFormModal open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('El nombre es requerido')).toBeInTheDocument();
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Nombre'), { target: { value: '  Galpón sur ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Deposito Creado Correctamente')).toBeInTheDocument();
    const post = api.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ name: 'Galpón sur', workspaces: [3] });
  }, 150_000);

  it('an empty movement shows the same two required messages', async () => {
    signIn({ flags: ON });
    vi.stubGlobal('fetch', server().fetchMock);
    renderPage(<StockMovePage />, '/inventario/movimiento-stock');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }, { timeout: 10_000 }));
    await waitFor(() => expect(screen.getAllByText('Debe seleccionar un deposito').length).toBeGreaterThanOrEqual(1));
    expect(screen.getAllByText('Debe seleccionar una empresa').length).toBeGreaterThanOrEqual(1);
  }, 150_000);
});
