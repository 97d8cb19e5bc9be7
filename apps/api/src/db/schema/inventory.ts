import { pgTable, integer, varchar, boolean, numeric, date, timestamp, smallint, bigint, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { audit, foldedTrigramIndex, id, timestamps } from './common';
import { users } from './users';
import { workspaces } from './workspaces';
import { brands, crops, units } from './reference';
import { companies } from './land';
import { providers } from './master-data';

/**
 * Files kept by the FileStore (local directory or S3-compatible bucket): invoices, delivery notes,
 * technical sheets. Served only to members of `workspace_id` (null = public catalogue document).
 */
export const files = pgTable(
  'files',
  {
    file_id: id('file_id'),
    workspace_id: integer('workspace_id').references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    /** Generated storage key; never derived from the uploaded name. */
    storage_key: varchar('storage_key', { length: 200 }).notNull().unique(),
    content_type: varchar('content_type', { length: 100 }).notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    original_name: varchar('original_name', { length: 255 }).notNull(),
    created_by: integer('created_by').references(() => users.user_id),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('files_workspace_idx').on(t.workspace_id)],
);

/** Depósitos: account resources shared into workspaces through workspace_entities ('warehouses'). */
export const warehouses = pgTable(
  'warehouses',
  {
    warehouse_id: id('warehouse_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id),
    name: varchar('name', { length: 120 }).notNull(),
    ...audit,
  },
  (t) => [index('warehouses_user_idx').on(t.user_id)],
);

/**
 * Insumos. `workspace_id` null = the shared starter catalogue (read-only to users); otherwise a supply a
 * workspace created for itself (editable there). Type ids: SUPPLY_TYPES in packages/domain/src/inventory.ts.
 */
export const supplies = pgTable(
  'supplies',
  {
    supply_id: id('supply_id'),
    workspace_id: integer('workspace_id').references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    brand_id: integer('brand_id').references(() => brands.brand_id),
    /** Active ingredient (principio activo) or, for seeds and fertilisers, the generic product. */
    generic_name: varchar('generic_name', { length: 150 }),
    concentration: varchar('concentration', { length: 60 }),
    formulation_denomination: varchar('formulation_denomination', { length: 60 }),
    supply_type_id: smallint('supply_type_id').notNull(),
    subtype: varchar('subtype', { length: 60 }),
    unit_id: integer('unit_id').notNull().references(() => units.unit_id),
    senasa_registration: varchar('senasa_registration', { length: 30 }),
    /** SENASA toxicological band: Ia, Ib, II, III, IV. */
    toxicological_band: varchar('toxicological_band', { length: 3 }),
    /** Field-use EIQ of the active ingredient (Cornell/NYSIPM table), null when not applicable. */
    eiq_value: numeric('eiq_value', { precision: 6, scale: 2, mode: 'string' }),
    /** Seeds: the crop they sow. */
    crop_id: integer('crop_id').references(() => crops.crop_id),
    file_id: integer('file_id').references(() => files.file_id),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [
    index('supplies_workspace_idx').on(t.workspace_id),
    index('supplies_type_idx').on(t.supply_type_id, t.crop_id),
    index('supplies_file_idx').on(t.file_id).where(sql`${t.file_id} is not null`),
    // the starter catalogue is upserted by name on every start (db/seed/catalogue.ts)
    uniqueIndex('supplies_catalogue_name_uq').on(t.name).where(sql`${t.workspace_id} is null`),
    // `contains` / `similar_to` of the pickers on name and active ingredient (decision 0016)
    foldedTrigramIndex('supplies_name_trgm_idx', t.name),
    foldedTrigramIndex('supplies_generic_name_trgm_idx', t.generic_name),
  ],
);

/**
 * Running balance of one supply in one warehouse for one company and unit (ARCHITECTURE §6 "Ledgers"):
 * changed only by inventory's ledger functions, which insert a stock_transactions row and update this
 * row after SELECT ... FOR UPDATE in the same database transaction.
 */
export const stocks = pgTable(
  'stocks',
  {
    stock_id: id('stock_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    company_id: integer('company_id').notNull().references(() => companies.company_id),
    warehouse_id: integer('warehouse_id').notNull().references(() => warehouses.warehouse_id),
    supply_id: integer('supply_id').notNull().references(() => supplies.supply_id),
    unit_id: integer('unit_id').notNull().references(() => units.unit_id),
    quantity: numeric('quantity', { precision: 16, scale: 5, mode: 'string' }).notNull().default('0'),
    /** Precio promedio ponderado (ARS per unit), recomputed with decimal arithmetic on every entry. */
    ppp: numeric('ppp', { precision: 16, scale: 4, mode: 'string' }).notNull().default('0'),
    /** Last entry price (ARS per unit) and its exchange rate (ARS per US$). */
    price: numeric('price', { precision: 16, scale: 4, mode: 'string' }).notNull().default('0'),
    exchange_rate: numeric('exchange_rate', { precision: 12, scale: 4, mode: 'string' }),
    invoice: varchar('invoice', { length: 40 }),
    /** Nearest expiration among the lots still in stock. */
    expiration_date: date('expiration_date', { mode: 'string' }),
    /** The supply's and the warehouse's names, copied by triggers (migration 0012) for the list's default order. */
    supply_name: varchar('supply_name', { length: 150 }),
    warehouse_name: varchar('warehouse_name', { length: 120 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stocks_uq').on(t.workspace_id, t.company_id, t.warehouse_id, t.supply_id, t.unit_id),
    index('stocks_company_idx').on(t.company_id),
    index('stocks_warehouse_idx').on(t.warehouse_id),
    index('stocks_supply_idx').on(t.supply_id),
    index('stocks_list_idx').on(t.workspace_id, t.supply_name, t.warehouse_name, t.stock_id),
    // the stocks that can hold an expired or expiring lot (expiry.ts dueLots)
    index('stocks_expiring_idx').on(t.workspace_id, t.expiration_date).where(sql`${t.quantity} > 0`),
    check('stocks_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

/**
 * Stock transactions (spec doc 2 §3): INITIAL, PURCHASE (entries, with price and lot expiration), MOVEMENT
 * (stock_id = source, stock_destiny_id = destination), USAGE (work orders), ADJUSTMENT (counted quantity).
 * `quantity` is never negative; its sign follows from the type (ADJUSTMENT: the counted quantity, with the signed `difference`).
 */
export const stockTransactions = pgTable(
  'stock_transactions',
  {
    stock_transaction_id: id('stock_transaction_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    stock_id: integer('stock_id').notNull().references(() => stocks.stock_id),
    stock_destiny_id: integer('stock_destiny_id').references(() => stocks.stock_id),
    name: varchar('name', { length: 12 }).notNull(),
    quantity: numeric('quantity', { precision: 16, scale: 5, mode: 'string' }).notNull(),
    /** ADJUSTMENT: counted quantity minus the quantity before (signed). */
    difference: numeric('difference', { precision: 16, scale: 5, mode: 'string' }),
    price: numeric('price', { precision: 16, scale: 4, mode: 'string' }),
    exchange_rate: numeric('exchange_rate', { precision: 12, scale: 4, mode: 'string' }),
    /** PPP of the affected stock before this transaction (so a delete restores it exactly). */
    ppp_before: numeric('ppp_before', { precision: 16, scale: 4, mode: 'string' }),
    destiny_ppp_before: numeric('destiny_ppp_before', { precision: 16, scale: 4, mode: 'string' }),
    invoice: varchar('invoice', { length: 40 }),
    delivery_note: varchar('delivery_note', { length: 40 }),
    invoice_file_id: integer('invoice_file_id').references(() => files.file_id),
    delivery_note_file_id: integer('delivery_note_file_id').references(() => files.file_id),
    observations: varchar('observations', { length: 1000 }),
    provider_id: integer('provider_id').references(() => providers.provider_id),
    /** USAGE: the work order that consumed it (work orders module, issue 10). */
    work_order_id: integer('work_order_id'),
    /** Lot expiration of an entry. */
    expiration_date: date('expiration_date', { mode: 'string' }),
    /** When the daily job notified the workspace that this lot expires (once per lot). */
    expiry_notified_at: timestamp('expiry_notified_at', { withTimezone: true }),
    user_id: integer('user_id').references(() => users.user_id),
    ...timestamps,
  },
  (t) => [
    index('stock_transactions_stock_idx').on(t.stock_id, t.created_at),
    index('stock_transactions_destiny_idx').on(t.stock_destiny_id),
    index('stock_transactions_work_order_idx').on(t.work_order_id),
    // the list's default order (created_at desc, id desc) read backwards; it replaces (workspace_id, created_at)
    index('stock_transactions_list_idx').on(t.workspace_id, t.created_at, t.stock_transaction_id),
    index('stock_transactions_provider_idx').on(t.provider_id).where(sql`${t.provider_id} is not null`),
    index('stock_transactions_invoice_file_idx').on(t.invoice_file_id).where(sql`${t.invoice_file_id} is not null`),
    index('stock_transactions_delivery_note_file_idx').on(t.delivery_note_file_id).where(sql`${t.delivery_note_file_id} is not null`),
    // a stock's lots (ledger.repo.ts lotsInStock), newest first, answered from the index alone
    index('stock_transactions_entries_idx')
      .on(t.stock_id, t.stock_transaction_id, t.quantity, t.expiration_date)
      .where(sql`${t.name} in ('INITIAL', 'PURCHASE')`),
    index('stock_transactions_moved_in_idx')
      .on(t.stock_destiny_id, t.stock_transaction_id, t.quantity, t.expiration_date)
      .where(sql`${t.name} = 'MOVEMENT'`),
    check('stock_transactions_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);
