import { api, first, type Query } from '../../api/client';
import { downloadFile } from '../../api/download';
import type { LastPrices, WorkOrder, WorkOrderHistoryRow } from './types';

/** Body of POST / PUT work-orders (contract "Calls"): decimals as strings, dose with 5 decimals. */
export type WorkOrderPayload = {
  season_plan_id: number;
  contractor_id?: number | null;
  labor_id: number;
  price: string;
  exchange_rate: string;
  labor_start_date: string;
  labor_end_date: string;
  notes?: string | null;
  observations?: string[];
  status_id?: number;
  field_crops: { field_crop_id: number; hectares_to_apply: string; crop_id?: number | null; crop_sequence_id?: number | null; stage_id?: number | null }[];
  supplies: { supply_id: number; unit_id: number; dose_to_apply: string; price: string; fill_order?: number | null; stock_id?: number | null }[];
  adversities: { adversity_id: number }[];
};

export type StatusPayload = { status_id: number; labor_date?: string | null; observations?: string | null; confirm_stock?: boolean };

/** Work-order calls (spec doc 2 §7 "Work orders"). */
export const workOrdersApi = {
  one: async (id: number): Promise<WorkOrder> => first(await api.get<WorkOrder[]>('work-orders', { query: { work_order_id: id } })),
  create: async (body: WorkOrderPayload) => {
    const res = await api.post<{ work_order_id: number }[] | { work_order_id: number }>('work-orders', body, { overlay: true });
    const row = Array.isArray(res.data) ? res.data[0] : res.data;
    return { id: row?.work_order_id, message: res.message };
  },
  /** confirm_stock: an order that used stock uses it again with the new rows, only what there is (after the warning). */
  update: async (id: number, body: WorkOrderPayload, confirmStock = false) =>
    (await api.put<unknown>('work-orders', body, { query: { work_order_id: id, confirm_stock: confirmStock || undefined }, overlay: true })).message,
  disable: async (id: number) => (await api.del<unknown>('work-orders', { query: { work_order_id: id } })).message,
  restore: async (id: number, confirmStock = false) =>
    (await api.put<unknown>('work-orders', undefined, { query: { work_order_id: id, restore: true, confirm_stock: confirmStock || undefined } })).message,
  changeStatus: async (id: number, body: StatusPayload) => (await api.put<unknown>(`work-orders/${id}/status/${body.status_id}`, body, { overlay: true })).message,
  history: async (id: number, page: number, perPage: number) => {
    const res = await api.get<WorkOrderHistoryRow[]>('work-orders/history', { query: { work_order_id: id, pagination: true, page, per_page: perPage } });
    return { rows: res.data, total: res.total ?? res.data.length };
  },
  prices: async (query: { labor_id?: string; supply_id?: string }): Promise<LastPrices> => {
    const res = await api.get<LastPrices | LastPrices[]>('work-orders/prices', { query: query as Query });
    const data = Array.isArray(res.data) ? res.data[0] : res.data;
    return { labors: data?.labors ?? [], supplies: data?.supplies ?? [] };
  },
  /** GET work-orders/pdf, saved as OT_{id}.pdf (spec doc 2 §7). */
  pdf: (id: number) => downloadFile('work-orders/pdf', { work_order_id: id }, `OT_${id}.pdf`),
};
