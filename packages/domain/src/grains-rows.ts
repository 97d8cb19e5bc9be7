import type { GrainMovementStatus, GrainStockTransactionKind } from './grains';
import type { DestinationType } from './reference';

/**
 * The grain lists' rows as the API answers them (doc 3 §3, §7): names flat (`*_name`), tons, humidity and prices as
 * JSON numbers, dates as ISO text. The API checks its own rows against these (grains `rows-contract.test.ts`); the
 * web reads them.
 */

/** GET grains/movements: one movement. `company_name` is the partner's when the movement has one. */
export type GrainMovementRow = {
  movement_id: number;
  /** "Origen": the origin stock's destination, or "lote | establecimiento" ('' without either). */
  origin: string;
  origin_stock_id: number | null;
  season_plan_id: number | null;
  season_id: number;
  season_name: string;
  company_id: number;
  company_name: string;
  partner_id: number | null;
  partner_name: string | null;
  farm_id: number | null;
  farm_name: string | null;
  field_id: number | null;
  field_name: string | null;
  field_crop_id: number | null;
  crop_id: number;
  crop_name: string;
  crop_sequence_id: number | null;
  destination_id: number;
  destination_name: string;
  destination_type: DestinationType;
  transport_id: number;
  transport_name: string;
  carrier_id: number | null;
  carrier_name: string | null;
  load_date: string;
  origin_tons: number;
  origin_humidity: number;
  destination_tons: number | null;
  destination_humidity: number | null;
  waybill: string | null;
  grain_traceability_code: string | null;
  chassis_patent: string | null;
  trailer_patent: string | null;
  freight_price: number;
  freight_exchange_rate: number | null;
  status: GrainMovementStatus;
  received_at: string | null;
  stock_id: number | null;
  created_at: string;
};

/** GET grains/movements/stocks?stock_id: a movement received into the stock, with the tons contracts took from it. */
export type GrainStockMovementRow = GrainMovementRow & { applied_tons: number; remaining_tons: number };

/** GET grains/stocks: one stock, its names flat and nested (season, company, destination, product). */
export type GrainStockRow = {
  stock_id: number;
  season_id: number;
  season_name: string;
  company_id: number;
  company_name: string;
  destination_id: number;
  destination_name: string;
  destination_type: DestinationType;
  crop_id: number;
  crop_name: string;
  tons: number;
  contractor_id: number | null;
  contractor_name: string | null;
  labor_price: number | null;
  labor_exchange_rate: number | null;
  observations: string | null;
  created_at: string;
  season: { season_id: number; name: string };
  company: { company_id: number; name: string };
  destination: { destination_id: number; name: string; destination_type: DestinationType };
  product: { crop_id: number; name: string };
};

/** GET grains/stocks/transactions?stock_id: one ledger entry; `destination_tons` is signed. */
export type GrainStockTransactionRow = {
  stock_transaction_id: number;
  stock_id: number;
  movement_id: number | null;
  contract_movement_id: number | null;
  kind: GrainStockTransactionKind;
  kind_label: string;
  created_at: string;
  waybill: string | null;
  origin: string | null;
  /** The stock's destination. */
  destination: string;
  destination_tons: number;
  destination_humidity: number | null;
};
