import type { Season, SeasonBody, SeasonUpdateBody } from '@fm/domain';
import { api, first } from '../../api/client';

/** Seasons of the workspace (spec doc 2 §7 "Seasons and plans"). */
export const seasonsApi = {
  list: async (query: Record<string, string | number | boolean> = {}): Promise<Season[]> => (await api.get<Season[]>('seasons', { query })).data,
  create: async (body: SeasonBody) => {
    const res = await api.post<Season[]>('seasons', body);
    return { row: first(res), message: res.message };
  },
  update: async (seasonId: number, body: SeasonUpdateBody) => {
    const res = await api.put<Season[]>('seasons', body, { query: { season_id: seasonId } });
    return { row: first(res), message: res.message };
  },
  remove: async (seasonId: number) => (await api.del<unknown[]>('seasons', { query: { season_id: seasonId } })).message,
};
