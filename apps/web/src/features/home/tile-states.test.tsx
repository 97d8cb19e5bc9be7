import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MarketTiles } from './components/market-tiles';
import { WeatherTile } from './components/weather-tile';
import { AccessCardsCarousel, PromotionsCarousel } from '../store/index';
import { CampaignBanners, NewsTile } from '../news/index';

afterEach(() => vi.unstubAllGlobals());

const failing = { status: 500, body: { success: false, status: 500, data: null, message: 'Error interno' } };

function Tiles() {
  return (
    <MemoryRouter>
      <MarketTiles />
      <WeatherTile />
      <PromotionsCarousel />
      <CampaignBanners />
      <NewsTile />
      <AccessCardsCarousel />
    </MemoryRouter>
  );
}

/** The min-height each tile's body keeps, by the tile's test id. */
function bodyHeights(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ['exchange-tile', 'crop-price-tile', 'weather-tile', 'promotions-carousel', 'news-tile', 'access-cards']) {
    const body = screen.getByTestId(id).querySelector<HTMLElement>('.ant-card-body > div');
    out[id] = body?.style.minHeight ?? '';
  }
  return out;
}

/** Every call held: the body heights of the loading tiles. */
async function heightsWhileLoading(): Promise<Record<string, string>> {
  signIn({ flags: flags(['home', 'news']) });
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
  const held = renderWithProviders(<Tiles />);
  await screen.findByTestId('campaign-banners-loading');
  const heights = bodyHeights();
  held.unmount();
  return heights;
}

describe('home tiles keep their loaded height in every state (issue 12 §1, CLS)', () => {
  it('while loading each tile shows a skeleton in the room of its content, and a banner outline', async () => {
    signIn({ flags: flags(['home', 'news']) });
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    renderWithProviders(<Tiles />);
    expect(await screen.findByTestId('campaign-banners-loading')).toBeInTheDocument();
    const loading = bodyHeights();
    for (const [id, h] of Object.entries(loading)) {
      expect(screen.getByTestId(id)).toHaveAttribute('aria-busy', 'true');
      expect(screen.getByTestId(id).querySelector('.ant-skeleton'), id).not.toBeNull();
      expect(parseInt(h, 10), id).toBeGreaterThan(60);
    }
  });

  it('a failing call leaves each tile at that height with its own warning, and no banner at all', async () => {
    const loading = await heightsWhileLoading();

    vi.stubGlobal('fetch', mockApi(() => failing).fetchMock);
    renderWithProviders(<Tiles />);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(6));
    expect(bodyHeights()).toEqual(loading);
    expect(screen.queryByTestId('campaign-banners-loading')).not.toBeInTheDocument();
    expect(screen.queryByTestId('campaign-banners')).not.toBeInTheDocument();
    for (const id of Object.keys(loading)) expect(screen.getByTestId(id)).toHaveAttribute('aria-busy', 'false');
  });

  it('empty answers show each tile empty state at the same height', async () => {
    const loading = await heightsWhileLoading();

    vi.stubGlobal('fetch', mockApi(() => ({ body: envelope([], { total: 0 }) })).fetchMock);
    renderWithProviders(<Tiles />);
    await waitFor(() => expect(screen.getByTestId('news-tile')).toHaveAttribute('aria-busy', 'false'));
    await waitFor(() => expect(document.querySelectorAll('.ant-empty')).toHaveLength(5));
    // Clima without a forecast says why, in the same room as its forecast (nothing below moves)
    expect(within(screen.getByTestId('weather-tile')).getByTestId('weather-no-forecast')).toBeInTheDocument();
    expect(bodyHeights()).toEqual(loading);
    expect(within(screen.getByTestId('news-tile')).getByText('Todavía no hay novedades')).toBeInTheDocument();
    expect(screen.queryByTestId('campaign-banners')).not.toBeInTheDocument();
  });
});
