import { api, type Query } from '../../api/client';
import type { GrainStock, HumidityStandard, Movement, MovementPayload, Reception, StockTransaction } from './types';

const byId = (field: string, value: number): Query => ({ filters: JSON.stringify({ AND: [{ field, condition: 'is', value }] }) });

export type StockPayload = Record<string, unknown>;

/** Grain calls (spec doc 3 §7 "Grain movements", "Grain stocks"). */
export const grainsApi = {
  movement: async (id: number): Promise<Movement | undefined> => (await api.get<Movement[]>('grains/movements', { query: byId('movement.movement_id', id) })).data[0],
  movements: async (query: Query = {}): Promise<Movement[]> => (await api.get<Movement[]>('grains/movements', { query })).data,
  createMovements: async (movements: MovementPayload[]) => (await api.post<unknown>('grains/movements', { movements }, { overlay: true })).message,
  updateMovement: async (id: number, body: MovementPayload) => (await api.put<unknown>('grains/movements', body, { query: { movement_id: id }, overlay: true })).message,
  removeMovement: async (id: number) => (await api.del<unknown>('grains/movements', { query: { movement_id: id } })).message,
  receive: async (receptions: Reception[]) => (await api.post<unknown>('grains/movements/receptions', { receptions }, { overlay: true })).message,
  stockMovements: async (stockId: number): Promise<Movement[]> => (await api.get<Movement[]>('grains/movements/stocks', { query: { stock_id: stockId } })).data,

  stock: async (id: number): Promise<GrainStock | undefined> => (await api.get<GrainStock[]>('grains/stocks', { query: byId('stock.stock_id', id) })).data[0],
  stocks: async (query: Query = {}): Promise<GrainStock[]> => (await api.get<GrainStock[]>('grains/stocks', { query })).data,
  createStock: async (body: StockPayload) => (await api.post<unknown>('grains/stocks', body, { overlay: true })).message,
  removeStock: async (id: number) => (await api.del<unknown>('grains/stocks', { query: { stock_id: id } })).message,
  moveStock: async (stockId: number, body: StockPayload) => (await api.post<unknown>('grains/stocks/movement', body, { query: { stock_id: stockId }, overlay: true })).message,
  removeTransaction: async (id: number) => (await api.del<unknown>('grains/stocks/transactions', { query: { stock_transaction_id: id } })).message,

  humidityStandards: async (): Promise<HumidityStandard[]> => (await api.get<HumidityStandard[]>('grains/humidity-standards')).data,
};

export type { StockTransaction };
