import { useQuery } from '@tanstack/react-query';
import { consultText, whatsappLink, type Promotion, type SellerPhone } from '@fm/domain';
import { api } from '../../api/client';

/** Promotions cache lasts 600 seconds (spec doc 3 §9). */
const cached = { staleTime: 600_000, retry: false } as const;

/** GET store/promotions (public): the promoted supplies in the operator's order. */
export function usePromotions() {
  return useQuery<Promotion[]>({
    queryKey: ['store', 'promotions'],
    queryFn: async () => (await api.get<Promotion[]>('store/promotions', { workspace: false })).data ?? [],
    ...cached,
  });
}

/** GET store/phones (public): the seller's phone of each publication. */
export function usePhones() {
  return useQuery<SellerPhone[]>({
    queryKey: ['store', 'phones'],
    queryFn: async () => (await api.get<SellerPhone[]>('store/phones', { workspace: false })).data ?? [],
    ...cached,
  });
}

/** The wa.me conversation of a promotion, or null when its seller has no phone in the list. */
export function consultLink(p: Promotion, phones: SellerPhone[] | undefined): string | null {
  const phone = phones?.find((x) => x.publication_id === p.publication_id)?.phone;
  return phone ? whatsappLink(phone, consultText(p)) : null;
}

/** Waits for `work` at most `ms` (the new tab must open while the click still counts as the user's). */
const atMost = (work: Promise<unknown>, ms: number) => Promise.race([work, new Promise((r) => setTimeout(r, ms))]);

/**
 * Consultar: posts the analytics event (event_origin WEB_APP, product_id and publication_id) and opens an order with
 * the product (orders/new + order-products/new-order-product), then opens the seller's conversation in a new tab.
 * A failed call is only logged (spec doc 1 §7).
 */
export async function consultPromotion(p: Promotion, link: string, origin: 'store' | 'home'): Promise<void> {
  const product = { product_id: p.product_id, publication_id: p.publication_id };
  const event = api
    .post('analytics', { event_name: 'store_consult', event_origin: 'WEB_APP', event_category: origin === 'home' ? 'home_promotions' : 'store', event_payload: product })
    .catch((err: unknown) => console.warn('No se pudo registrar el evento de la consulta', err));
  const order = (async () => {
    const res = await api.post<{ order_index: number }[]>('orders/new');
    const order_index = res.data[0]?.order_index;
    if (order_index) await api.post('order-products/new-order-product', { order: { order_index }, product, quantity: 1 });
  })().catch((err: unknown) => console.warn('No se pudo registrar el pedido de la consulta', err));
  await atMost(Promise.all([event, order]), 2500);
  window.open(link, '_blank', 'noopener,noreferrer');
}
