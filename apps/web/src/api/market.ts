import { useQuery } from '@tanstack/react-query';
import type { ExchangeEntry } from '@fm/domain';
import { api } from './client';

/** The exchange rates (GET external-data/exchange): oficial, blue, mayorista, each with its date and origin. */
export async function fetchExchange(): Promise<ExchangeEntry[]> {
  const res = await api.get<ExchangeEntry[]>('external-data/exchange');
  return Array.isArray(res.data) ? res.data : [];
}

/** Venta of the first exchange entry (spec doc 2 §9, doc 3 §9 default exchange rate), or null when there is none. */
export function ventaOfFirst(rows: { venta?: number | string | null }[]): number | null {
  const venta = Number(rows[0]?.venta);
  return Number.isFinite(venta) && venta > 0 ? venta : null;
}

/** Default exchange rate of every form (work orders, stock entries, contracts); null while unknown. */
export function useExchangeVenta() {
  return useQuery({ queryKey: ['market', 'exchange'], queryFn: () => fetchExchange().then(ventaOfFirst).catch(() => null), staleTime: 300_000, retry: false });
}
