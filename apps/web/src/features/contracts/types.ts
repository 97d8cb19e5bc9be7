import type { ContractStatus, GrainStockMovementRow, GrainStockRow } from '@fm/domain';

/** A row of GET grains/contracts (spec doc 3 §3 "Grain contract"). Numbers come as the numeric columns' text. */
export type Contract = {
  contract_id: number;
  company_id: number;
  season_id: number;
  crop_id: number;
  buyer_id: number;
  agreement_id: number | null;
  contract_number: string | null;
  tons: string;
  tons_delivered: string;
  pending: string;
  deadline: string | null;
  condition: string | null;
  exchange_rate: string | null;
  price: string;
  trade: boolean;
  observations: string | null;
  status: ContractStatus;
  season_name: string;
  company_name: string;
  crop_name: string;
  buyer_name: string;
  destination: string | null;
};

/** A delivery of GET grains/contracts/movements. */
export type Delivery = {
  contract_movement_id: number;
  movement_id: number | null;
  tons: string;
  delivery_date: string;
  waybill: string | null;
  company_name: string | null;
  season_name: string | null;
};

export type ContractWithDeliveries = Contract & { movements: Delivery[] };

export type ContractPayload = {
  company_id: number;
  crop_id: number;
  buyer_id: number;
  season_id: number;
  agreement_id: number | null;
  tons: string;
  price: string;
  exchange_rate: string | null;
  condition: string | null;
  deadline: string | null;
  contract_number: string | null;
  trade: boolean;
  observations: string | null;
};

/** A received movement of a stock with what it still holds (GET grains/movements/stocks?stock_id). */
export type StockMovement = GrainStockMovementRow;

/** The stock row the apply screen starts from (GET grains/stocks, filter stock.stock_id). */
export type { GrainStockRow };
