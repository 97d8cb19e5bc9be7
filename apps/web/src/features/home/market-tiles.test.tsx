import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MarketTiles, SEED_EXCHANGE_TEXT } from './components/market-tiles';

const at = '2026-11-20T18:00:00.000Z';
const exchange = [
  { nombre: 'Oficial', casa: 'oficial', compra: 1415, venta: 1465, fechaActualizacion: at, origen: 'seed' },
  { nombre: 'Blue', casa: 'blue', compra: 1430, venta: 1450, fechaActualizacion: at, origen: 'seed' },
  { nombre: 'Mayorista', casa: 'mayorista', compra: 1418.5, venta: 1427.5, fechaActualizacion: at, origen: 'seed' },
];
const crops = [
  { nombre: 'Girasol', puerto: 'RS', importe: 520000, fecha: at, origen: 'live' },
  { nombre: 'Maiz', puerto: 'RS', importe: 258000, fecha: at, origen: 'live' },
  { nombre: 'Sorgo', puerto: 'RS', importe: null, fecha: at, origen: 'live' },
  { nombre: 'Soja', puerto: 'RS', importe: 445000, fecha: at, origen: 'live' },
];

afterEach(() => vi.unstubAllGlobals());

function server(opts: { exchangeDown?: boolean; cropsEmpty?: boolean } = {}) {
  return mockApi((url) => {
    if (url.pathname === '/fm/v1/external-data/exchange') {
      return opts.exchangeDown ? { status: 502, body: { success: false, status: 502, data: null, message: 'Error' } } : { body: envelope(exchange) };
    }
    if (url.pathname === '/fm/v1/external-data/crop-price') return { body: envelope(opts.cropsEmpty ? [] : crops) };
    return undefined;
  });
}

describe('home market tiles (doc 1 §2.7, doc 3 §9)', () => {
  it('shows Oficial, Blue and Exportación in ARS with the update time, the example-data notice and Rosario prices', async () => {
    signIn();
    vi.stubGlobal('fetch', server().fetchMock);
    renderWithProviders(<MarketTiles />);
    const ex = await screen.findByTestId('exchange-mayorista', {}, { timeout: 10_000 });
    expect(within(ex).getByText('Exportación')).toBeInTheDocument();
    expect(within(ex).getByText('$ 1.418,50')).toBeInTheDocument();
    expect(within(screen.getByTestId('exchange-oficial')).getByText('$ 1.465,00')).toBeInTheDocument();
    expect(within(screen.getByTestId('exchange-blue')).getByText('Blue')).toBeInTheDocument();
    expect(screen.getByText('Actualizado 20/11/2026 15:00')).toBeInTheDocument();
    expect(screen.getByText(SEED_EXCHANGE_TEXT)).toBeInTheDocument();

    const tile = await screen.findByTestId('crop-price-tile');
    expect(within(screen.getByTestId('crop-Maíz')).getByText('$ 258.000,00 /tn')).toBeInTheDocument();
    expect(within(screen.getByTestId('crop-Sorgo')).getByText('sin cotización')).toBeInTheDocument();
    // a crop the source does not list is shown without a quote, never dropped
    expect(within(screen.getByTestId('crop-Trigo')).getByText('sin cotización')).toBeInTheDocument();
    expect(within(tile).getByText('Fecha 20/11/2026')).toBeInTheDocument();
    expect(within(tile).queryByText(/Datos de ejemplo/)).toBeNull();
  }, 30_000);

  it('a failing exchange source shows its own error while crop prices still render; an empty source shows the empty state', async () => {
    signIn();
    vi.stubGlobal('fetch', server({ exchangeDown: true, cropsEmpty: true }).fetchMock);
    renderWithProviders(<MarketTiles />);
    expect(await within(screen.getByTestId('exchange-tile')).findByText(/No pudimos obtener los datos/, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await within(screen.getByTestId('crop-price-tile')).findByText('Sin datos por ahora')).toBeInTheDocument();
  }, 30_000);
});
