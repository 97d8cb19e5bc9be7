/**
 * Shapes of the inventory API (issue 9 contract, spec doc 2 §3 "Warehouse", "Supply", "Stock", "Stock transaction").
 * Decimals travel as JSON numbers; the server computes them with big.js.
 */
export type Named = { name: string };
export type UnitRef = { unit_id: number; name: string };
export type WarehouseRef = { warehouse_id: number; name: string };
export type CompanyRef = { company_id: number; name: string };
export type SupplyRef = { supply_id: number; name: string };

/** Warehouses and supplies (GET warehouses / supplies) and the supply body, as @fm/domain inventory-catalogue defines them. */
export type { Warehouse, Supply, SupplyBody } from '@fm/domain';

/** Stock, transaction and lot rows as the API answers them (@fm/domain inventory). */
export type { StockRow as Stock, StockTransactionRow as StockTransaction, ExpiredLot, TransactionType as TransactionName } from '@fm/domain';

export type StockTotals = { value_ars: number; value_usd: number | null; value_usd_partial?: boolean };

/** One supply row of a stock entry (POST supplies/stocks `supplies`). */
export type EntryRow = {
  supply_id: number;
  unit_id: number;
  quantity: number;
  price: number;
  exchange_rate: number | null;
  expiration_date: string | null;
};

/** One row of a movement (POST supplies/stocks/transactions `stocks`): warehouse_id is the SOURCE. */
export type MoveRow = {
  stock_id?: number;
  company_id: number;
  warehouse_id: number;
  supply_id: number;
  unit_id: number;
  quantity: number;
  price?: number | null;
  exchange_rate?: number | null;
  expiration_date?: string | null;
};

/** What the invoice / delivery-note reader returns (nothing saved), as @fm/domain files defines it. */
export type { DocumentReading } from '@fm/domain';
