import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Promotion } from '@fm/domain';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NO_PROMOTIONS_TEXT, PromotionsCarousel } from './promotions-carousel';
import { StorePage, filterPromotions } from './store-page';

const promo = (id: number, title: string, category: string, price_text: string): Promotion => ({
  id,
  title,
  description: `Descripción de ${title}`,
  price_text,
  brand_image: '/store/agro-sur.svg',
  product_id: 1000 + id,
  publication_id: 5000 + id,
  category,
  order_index: id,
});
const PROMOS = [promo(1, 'Glifosato x 20 L', 'Herbicidas', 'US$ 98.00'), promo(2, 'Urea granulada', 'Fertilizantes', 'US$ 0.00'), promo(3, 'Semilla de maíz', 'Semillas', 'US$ 210.00')];
const PHONES = PROMOS.map((p) => ({ product_id: p.product_id, publication_id: p.publication_id, phone: '5493415550101' }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function server(opts: { promotions?: Promotion[]; analyticsDown?: boolean; promotionsDown?: boolean } = {}) {
  return mockApi((url) => {
    if (url.pathname === '/fm/v1/store/promotions') return opts.promotionsDown ? { status: 502, body: { success: false, status: 502, data: null, message: 'Error' } } : { body: envelope(opts.promotions ?? PROMOS) };
    if (url.pathname === '/fm/v1/store/phones') return { body: envelope(PHONES) };
    if (url.pathname === '/fm/v1/analytics') return opts.analyticsDown ? { status: 500, body: { success: false, status: 500, data: null, message: 'Error' } } : { status: 201, body: envelope([{}]) };
    if (url.pathname === '/fm/v1/orders/new') return { status: 201, body: envelope([{ order_index: 77 }]) };
    if (url.pathname === '/fm/v1/order-products/new-order-product') return { status: 201, body: envelope([{ order_index: 77 }]) };
    return undefined;
  });
}

describe('supplies store (doc 3 "Supplies store and promotions")', () => {
  it('search is case and accent insensitive, and combines with the category', () => {
    expect(filterPromotions(PROMOS, 'MAIZ', 'Todas').map((p) => p.id)).toEqual([3]);
    expect(filterPromotions(PROMOS, 'urea', 'Herbicidas')).toEqual([]);
    expect(filterPromotions(PROMOS, '', 'Fertilizantes').map((p) => p.id)).toEqual([2]);
    // folded as every other search (decision 0039): accented vowels plain, ñ a letter of its own
    const extra = [...PROMOS, promo(4, 'Ñandubay fertilizante foliar', 'Fertilizantes', 'US$ 12.00')];
    expect(filterPromotions(extra, 'ñandubay FOLIAR', 'Todas').map((p) => p.id)).toEqual([4]);
    expect(filterPromotions(extra, 'nandubay', 'Todas')).toEqual([]);
  });

  it("Consultá at US$ 0.00; a failed analytics event is only logged and the seller's chat still opens with the order", async () => {
    signIn();
    const api = server({ analyticsDown: true });
    vi.stubGlobal('fetch', api.fetchMock);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(
      <MemoryRouter>
        <StorePage />
      </MemoryRouter>,
    );
    const urea = await screen.findByTestId('promotion-5002', {}, { timeout: 10_000 });
    expect(within(screen.getByTestId('promotion-5001')).getByRole('button', { name: /Consultar/ })).toBeInTheDocument();
    await waitFor(() => expect(within(urea).getByRole('button', { name: /Consultá/ })).toBeEnabled());
    fireEvent.click(within(urea).getByRole('button', { name: /Consultá/ }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const [link, target] = open.mock.calls[0];
    expect(target).toBe('_blank');
    expect(String(link)).toMatch(/^https:\/\/wa\.me\/5493415550101\?text=/);
    expect(decodeURIComponent(String(link))).toContain('Urea granulada (US$ 0.00)');
    expect(warn).toHaveBeenCalledWith('No se pudo registrar el evento de la consulta', expect.anything());
    const added = api.calls.find((c) => c.url.pathname === '/fm/v1/order-products/new-order-product');
    expect(JSON.parse(String(added?.init?.body))).toEqual({ order: { order_index: 77 }, product: { product_id: 1002, publication_id: 5002 }, quantity: 1 });
    const event = api.calls.find((c) => c.url.pathname === '/fm/v1/analytics');
    expect(JSON.parse(String(event?.init?.body))).toMatchObject({ event_origin: 'WEB_APP', event_payload: { product_id: 1002, publication_id: 5002 } });
  }, 30_000);

  it('home carousel: empty state, and an error that does not break the page', async () => {
    signIn();
    vi.stubGlobal('fetch', server({ promotions: [] }).fetchMock);
    const { unmount } = renderWithProviders(<PromotionsCarousel />);
    expect(await screen.findByText(NO_PROMOTIONS_TEXT, {}, { timeout: 10_000 })).toBeInTheDocument();
    unmount();
    vi.stubGlobal('fetch', server({ promotionsDown: true }).fetchMock);
    renderWithProviders(<PromotionsCarousel />);
    expect(await screen.findByText(/No pudimos obtener las promociones/, {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 30_000);
});
