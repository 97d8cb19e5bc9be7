import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DataTable, tableScrollWidth, type DataColumn } from './data-table';
import { storageKey } from './table-state';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';

type Row = { plot_id: number; name: string; hectares: number };
const columns: DataColumn<Row>[] = [
  { title: 'Nombre', dataIndex: 'name', sortField: 'name' },
  { title: 'Hectáreas', dataIndex: 'hectares' },
];

function setup(rows: Row[] = [{ plot_id: 1, name: 'Lote Norte', hectares: 40 }], total = 1) {
  signIn();
  const api = mockApi((url) => (url.pathname === '/fm/v1/plots' ? { body: envelope(rows, { total, page: 1, per_page: 10 }) } : undefined));
  vi.stubGlobal('fetch', api.fetchMock);
  return api;
}

function renderTable() {
  return renderWithProviders(
    <DataTable<Row>
      stateKey="plots"
      resource="plots"
      columns={columns}
      rowKey={(r) => r.plot_id}
      searchFields={['name', 'farm.name']}
      filterFields={[
        { field: 'name', label: 'Nombre', type: 'string' },
        { field: 'hectares', label: 'Hectáreas', type: 'number' },
      ]}
      toolbar={<button type="button">Crear</button>}
    />,
  );
}

function lastFilters(calls: { url: URL }[]): unknown {
  const raw = calls.at(-1)?.url.searchParams.get('filters');
  return raw ? JSON.parse(raw) : undefined;
}

async function pickOption(label: string, option: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items[items.length - 1]);
}

