import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SupplyPicker } from './supply-picker';

const supply = (id: number, name: string) => ({ supply_id: id, name, brand: null, generic: { name: 'glifosato' }, unit: { unit_id: 1, name: 'Litros' } });

function server(rows: ReturnType<typeof supply>[]) {
  return mockApi((url) => {
    if (url.pathname !== '/fm/v1/supplies') return undefined;
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    return { body: envelope(rows.slice((page - 1) * perPage, page * perPage), { total: rows.length, page, per_page: perPage }) };
  });
}

describe('SupplyPicker (spec doc 2 §2.8)', () => {
  it('asks 10 per page, offers a used supply disabled with the spec message, and ends with No hay más opciones', async () => {
    signIn();
    const api = server([supply(1, 'Glifosato 48'), supply(2, 'Atrazina 90')]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<SupplyPicker aria-label="Insumo" usedIds={[2]} />);
    fireEvent.mouseDown(screen.getByLabelText('Insumo'));
    expect(await screen.findByText('Este insumo ya esta siendo utilizado')).toBeInTheDocument();
    expect(await screen.findByText('No hay más opciones')).toBeInTheDocument();
    const options = document.querySelectorAll('.ant-select-item-option');
    expect(options).toHaveLength(2);
    expect(options[1]).toHaveClass('ant-select-item-option-disabled');
    expect(api.calls[0]?.url.searchParams.get('per_page')).toBe('10');
  });

  it('says No hay opciones when nothing matches', async () => {
    signIn();
    vi.stubGlobal('fetch', server([]).fetchMock);
    renderWithProviders(<SupplyPicker aria-label="Insumo" />);
    fireEvent.mouseDown(screen.getByLabelText('Insumo'));
    await waitFor(() => expect(screen.getByText('No hay opciones')).toBeInTheDocument());
  });
});
