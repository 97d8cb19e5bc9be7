import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Provider } from '@fm/domain';
import { api } from '../../api/client';
import { listKeys, useReferenceList } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { inventoryApi, type EntryPayload, type MovePayload } from './api';
import type { SupplyBody } from './types';

/** List resources of the inventory screens (DataTable keys them under listKeys.all(resource)). */
export const INV_RESOURCES = {
  warehouses: 'warehouses',
  supplies: 'supplies',
  stocks: 'supplies/stocks',
  transactions: 'supplies/stocks/transactions',
} as const;

export const invKeys = {
  all: () => ['inventory'] as const,
  warehouses: (ws: number | null) => ['inventory', 'warehouses', ws] as const,
  stock: (ws: number | null, id: number) => ['inventory', 'stock', ws, id] as const,
  stocks: (ws: number | null, query: object) => ['inventory', 'stocks', ws, query] as const,
  providers: (ws: number | null) => ['inventory', 'providers', ws] as const,
  expired: (ws: number | null) => ['inventory', 'expired', ws] as const,
};

function useWorkspaceId(): number | null {
  return useSession()?.workspaceId ?? null;
}

/** Every warehouse shared into the workspace (pickers). */
export function useWarehouses() {
  const ws = useWorkspaceId();
  return useQuery({ queryKey: invKeys.warehouses(ws), queryFn: () => inventoryApi.warehouses({ order_by: 'name', order: 'ASC' }) });
}

/** One stock row (Agregar / Mover / Transacciones of a row). */
export function useStock(stockId: number | undefined) {
  const ws = useWorkspaceId();
  return useQuery({ queryKey: invKeys.stock(ws, stockId ?? 0), queryFn: () => inventoryApi.stock(stockId ?? 0), enabled: Boolean(stockId) });
}

/** Stock rows with quantity of one company (movement source picker). */
export function useCompanyStocks(companyId: number | undefined) {
  const ws = useWorkspaceId();
  const query = {
    pagination: true,
    page: 1,
    per_page: 500,
    filters: JSON.stringify({ AND: [{ field: 'stock.company_id', condition: 'is', value: companyId }] }),
  };
  return useQuery({
    queryKey: invKeys.stocks(ws, { companyId }),
    queryFn: async () => (await inventoryApi.stocks(query)).filter((s) => Number(s.quantity) > 0),
    enabled: Boolean(companyId),
  });
}

export function useProviders() {
  const ws = useWorkspaceId();
  return useQuery({ queryKey: invKeys.providers(ws), queryFn: async (): Promise<Provider[]> => (await api.get<Provider[]>('providers', { query: { order_by: 'name' } })).data });
}

export function useUnits() {
  return useReferenceList<{ unit_id: number; name: string }>('units');
}

export function useBrands() {
  return useReferenceList<{ brand_id: number; name: string }>('supplies/brands');
}

export function useExpiredLots() {
  const ws = useWorkspaceId();
  return useQuery({ queryKey: invKeys.expired(ws), queryFn: () => inventoryApi.expired() });
}

/** Every inventory mutation refreshes every inventory list and query (stock, transactions and warehouses move together). */
export function useInventoryMutations() {
  const client = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: invKeys.all() }),
      ...Object.values(INV_RESOURCES).map((r) => client.invalidateQueries({ queryKey: listKeys.all(r) })),
    ]);
  };
  return {
    createWarehouse: useMutation({ mutationFn: inventoryApi.createWarehouse, onSuccess }),
    removeWarehouse: useMutation({ mutationFn: inventoryApi.removeWarehouse, onSuccess }),
    saveSupply: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: SupplyBody }) => (id === undefined ? inventoryApi.createSupply(body) : inventoryApi.updateSupply(id, body)),
      onSuccess,
    }),
    enterStock: useMutation({ mutationFn: (p: EntryPayload) => inventoryApi.enterStock(p), onSuccess }),
    moveStock: useMutation({ mutationFn: (p: MovePayload) => inventoryApi.moveStock(p), onSuccess }),
    adjustStock: useMutation({ mutationFn: inventoryApi.adjustStock, onSuccess }),
    removeStock: useMutation({ mutationFn: inventoryApi.removeStock, onSuccess }),
    removeTransaction: useMutation({ mutationFn: inventoryApi.removeTransaction, onSuccess }),
  };
}
