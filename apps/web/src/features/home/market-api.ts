import { useQuery } from '@tanstack/react-query';
import type { CropPriceEntry, ExchangeEntry } from '@fm/domain';
import { api } from '../../api/client';
import { fetchExchange } from '../../api/market';

/** Rosario crop prices (GET external-data/crop-price): [{nombre, puerto, importe|null, fecha, origen}]. */
export async function fetchCropPrices(): Promise<CropPriceEntry[]> {
  const res = await api.get<CropPriceEntry[]>('external-data/crop-price');
  return Array.isArray(res.data) ? res.data : [];
}

const market = { staleTime: 300_000, retry: false } as const;

/** Full exchange rows for the home tile (its own key: forms cache only the venta under ['market', 'exchange']). */
export function useExchangeRows() {
  return useQuery<ExchangeEntry[]>({ queryKey: ['market', 'exchange', 'rows'], queryFn: fetchExchange, ...market });
}

export function useCropPrices() {
  return useQuery<CropPriceEntry[]>({ queryKey: ['market', 'crop-price'], queryFn: fetchCropPrices, ...market });
}
