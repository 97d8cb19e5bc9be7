import type { GrainMovementRow, GrainStockRow, GrainStockTransactionRow } from '@fm/domain';

/** API shapes of the grain screens (spec doc 3 §3, §7): the rows @fm/domain declares and the API is checked against. */
export type Movement = GrainMovementRow;
export type GrainStock = GrainStockRow;
export type StockTransaction = GrainStockTransactionRow;

/** Per-crop base humidity and shrink factor (merma por secado). */
export type HumidityStandard = { crop_id: number; base_humidity: string; drying_humidity: string; shrink_factor: string; handling_loss: string; source?: string };

export type MovementPayload = {
  season_id: number;
  company_id: number;
  farm_id: number | null;
  field_id: number | null;
  field_crop_id: number | null;
  crop_id: number;
  crop_sequence_id: number | null;
  destination_id: number;
  transport_id: number;
  carrier_id: number | null;
  partner_id: number | null;
  load_date: string;
  origin_tons: number;
  origin_humidity: number;
  waybill: string | null;
  grain_traceability_code: string | null;
  chassis_patent: string | null;
  trailer_patent: string | null;
  freight_price: number;
  freight_exchange_rate: number | null;
};

export type Reception = { movement_id: number; destination_tons: number; destination_humidity: number };
