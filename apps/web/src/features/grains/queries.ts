import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GRAIN_HUMIDITY_STANDARDS, type Carrier, type Destination, type Transport } from '@fm/domain';
import { api } from '../../api/client';
import { listKeys } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { grainsApi, type StockPayload } from './api';
import type { HumidityStandard, MovementPayload, Reception } from './types';

/** List resources of the grain screens (DataTable keys them under listKeys.all(resource)). */
export const GRAIN_RESOURCES = {
  movements: 'grains/movements',
  stocks: 'grains/stocks',
  transactions: 'grains/stocks/transactions',
  movementStocks: 'grains/movements/stocks',
} as const;

const grainKeys = {
  all: () => ['grains'] as const,
  movement: (ws: number | null, id: number) => ['grains', 'movement', ws, id] as const,
  inTransit: (ws: number | null) => ['grains', 'in-transit', ws] as const,
  stock: (ws: number | null, id: number) => ['grains', 'stock', ws, id] as const,
  humidity: () => ['grains', 'humidity-standards'] as const,
};

const useWs = () => useSession()?.workspaceId ?? null;
const unpaged = { order_by: 'name', order: 'ASC' } as const;

export function useMovement(id: number | undefined) {
  const ws = useWs();
  return useQuery({ queryKey: grainKeys.movement(ws, id ?? 0), queryFn: () => grainsApi.movement(id ?? 0), enabled: Boolean(id) });
}

/** Every in-transit movement (receptions screen). */
export function useInTransit() {
  const ws = useWs();
  const filters = JSON.stringify({ AND: [{ field: 'movement.status', condition: 'contains', value: 'tránsito' }] });
  return useQuery({ queryKey: grainKeys.inTransit(ws), queryFn: () => grainsApi.movements({ filters, order_by: 'movement_id', order: 'DESC' }) });
}

export function useGrainStock(id: number | undefined) {
  const ws = useWs();
  return useQuery({ queryKey: grainKeys.stock(ws, id ?? 0), queryFn: () => grainsApi.stock(id ?? 0), enabled: Boolean(id) });
}

/** The per-crop humidity standards the server holds; the seeded values of @fm/domain while it does not answer. */
/** Every grain stock of the workspace (transactions' stock picker). */
export function useGrainStocks(enabled = true) {
  const ws = useWs();
  return useQuery({ queryKey: ['grains', 'stocks', ws], queryFn: () => grainsApi.stocks({ order_by: 'stock_id', order: 'DESC' }), enabled });
}

export function useHumidityStandards() {
  return useQuery({
    queryKey: grainKeys.humidity(),
    queryFn: async (): Promise<HumidityStandard[]> => {
      const rows = await grainsApi.humidityStandards().catch(() => []);
      return rows.length > 0 ? rows : GRAIN_HUMIDITY_STANDARDS;
    },
    staleTime: 3_600_000,
    retry: false,
  });
}

/** Active destinations of the workspace with their type (Acopio, Silo, Silobolsa). */
export function useDestinations() {
  const ws = useWs();
  return useQuery({
    queryKey: [...listKeys.all('destinations'), 'grains', ws],
    queryFn: async () => (await api.get<Destination[]>('destinations', { query: unpaged })).data.filter((d) => d.active !== false),
  });
}

export function useTransports() {
  const ws = useWs();
  return useQuery({
    queryKey: [...listKeys.all('transports'), 'grains', ws],
    queryFn: async () => (await api.get<Transport[]>('transports', { query: unpaged })).data.filter((t) => t.active !== false),
  });
}

/** Carriers (drivers) of one transport, with their plates. */
export function useCarriers(transportId: number | null | undefined) {
  const ws = useWs();
  return useQuery({
    queryKey: [...listKeys.all('carriers'), 'grains', ws, transportId],
    queryFn: async () => (await api.get<Carrier[]>('carriers', { query: { ...unpaged, transport_id: transportId ?? 0 } })).data.filter((c) => c.transport_id === transportId && c.active !== false),
    enabled: Boolean(transportId),
  });
}

/** Every grain mutation refreshes every grain list (movements, stocks and transactions move together). */
export function useGrainMutations() {
  const client = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: grainKeys.all() }),
      ...Object.values(GRAIN_RESOURCES).map((r) => client.invalidateQueries({ queryKey: listKeys.all(r) })),
      client.invalidateQueries({ queryKey: listKeys.all('destinations') }),
    ]);
  };
  return {
    createMovements: useMutation({ mutationFn: (rows: MovementPayload[]) => grainsApi.createMovements(rows), onSuccess }),
    updateMovement: useMutation({ mutationFn: ({ id, body }: { id: number; body: MovementPayload }) => grainsApi.updateMovement(id, body), onSuccess }),
    removeMovement: useMutation({ mutationFn: grainsApi.removeMovement, onSuccess }),
    receive: useMutation({ mutationFn: (rows: Reception[]) => grainsApi.receive(rows), onSuccess }),
    createStock: useMutation({ mutationFn: (body: StockPayload) => grainsApi.createStock(body), onSuccess }),
    removeStock: useMutation({ mutationFn: grainsApi.removeStock, onSuccess }),
    moveStock: useMutation({ mutationFn: ({ stockId, body }: { stockId: number; body: StockPayload }) => grainsApi.moveStock(stockId, body), onSuccess }),
    removeTransaction: useMutation({ mutationFn: grainsApi.removeTransaction, onSuccess }),
  };
}
