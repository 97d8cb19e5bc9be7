import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { contractsApi } from './api';
import { CONTRACT_RESOURCE } from './texts';
import type { ContractPayload } from './types';

export const contractKeys = {
  all: () => listKeys.all(CONTRACT_RESOURCE),
  one: (ws: number | null, id: number) => [...listKeys.all(CONTRACT_RESOURCE), 'one', ws, id] as const,
  deliveries: (ws: number | null, id: number) => [...listKeys.all(CONTRACT_RESOURCE), 'deliveries', ws, id] as const,
  open: (ws: number | null, cropId: number | undefined) => [...listKeys.all(CONTRACT_RESOURCE), 'open', ws, cropId] as const,
  stock: (ws: number | null, id: number) => ['grains', 'contracts-stock', ws, id] as const,
  stockMovements: (ws: number | null, id: number) => ['grains', 'contracts-stock-movements', ws, id] as const,
};

const useWs = () => useSession()?.workspaceId ?? null;

export function useContract(id: number | undefined) {
  const ws = useWs();
  return useQuery({ queryKey: contractKeys.one(ws, id ?? 0), queryFn: async () => (await contractsApi.contract(id ?? 0)) ?? null, enabled: Boolean(id) });
}

export function useContractDeliveries(id: number) {
  const ws = useWs();
  return useQuery({ queryKey: contractKeys.deliveries(ws, id), queryFn: async () => (await contractsApi.deliveries(id)) ?? null });
}

/** Contracts that still take tons (not Cumplido) of one crop: the apply screen's choice. */
export function useOpenContracts(cropId: number | undefined) {
  const ws = useWs();
  return useQuery({
    queryKey: contractKeys.open(ws, cropId),
    queryFn: async () => {
      const filters = JSON.stringify({ AND: [{ field: 'contract.crop_id', condition: 'is', value: cropId }] });
      return (await contractsApi.contracts({ filters, order_by: 'contract_id', order: 'DESC' })).filter((c) => c.status !== 'Cumplido');
    },
    enabled: Boolean(cropId),
  });
}

export function useGrainStock(stockId: number) {
  const ws = useWs();
  return useQuery({ queryKey: contractKeys.stock(ws, stockId), queryFn: async () => (await contractsApi.stock(stockId)) ?? null });
}

export function useStockMovements(stockId: number) {
  const ws = useWs();
  return useQuery({ queryKey: contractKeys.stockMovements(ws, stockId), queryFn: () => contractsApi.stockMovements(stockId) });
}

/** Every contract mutation refreshes the contract lists, the deliveries and the grain stocks. */
export function useContractMutations() {
  const client = useQueryClient();
  const onSuccess = async () => {
    await client.invalidateQueries({ queryKey: contractKeys.all() });
    await client.invalidateQueries({ queryKey: ['grains'] });
    await client.invalidateQueries({ queryKey: listKeys.all('grains/stocks') });
  };
  return {
    save: useMutation({ mutationFn: ({ id, body }: { id?: number; body: ContractPayload }) => (id ? contractsApi.update(id, body) : contractsApi.create(body)), onSuccess }),
    remove: useMutation({ mutationFn: (id: number) => contractsApi.remove(id), onSuccess }),
    apply: useMutation({ mutationFn: ({ id, movements }: { id: number; movements: { movement_id: number; tons: string; delivery_date: string }[] }) => contractsApi.apply(id, movements), onSuccess }),
    removeDelivery: useMutation({ mutationFn: (id: number) => contractsApi.removeDelivery(id), onSuccess }),
  };
}
