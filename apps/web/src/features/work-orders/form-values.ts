import dayjs, { type Dayjs } from 'dayjs';
import type { WorkOrderPayload } from './api';
import type { WorkOrder } from './types';

/** One lot row while editing. */
export type LotValues = {
  field_crop_id?: number;
  hectares_to_apply?: number | null;
  crop_id?: number | null;
  crop_sequence_id?: number | null;
  stage_id?: number | null;
};

/** One supply row while editing (supply_label keeps the picker's text for a prefilled row). */
export type SupplyValues = {
  supply_id?: number;
  supply_label?: string;
  unit_id?: number | null;
  dose_to_apply?: number | null;
  price?: number | null;
  fill_order?: number | null;
  stock_id?: number | null;
};

export type FormValues = {
  season_plan_id?: number;
  field_crops: LotValues[];
  labor_id?: number;
  contractor_id?: number | null;
  price?: number | null;
  exchange_rate?: number | null;
  labor_start_date?: Dayjs | null;
  labor_end_date?: Dayjs | null;
  supplies: SupplyValues[];
  adversities: number[];
  notes?: string | null;
  observations: string[];
};

/** Spec doc 2 §9: start today, end today plus 3 days. */
export function emptyValues(exchangeRate: number | null, today: Dayjs = dayjs()): FormValues {
  return {
    field_crops: [{}],
    labor_start_date: today.startOf('day'),
    labor_end_date: today.startOf('day').add(3, 'day'),
    exchange_rate: exchangeRate,
    supplies: [{}],
    adversities: [],
    observations: [],
  };
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/** An existing order as form values (detail and duplicate). */
export function valuesFromOrder(o: WorkOrder): FormValues {
  return {
    season_plan_id: o.season_plan_id,
    field_crops: o.field_crops.map((f) => ({
      field_crop_id: f.field_crop_id,
      hectares_to_apply: num(f.hectares_to_apply),
      crop_id: f.crop_id,
      crop_sequence_id: f.crop_sequence_id,
      stage_id: f.stage_id,
    })),
    labor_id: o.labor_id,
    contractor_id: o.contractor_id,
    price: num(o.price),
    exchange_rate: num(o.exchange_rate),
    labor_start_date: o.labor_start_date ? dayjs(o.labor_start_date) : null,
    labor_end_date: o.labor_end_date ? dayjs(o.labor_end_date) : null,
    supplies: o.supplies.map((s) => ({
      supply_id: s.supply_id,
      supply_label: s.supply.name,
      unit_id: s.unit_id,
      dose_to_apply: num(s.dose_to_apply),
      price: num(s.price),
      fill_order: s.fill_order,
      stock_id: s.stock_id,
    })),
    adversities: (o.adversities ?? []).map((a) => a.adversity_id),
    notes: o.notes,
    observations: o.observations ?? [],
  };
}

/** A decimal string with `decimals` places, or '' when empty (the schema then answers the spec's message). */
function dec(v: number | null | undefined, decimals: number): string {
  return v === null || v === undefined || !Number.isFinite(v) ? '' : v.toFixed(decimals);
}

/** Spec doc 2 §5: only a supply row with an id is checked (and sent); every lot row is, an empty one too. */
const blankSupply = (r: SupplyValues) => !r.supply_id;

/**
 * Form values as the POST / PUT body: dose with 5 decimals, hectares and prices with 2 (spec doc 2 §9).
 * Every lot row goes (a blank one answers 'Lotes: ...'); a supply row without a supply is left out.
 */
export function toPayload(v: FormValues, statusId?: number): WorkOrderPayload {
  return {
    season_plan_id: v.season_plan_id ?? 0,
    contractor_id: v.contractor_id ?? null,
    labor_id: v.labor_id ?? 0,
    price: dec(v.price, 2),
    exchange_rate: dec(v.exchange_rate, 2),
    labor_start_date: v.labor_start_date ? v.labor_start_date.format('YYYY-MM-DD') : '',
    labor_end_date: v.labor_end_date ? v.labor_end_date.format('YYYY-MM-DD') : '',
    notes: v.notes?.trim() ? v.notes.trim() : null,
    observations: v.observations ?? [],
    ...(statusId === undefined ? {} : { status_id: statusId }),
    field_crops: (v.field_crops ?? [])
      .map((r = {}) => ({
        field_crop_id: r.field_crop_id ?? 0,
        hectares_to_apply: dec(r.hectares_to_apply, 2),
        crop_id: r.crop_id ?? null,
        crop_sequence_id: r.crop_sequence_id ?? null,
        stage_id: r.stage_id ?? null,
      })),
    supplies: (v.supplies ?? [])
      .filter((r) => r && !blankSupply(r))
      .map((r) => ({
        supply_id: r.supply_id ?? 0,
        unit_id: r.unit_id ?? 0,
        dose_to_apply: dec(r.dose_to_apply, 5),
        price: dec(r.price, 2),
        fill_order: r.fill_order ?? null,
        stock_id: r.stock_id ?? null,
      })),
    adversities: (v.adversities ?? []).map((adversity_id) => ({ adversity_id })),
  };
}
