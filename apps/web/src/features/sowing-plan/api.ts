import type { FieldCrop, FieldCropInput, FieldCropUpdateBody, SeasonPlan, SeasonPlanBody } from '@fm/domain';
import { api, first, type Query } from '../../api/client';

/** Season plans and field crops (spec doc 2 §7 "Seasons and plans", doc 3 §7). */
export const seasonPlansApi = {
  list: async (query: Query = {}): Promise<SeasonPlan[]> => (await api.get<SeasonPlan[]>('seasons/plans', { query })).data,
  create: async (body: SeasonPlanBody) => {
    const res = await api.post<SeasonPlan[]>('seasons/plans', body);
    return { row: first(res), message: res.message };
  },
  remove: async (seasonPlanId: number) => (await api.del<unknown[]>('seasons/plans', { query: { season_plan_id: seasonPlanId } })).message,
};

export const fieldCropsApi = {
  /** Plots of a plan whose plot is not deleted (the spec's filters). */
  list: async (seasonPlanId: number): Promise<FieldCrop[]> =>
    (
      await api.get<FieldCrop[]>('fields/crops', {
        query: { filters: JSON.stringify({ AND: [{ field: 'season_plan_id', condition: 'is', value: seasonPlanId }, { field: 'field.deleted_at', condition: 'is', value: null }] }) },
      })
    ).data,
  /** Many plots at once, in one transaction. */
  createMany: async (rows: FieldCropInput[]) => {
    const res = await api.post<FieldCrop[]>('fields/crops', { field_crops: rows });
    return { rows: res.data, message: res.message };
  },
  update: async (fieldCropId: number, body: FieldCropUpdateBody) => {
    const res = await api.put<FieldCrop[]>('fields/crops', body, { query: { field_crop_id: fieldCropId } });
    return { row: first(res), message: res.message };
  },
  remove: async (fieldCropId: number) => (await api.del<unknown[]>('fields/crops', { query: { field_crop_id: fieldCropId } })).message,
};
