import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listKeys, useReferenceList } from '../../api/use-list';
import { useSession } from '../../session/hooks';
import { INV_RESOURCES, invKeys } from '../inventory/queries';
import { inventoryApi } from '../inventory/api';
import { workOrdersApi, type StatusPayload, type WorkOrderPayload } from './api';

/** List resource of the orders table (DataTable keys its pages under listKeys.all of it). */
export const WO_RESOURCE = 'work-orders';

export const woKeys = {
  all: () => ['work-orders'] as const,
  one: (ws: number | null, id: number) => ['work-orders', 'one', ws, id] as const,
  history: (ws: number | null, id: number, page: number, perPage: number) => ['work-orders', 'history', ws, id, page, perPage] as const,
  supplyStocks: (ws: number | null, supplyId: number) => ['work-orders', 'supply-stocks', ws, supplyId] as const,
};

function useWs(): number | null {
  return useSession()?.workspaceId ?? null;
}

export function useWorkOrder(id: number | undefined) {
  const ws = useWs();
  return useQuery({ queryKey: woKeys.one(ws, id ?? 0), queryFn: () => workOrdersApi.one(id ?? 0), enabled: Boolean(id), retry: false });
}

export function useWorkOrderHistory(id: number, page: number, perPage: number, enabled = true) {
  const ws = useWs();
  return useQuery({
    queryKey: woKeys.history(ws, id, page, perPage),
    queryFn: () => workOrdersApi.history(id, page, perPage),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Stocks of one supply in the workspace (the row's Stock select: warehouse and quantity). */
export function useSupplyStocks(supplyId: number | undefined) {
  const ws = useWs();
  return useQuery({
    queryKey: woKeys.supplyStocks(ws, supplyId ?? 0),
    queryFn: () =>
      inventoryApi.stocks({
        pagination: true,
        page: 1,
        per_page: 100,
        filters: JSON.stringify({ AND: [{ field: 'stock.supply_id', condition: 'is', value: supplyId }] }),
      }),
    enabled: Boolean(supplyId),
  });
}

export type Labor = { labor_id: number; name: string };
export type Adversity = { adversity_id: number; name: string; adversity_type?: string | null };
export type Stage = { stage_id: number; name: string; crop_id: number };

export const useLabors = () => useReferenceList<Labor>('labors');
export const useAdversities = () => useReferenceList<Adversity>('adversities');
/** The statuses this workspace may set: the server leaves out 8 (Certificada) where it is not enabled. */
export const useStatuses = () => useReferenceList<{ status_id: number; name: string }>('statuses');
export const useStages = (cropId: number | null | undefined) => useReferenceList<Stage>('crops/stages', { crop_id: cropId ?? 0 }, { enabled: Boolean(cropId) });

/** Every work-order mutation refreshes the orders and, since a status change or a disable moves stock, inventory too. */
export function useWorkOrderMutations() {
  const client = useQueryClient();
  const onSuccess = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: woKeys.all() }),
      client.invalidateQueries({ queryKey: listKeys.all(WO_RESOURCE) }),
      client.invalidateQueries({ queryKey: invKeys.all() }),
      client.invalidateQueries({ queryKey: listKeys.all(INV_RESOURCES.stocks) }),
      client.invalidateQueries({ queryKey: listKeys.all(INV_RESOURCES.transactions) }),
    ]);
  };
  return {
    create: useMutation({ mutationFn: (body: WorkOrderPayload) => workOrdersApi.create(body), onSuccess }),
    update: useMutation({ mutationFn: ({ id, body, confirmStock }: { id: number; body: WorkOrderPayload; confirmStock?: boolean }) => workOrdersApi.update(id, body, confirmStock), onSuccess }),
    disable: useMutation({ mutationFn: (id: number) => workOrdersApi.disable(id), onSuccess }),
    restore: useMutation({ mutationFn: ({ id, confirmStock }: { id: number; confirmStock?: boolean }) => workOrdersApi.restore(id, confirmStock), onSuccess }),
    changeStatus: useMutation({ mutationFn: ({ id, body }: { id: number; body: StatusPayload }) => workOrdersApi.changeStatus(id, body), onSuccess }),
  };
}
