import { api, type Query } from '../../api/client';
import type { Contract, ContractPayload, ContractWithDeliveries, GrainStockRow, StockMovement } from './types';

const byField = (field: string, value: number | string): Query => ({ filters: JSON.stringify({ AND: [{ field, condition: 'is', value }] }) });

/** Contract and delivery calls (spec doc 3 §7 "Contracts"). */
export const contractsApi = {
  contract: async (id: number): Promise<Contract | undefined> => (await api.get<Contract[]>('grains/contracts', { query: byField('contract.contract_id', id) })).data[0],
  contracts: async (query: Query = {}): Promise<Contract[]> => (await api.get<Contract[]>('grains/contracts', { query })).data,
  create: async (body: ContractPayload) => (await api.post<Contract[]>('grains/contracts', body, { overlay: true })).message,
  update: async (id: number, body: ContractPayload) => (await api.put<Contract[]>('grains/contracts', body, { query: { contract_id: id }, overlay: true })).message,
  remove: async (id: number) => (await api.del<unknown>('grains/contracts', { query: { contract_id: id } })).message,

  deliveries: async (contractId: number): Promise<ContractWithDeliveries | undefined> =>
    (await api.get<ContractWithDeliveries[]>('grains/contracts/movements', { query: { contract_id: contractId } })).data[0],
  apply: async (contractId: number, movements: { movement_id: number; tons: string; delivery_date: string }[]) =>
    (await api.post<unknown>('grains/contracts/movements', { movements }, { query: { contract_id: contractId }, overlay: true })).message,
  removeDelivery: async (id: number) => (await api.del<unknown>('grains/contracts/movements', { query: { contract_movement_id: id } })).message,

  stock: async (stockId: number): Promise<GrainStockRow | undefined> => (await api.get<GrainStockRow[]>('grains/stocks', { query: byField('stock.stock_id', stockId) })).data[0],
  stockMovements: async (stockId: number): Promise<StockMovement[]> => (await api.get<StockMovement[]>('grains/movements/stocks', { query: { stock_id: stockId } })).data,
};
