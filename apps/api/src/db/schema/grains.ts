import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, boolean, numeric, date, timestamp, smallint, text, index, uniqueIndex, check, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit, id, softDelete } from './common';
import { workspaces } from './workspaces';
import { crops } from './reference';
import { companies, farms, fields } from './land';
import { buyers, carriers, contractors, destinations, transports } from './master-data';
import { fieldCrops, seasons } from './seasons';

/**
 * Grain commercialization (spec doc 3 §3 "Grain movement", "Grain stock", "Stock transaction", "Grain contract",
 * "Contract movement"; issue 11). Tons numeric(14,3) ("commercial weights are rounded to 3 decimals"), prices and
 * exchange rates numeric(14,2), humidity numeric(5,2). Grain stock tons and contract delivered tons are ledger
 * balances (ARCHITECTURE §6): changed only by the grains / contracts services after SELECT ... FOR UPDATE, together
 * with the grain_stock_transactions row that explains the change, in one database transaction.
 */
const tons = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'string' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'string' });
const humidity = (name: string) => numeric(name, { precision: 5, scale: 2, mode: 'string' });

/**
 * Balance rows: the tons of one crop of one company and season at one destination (Acopio, Silo, Silobolsa).
 * Created by a reception into a destination without stock, or by "Nuevo Stock" ('alta').
 */