describe('DataTable', () => {
  it('pages on the server with workspace params, and shows the rows and the toolbar slot', async () => {
    const api = setup();
    renderTable();
    expect(await screen.findByText('Lote Norte')).toBeInTheDocument();
    expect(screen.getByText('Crear')).toBeInTheDocument();
    const q = api.calls[0].url.searchParams;
    expect(Object.fromEntries(q)).toMatchObject({ pagination: 'true', page: '1', per_page: '10', workspace_id: '3', workspace: 'true' });
    expect(q.has('filters')).toBe(false);
  });

  it('shows Sin resultados when the list is empty', async () => {
    setup([], 0);
    renderTable();
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();
  });

  it('while a page loads shows the spinner alone, never a faded Sin resultados', async () => {
    signIn();
    const pending: ((res: Response) => void)[] = [];
    const answer = (rows: Row[]) => new Response(JSON.stringify(envelope(rows, { total: rows.length, page: 1, per_page: 10 })), { status: 200 });
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => pending.push(resolve)));
    const { container } = renderTable();
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(screen.queryByText('Sin resultados')).toBeNull();
    act(() => pending[0](answer([])));
    expect(await screen.findByText('Sin resultados')).toBeInTheDocument();

    // a new search keeps the empty page on screen while it loads: still no Sin resultados under the spinner
    const box = screen.getByLabelText('Buscar');
    fireEvent.change(box, { target: { value: 'norte' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(screen.queryByText('Sin resultados')).toBeNull();
    act(() => pending[1](answer([{ plot_id: 1, name: 'Lote Norte', hectares: 40 }])));
    expect(await screen.findByText('Lote Norte')).toBeInTheDocument();
  });

  it('sort tooltips speak Spanish', async () => {
    setup();
    const { container } = renderTable();
    await screen.findByText('Lote Norte');
    const sorter = container.querySelector('thead .ant-table-column-sorters');
    if (!sorter) throw new Error('sin ordenamiento');
    fireEvent.mouseEnter(sorter);
    expect(await screen.findByText('Ordenar ascendente')).toBeInTheDocument();
  });

  it('fits its columns to the screen: the scroll width is the sum of their least widths', () => {
    const cols: DataColumn<Row>[] = [{ title: 'A', width: 120 }, { title: 'B', minWidth: 200 }, { title: 'C' }];
    expect(tableScrollWidth(cols)).toBe(120 + 200 + 50);
    expect(tableScrollWidth(cols, true)).toBe(120 + 200 + 50 + 32);
  });

  it('bounds an ellipsis or cutLongWords column to its least width, the full text on hover', async () => {
    const observation = 'Lluvia intensa con granizo fino al final de la tarde, revisar el pluviómetro del lote norte';
    setup([{ plot_id: 1, name: observation, hectares: 40 }]);
    const clipped: DataColumn<Row>[] = [
      { title: 'Observaciones', dataIndex: 'name', minWidth: 180, ellipsis: true },
      { title: 'Insumo', key: 'supply', width: 160, cutLongWords: true, render: () => 'Aceite Glifosato-potásico-concentrado' },
    ];
    renderWithProviders(<DataTable<Row> stateKey="clipped" resource="plots" columns={clipped} rowKey={(r) => r.plot_id} />);

    const line = await screen.findByText(observation);
    expect(line).toHaveAttribute('title', observation);
    expect(line).toHaveStyle({ minWidth: '180px' });
    expect(line.closest('td')).not.toHaveClass('ant-table-cell-ellipsis');

    // each word its own box, so the line still breaks between words and only the long one is cut
    const word = screen.getByText('Glifosato-potásico-concentrado');
    expect(screen.getByText('Aceite')).not.toBe(word);
    expect(word.parentElement).toHaveStyle({ minWidth: '160px' });
    expect(word.parentElement).toHaveAttribute('title', 'Aceite Glifosato-potásico-concentrado');
  });

  it('sends the search as an OR of contains conditions', async () => {
    const api = setup();
    renderTable();
    await screen.findByText('Lote Norte');
    const box = screen.getByLabelText('Buscar');
    fireEvent.change(box, { target: { value: 'norte' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lastFilters(api.calls)).toEqual({
        OR: [
          { field: 'name', condition: 'contains', value: 'norte' },
          { field: 'farm.name', condition: 'contains', value: 'norte' },
        ],
      }),
    );
  });

  it('builds AND conditions in the FilterBuilder; empty rows do not apply', async () => {
    const api = setup();
    renderTable();
    await screen.findByText('Lote Norte');
    fireEvent.click(screen.getByText('Filtros'));
    await pickOption('Campo', 'Hectáreas');
    await pickOption('Condición', 'Mayor a');
    fireEvent.change(screen.getByLabelText('Valor'), { target: { value: '25' } });
    fireEvent.click(screen.getByText('Agregar condición'));
    fireEvent.click(screen.getByText('Aplicar'));
    await waitFor(() => expect(lastFilters(api.calls)).toEqual({ AND: [{ field: 'hectares', condition: 'gt', value: 25 }] }));
    expect(api.calls.at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('offers Contiene / Es igual for text fields', async () => {
    setup();
    renderTable();
    await screen.findByText('Lote Norte');
    fireEvent.click(screen.getByText('Filtros'));
    await pickOption('Campo', 'Nombre');
    fireEvent.mouseDown(screen.getByLabelText('Condición'));
    expect((await screen.findAllByTitle('Es igual')).length).toBeGreaterThan(0);
    expect(screen.getAllByTitle('Contiene').length).toBeGreaterThan(0);
    expect(screen.queryByTitle('Mayor a')).toBeNull();
  });

  it('saves its state per screen and restores it, the page after 500 ms', async () => {
    sessionStorage.setItem(
      storageKey('plots'),
      JSON.stringify({ page: 3, per_page: 15, search: 'sur', filters: [], selection: [], sort: { field: 'name', order: 'DESC' } }),
    );
    const api = setup([{ plot_id: 1, name: 'Lote Sur', hectares: 10 }], 60);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderTable();
      await screen.findByText('Lote Sur');
      const first = api.calls[0].url.searchParams;
      expect(first.get('page')).toBe('1');
      expect(first.get('per_page')).toBe('15');
      expect(first.get('order_by')).toBe('name');
      expect(first.get('order')).toBe('DESC');
      expect(screen.getByLabelText('Buscar')).toHaveValue('sur');
      await act(async () => {
        vi.advanceTimersByTime(500);
      });
      await waitFor(() => expect(api.calls.at(-1)?.url.searchParams.get('page')).toBe('3'));
      const saved = JSON.parse(sessionStorage.getItem(storageKey('plots')) ?? '{}');
      expect(saved).toMatchObject({ page: 3, per_page: 15, search: 'sur' });
    } finally {
      vi.useRealTimers();
    }
  });
});
