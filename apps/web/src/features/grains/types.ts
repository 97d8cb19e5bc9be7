/** API shapes of the grain screens (spec doc 3 §3, §7). Names come nested ({name}) or flat (*_name): both are read. */
type Named = { name: string } | null | undefined;

export type MovementStatus = 'En tránsito' | 'En destino';

export type Movement = {
  movement_id: number;
  status: MovementStatus;
  season_plan_id?: number | null;
  season_id: number;
  company_id: number;
  farm_id: number | null;
  field_id: number | null;
  field_crop_id: number | null;
  crop_id: number;
  crop_sequence_id: number | null;
  destination_id: number;
  transport_id: number | null;
  carrier_id: number | null;
  partner_id: number | null;
  origin_stock_id?: number | null;
  load_date: string;
  origin_tons: number | string;
  origin_humidity: number | string | null;
  destination_tons: number | string | null;
  destination_humidity: number | string | null;
  waybill: string | null;
  grain_traceability_code: string | null;
  chassis_patent: string | null;
  trailer_patent: string | null;
  freight_price: number | string | null;
  freight_exchange_rate: number | string | null;
  season?: Named;
  company?: Named;
  farm?: Named;
  field?: Named;
  crop?: Named;
  destination?: ({ name: string; destination_type?: string } | null);
  partner?: Named;
  transport?: Named;
  carrier?: Named;
  origin?: string | Named;
  season_name?: string;
  company_name?: string;
  farm_name?: string;
  field_name?: string;
  crop_name?: string;
  destination_name?: string;
  destination_type?: string;
  partner_name?: string | null;
  origin_name?: string | null;
  remaining_tons?: number | string;
};

export type GrainStock = {
  stock_id: number;
  company_id: number;
  season_id: number;
  crop_id: number;
  destination_id: number;
  tons: number | string;
  season?: Named;
  company?: Named;
  crop?: Named;
  destination?: ({ name: string; destination_type?: string } | null);
  season_name?: string;
  company_name?: string;
  crop_name?: string;
  destination_name?: string;
  destination_type?: string;
};

export type StockTransaction = {
  stock_transaction_id: number;
  stock_id: number;
  movement_id: number | null;
  kind?: string;
  tons?: number | string;
  created_at: string;
  waybill: string | null;
  origin: string | null;
  destination?: string | Named;
  destination_name?: string;
  /** The signed delta of the transaction. */
  destination_tons: number | string | null;
  destination_humidity: number | string | null;
};

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