export const grainStocks = pgTable(
  'grain_stocks',
  {
    stock_id: id('stock_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    company_id: integer('company_id').notNull().references(() => companies.company_id),
    season_id: integer('season_id').notNull().references(() => seasons.season_id),
    crop_id: integer('crop_id').notNull().references(() => crops.crop_id),
    destination_id: integer('destination_id').notNull().references(() => destinations.destination_id),
    tons: tons('tons').notNull().default('0'),
    /** New stock form: the contractor who bagged / stored it, the labor price (ARS/tn) and its exchange rate. */
    contractor_id: integer('contractor_id').references(() => contractors.contractor_id),
    labor_price: money('labor_price'),
    labor_exchange_rate: money('labor_exchange_rate'),
    observations: varchar('observations', { length: 500 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('grain_stocks_uq').on(t.workspace_id, t.company_id, t.season_id, t.crop_id, t.destination_id),
    index('grain_stocks_company_idx').on(t.company_id),
    index('grain_stocks_season_idx').on(t.season_id),
    index('grain_stocks_list_idx').on(t.workspace_id, t.stock_id.desc()),
    index('grain_stocks_destination_idx').on(t.destination_id),
    index('grain_stocks_contractor_idx').on(t.contractor_id),
    check('grain_stocks_tons_non_negative', sql`${t.tons} >= 0`),
  ],
);

/**
 * Movimientos de granos: a truck load from a season plot (field_crop) — or, when moved out of a Silo / Silobolsa
 * stock, from `origin_stock_id` — to a destination. 'En tránsito' until received: the reception records destination
 * tons and humidity, `received_at` and the stock (`stock_id`) the tons went into, and moves it to 'En destino'.
 */
export const grainMovements = pgTable(
  'grain_movements',
  {
    movement_id: id('movement_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    season_id: integer('season_id').notNull().references(() => seasons.season_id),
    company_id: integer('company_id').notNull().references(() => companies.company_id),
    /** Origin plot (null for a movement out of a stock). */
    farm_id: integer('farm_id').references(() => farms.farm_id),
    field_id: integer('field_id').references(() => fields.field_id),
    field_crop_id: integer('field_crop_id').references(() => fieldCrops.field_crop_id),
    crop_id: integer('crop_id').notNull().references(() => crops.crop_id),
    crop_sequence_id: smallint('crop_sequence_id'),
    destination_id: integer('destination_id').notNull().references(() => destinations.destination_id),
    transport_id: integer('transport_id').notNull().references(() => transports.transport_id),
    carrier_id: integer('carrier_id').references(() => carriers.carrier_id),
    /** The agreement partner (a company) the grain belongs to; required when the company is of type 2. */
    partner_id: integer('partner_id').references(() => companies.company_id),
    /** Set by "move stock": the Silo / Silobolsa stock the grain left. */
    origin_stock_id: integer('origin_stock_id').references((): AnyPgColumn => grainStocks.stock_id),
    load_date: date('load_date', { mode: 'string' }).notNull(),
    origin_tons: tons('origin_tons').notNull(),
    origin_humidity: humidity('origin_humidity').notNull(),
    destination_tons: tons('destination_tons'),
    destination_humidity: humidity('destination_humidity'),
    /** Carta de porte. */
    waybill: varchar('waybill', { length: 40 }),
    /** CTG (código de trazabilidad de granos), 11 digits. */
    grain_traceability_code: varchar('grain_traceability_code', { length: 11 }),
    chassis_patent: varchar('chassis_patent', { length: 10 }),
    trailer_patent: varchar('trailer_patent', { length: 10 }),
    /** US$/tn and the ARS per US$ rate. */
    freight_price: money('freight_price').notNull().default('0'),
    freight_exchange_rate: money('freight_exchange_rate'),
    /** 'En tránsito' | 'En destino' (GRAIN_MOVEMENT_STATUS in @fm/domain). */
    status: varchar('status', { length: 12 }).notNull().default('En tránsito'),
    received_at: timestamp('received_at', { withTimezone: true }),
    /** The grain stock the reception added the destination tons to. */
    stock_id: integer('stock_id').references((): AnyPgColumn => grainStocks.stock_id),
    ...softDelete,
    ...audit,
  },
  (t) => [
    // the list: status filter (En tránsito default / En destino) in id order
    index('grain_movements_status_idx').on(t.workspace_id, t.status, t.movement_id.desc()).where(sql`${t.deleted_at} is null`),
    index('grain_movements_list_idx').on(t.workspace_id, t.movement_id.desc()).where(sql`${t.deleted_at} is null`),
    index('grain_movements_stock_idx').on(t.stock_id, t.movement_id),
    index('grain_movements_origin_stock_idx').on(t.origin_stock_id),
    index('grain_movements_field_crop_idx').on(t.field_crop_id),
    index('grain_movements_season_idx').on(t.season_id, t.workspace_id, t.company_id, t.crop_id),
    index('grain_movements_company_idx').on(t.company_id),
    index('grain_movements_farm_idx').on(t.farm_id),
    index('grain_movements_field_idx').on(t.field_id),
    index('grain_movements_destination_idx').on(t.destination_id),
    index('grain_movements_transport_idx').on(t.transport_id),
    index('grain_movements_carrier_idx').on(t.carrier_id),
    index('grain_movements_partner_idx').on(t.partner_id),
    // a whole CTG searched (exactMovementFilters): equality, where its digit trigrams are common to most movements
    index('grain_movements_ctg_idx').on(t.grain_traceability_code).where(sql`${t.grain_traceability_code} is not null`),
    // the screen's search box (Carta de porte / CTG contains): without them a rare code walked every movement
    index('grain_movements_waybill_trgm_idx').using('gin', t.waybill.op('gin_trgm_ops')),
    index('grain_movements_ctg_trgm_idx').using('gin', t.grain_traceability_code.op('gin_trgm_ops')),
    // a code search of 5 letters or digits or more: its pieces are rare where its trigrams are in every code
    index('grain_movements_code_grams_idx').using('gin', codePieces(t.waybill, t.grain_traceability_code)),
    check('grain_movements_status_valid', sql`${t.status} in ('En tránsito', 'En destino')`),
    check('grain_movements_origin_tons_positive', sql`${t.origin_tons} > 0`),
    check('grain_movements_destination_tons_non_negative', sql`${t.destination_tons} is null or ${t.destination_tons} >= 0`),
    check('grain_movements_humidity_range', sql`${t.origin_humidity} between 0 and 100 and (${t.destination_humidity} is null or ${t.destination_humidity} between 0 and 100)`),
    check('grain_movements_freight_non_negative', sql`${t.freight_price} >= 0 and (${t.freight_exchange_rate} is null or ${t.freight_exchange_rate} > 0)`),
  ],
);

/** Both codes' 5-character pieces (migration 0018): the index's expression, and the search's (written alike, the planner matches it). */
export function codePieces(waybill: AnyPgColumn, ctg: AnyPgColumn) {
  return sql<string[]>`(movement_code_grams(${waybill}) || movement_code_grams(${ctg}))`;
}

/** Contratos de granos. `tons_delivered` is a ledger balance moved only with grain_contract_movements rows. */
export const grainContracts = pgTable(
  'grain_contracts',
  {
    contract_id: id('contract_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    company_id: integer('company_id').notNull().references(() => companies.company_id),
    season_id: integer('season_id').notNull().references(() => seasons.season_id),
    crop_id: integer('crop_id').notNull().references(() => crops.crop_id),
    buyer_id: integer('buyer_id').notNull().references(() => buyers.buyer_id),
    /** Optional agreement (a company of type 2 whose partners include company_id). */
    agreement_id: integer('agreement_id').references(() => companies.company_id),
    contract_number: varchar('contract_number', { length: 40 }),
    tons: tons('tons').notNull(),
    tons_delivered: tons('tons_delivered').notNull().default('0'),
    /** Fecha de entrega. */
    deadline: date('deadline', { mode: 'string' }),
    /** 'Forward' | 'Cont. c/Entrega' | null */
    condition: varchar('condition', { length: 20 }),
    exchange_rate: money('exchange_rate'),
    /** US$/tn. */
    price: money('price').notNull(),
    /** Canje (barter). */
    trade: boolean('trade').notNull().default(false),
    observations: varchar('observations', { length: 500 }),
    /** 'Sin entregar' | 'Entrega parcial' | 'Cumplido' (contractStatus in @fm/domain). */
    status: varchar('status', { length: 16 }).notNull().default('Sin entregar'),
    ...audit,
  },
  (t) => [
    index('grain_contracts_list_idx').on(t.workspace_id, t.contract_id.desc()),
    index('grain_contracts_crop_idx').on(t.workspace_id, t.crop_id, t.status),
    index('grain_contracts_company_idx').on(t.company_id),
    index('grain_contracts_buyer_idx').on(t.buyer_id),
    index('grain_contracts_season_idx').on(t.season_id),
    index('grain_contracts_agreement_idx').on(t.agreement_id),
    check('grain_contracts_tons_positive', sql`${t.tons} > 0`),
    check('grain_contracts_tons_delivered_non_negative', sql`${t.tons_delivered} >= 0`),
    check('grain_contracts_price_positive', sql`${t.price} > 0`),
    check('grain_contracts_status_valid', sql`${t.status} in ('Sin entregar', 'Entrega parcial', 'Cumplido')`),
  ],
);

/**
 * Entregas: tons of a received movement (and the stock it lies in) applied to a contract. Applying locks the contract,
 * the movement and the stock, and writes this row, a stock transaction 'entrega' (−tons) and the contract's
 * tons_delivered; deleting reverses the three.
 */
export const grainContractMovements = pgTable(
  'grain_contract_movements',
  {
    contract_movement_id: id('contract_movement_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    contract_id: integer('contract_id').notNull().references(() => grainContracts.contract_id),
    movement_id: integer('movement_id').notNull().references(() => grainMovements.movement_id),
    /** The stock the movement's tons lie in (its reception's), whose tons the delivery takes. */
    stock_id: integer('stock_id').references(() => grainStocks.stock_id),
    tons: tons('tons').notNull(),
    delivery_date: date('delivery_date', { mode: 'string' }).notNull(),
    ...audit,
  },
  (t) => [
    index('grain_contract_movements_contract_idx').on(t.contract_id, t.contract_movement_id),
    index('grain_contract_movements_movement_idx').on(t.movement_id),
    index('grain_contract_movements_stock_idx').on(t.stock_id),
    index('grain_contract_movements_workspace_idx').on(t.workspace_id, t.contract_movement_id.desc()),
    check('grain_contract_movements_tons_positive', sql`${t.tons} > 0`),
  ],
);

/**
 * Ledger of grain_stocks.tons: every change is one row with its signed delta. `kind`: 'alta' (new stock), 'recepcion'
 * (a movement received), 'salida' (moved out to a new movement, −tons), 'entrega' (applied to a contract, −tons),
 * 'reverso' (reverses `reverses_id`). Deleting a transaction applies the opposite delta to the locked stock.
 */
export const grainStockTransactions = pgTable(
  'grain_stock_transactions',
  {
    stock_transaction_id: id('stock_transaction_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    stock_id: integer('stock_id').notNull().references(() => grainStocks.stock_id),
    movement_id: integer('movement_id').references(() => grainMovements.movement_id),
    contract_movement_id: integer('contract_movement_id').references(() => grainContractMovements.contract_movement_id),
    reverses_id: integer('reverses_id').references((): AnyPgColumn => grainStockTransactions.stock_transaction_id),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Signed delta of the stock's tons. */
    tons: tons('tons').notNull(),
    humidity: humidity('humidity'),
    waybill: varchar('waybill', { length: 40 }),
    /** What the transactions screen shows as origin (plot "field | farm", a stock, "Alta"). */
    origin: varchar('origin', { length: 250 }),
    ...audit,
  },
  (t) => [
    index('grain_stock_transactions_stock_idx').on(t.stock_id, t.stock_transaction_id),
    index('grain_stock_transactions_workspace_idx').on(t.workspace_id, t.created_at),
    index('grain_stock_transactions_movement_idx').on(t.movement_id),
    index('grain_stock_transactions_contract_movement_idx').on(t.contract_movement_id),
    index('grain_stock_transactions_reverses_idx').on(t.reverses_id),
    check('grain_stock_transactions_kind_valid', sql`${t.kind} in ('alta', 'recepcion', 'salida', 'entrega', 'reverso')`),
  ],
);

/**
 * Merma por secado (reference data, no workspace): per crop, the reception tolerance (`base_humidity`), the humidity
 * the shrink is computed down to (`drying_humidity`), the shrink per humidity point (`shrink_factor` =
 * 100 / (100 − drying_humidity)) and the handling loss (merma por manipuleo, %). Seeded by db/seed/reference.ts;
 * editable in the database (the seed never overwrites a row). Rule: shrinkPercent in @fm/domain.
 */
export const grainHumidityStandards = pgTable('grain_humidity_standards', {
  crop_id: integer('crop_id')
    .primaryKey()
    .references(() => crops.crop_id),
  base_humidity: humidity('base_humidity').notNull(),
  drying_humidity: humidity('drying_humidity').notNull(),
  shrink_factor: numeric('shrink_factor', { precision: 6, scale: 3, mode: 'string' }).notNull(),
  handling_loss: humidity('handling_loss').notNull().default('0'),
  source: text('source').notNull(),
});
