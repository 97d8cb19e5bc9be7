import type { RainEvents, RainInput, RainRow } from '@fm/domain';
import { api } from '../../api/client';

/** Rain calls (issue 12 §4): GET/POST/PUT/DELETE rains with ?rain_id=, GET rains/events. */
export const rainsApi = {
  rain: async (id: number): Promise<RainRow | undefined> => (await api.get<RainRow[]>('rains', { query: { rain_id: id } })).data[0],
  create: async (body: RainInput) => (await api.post<RainRow[]>('rains', body, { overlay: true })).message,
  update: async (id: number, body: RainInput) => (await api.put<RainRow[]>('rains', body, { query: { rain_id: id }, overlay: true })).message,
  remove: async (id: number) => (await api.del<unknown>('rains', { query: { rain_id: id } })).message,
  events: async (campaign: string, farmId?: number): Promise<RainEvents | undefined> =>
    (await api.get<RainEvents[]>('rains/events', { query: { campaign, farm_id: farmId } })).data[0],
};
