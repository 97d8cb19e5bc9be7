import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, numeric, date, timestamp, smallint, jsonb, boolean, text, index, uniqueIndex, primaryKey, check, foreignKey, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { audit, id, softDelete, timestamps } from './common';
import { users } from './users';
import { workspaces } from './workspaces';
import { adversities, cropStages, crops, labors, statuses, units } from './reference';
import { companies, farms, fields } from './land';
import { contractors } from './master-data';
import { seasonPlans, seasons, fieldCrops } from './seasons';
import { files, stocks, supplies } from './inventory';

/**
 * Órdenes de trabajo (spec doc 2 §3 "Work order"; issue 10). `season_id`, `company_id` and `farm_id` repeat the
 * season plan's so the list filters on its own columns (decision 0011); the service writes them with the plan.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    work_order_id: id('work_order_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    season_plan_id: integer('season_plan_id').notNull().references(() => seasonPlans.season_plan_id),
    season_id: integer('season_id').notNull().references(() => seasons.season_id),
    company_id: integer('company_id').notNull().references(() => companies.company_id),
    farm_id: integer('farm_id').notNull().references(() => farms.farm_id),
    contractor_id: integer('contractor_id').references(() => contractors.contractor_id),
    labor_id: integer('labor_id').notNull().references(() => labors.labor_id),
    /** Labor price per hectare (ARS) and the ARS per US$ rate of the order. */
    price: numeric('price', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    exchange_rate: numeric('exchange_rate', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    labor_start_date: date('labor_start_date', { mode: 'string' }).notNull(),
    labor_end_date: date('labor_end_date', { mode: 'string' }).notNull(),
    /** The day the labor was done (required to enter status 3, Realizada). */
    labor_date: date('labor_date', { mode: 'string' }),
    notes: varchar('notes', { length: 2000 }),
    /** Preset observation texts chosen (doc 2 §2.7). */
    observations: jsonb('observations').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status_id: integer('status_id').notNull().default(1).references(() => statuses.status_id),
    ...softDelete,
    ...audit,
  },
  (t) => [
    // what the children's (workspace_id, work_order_id) foreign keys reference
    unique('work_orders_workspace_order_uq').on(t.workspace_id, t.work_order_id),
    // Creadas (most orders) and the default order
    index('work_orders_list_idx').on(t.workspace_id, t.work_order_id.desc()).where(sql`${t.deleted_at} is null`),
    // Planificadas and the status filter
    index('work_orders_status_idx').on(t.workspace_id, t.status_id, t.work_order_id.desc()).where(sql`${t.deleted_at} is null`),
    // Deshabilitados
    index('work_orders_deleted_idx').on(t.workspace_id, t.work_order_id.desc()).where(sql`${t.deleted_at} is not null`),
    index('work_orders_company_idx').on(t.company_id, t.workspace_id, t.work_order_id.desc()),
    index('work_orders_farm_idx').on(t.farm_id, t.workspace_id, t.work_order_id.desc()),
    index('work_orders_season_idx').on(t.season_id, t.workspace_id, t.work_order_id.desc()),
    // last labor price (GET work-orders/prices) and the labor filter
    index('work_orders_labor_idx').on(t.workspace_id, t.labor_id, t.work_order_id.desc()),
    index('work_orders_plan_idx').on(t.season_plan_id),
    index('work_orders_contractor_idx').on(t.contractor_id),
  ],
);

/**
 * A child row belongs to its order and to the order's workspace: one foreign key on both columns (deleting the order
 * deletes it). With a key on workspace_id alone, deleting even an empty workspace read these tables in full (800 ms
 * at 1M orders), and nothing tied the child's workspace to its order's.
 */
const ofOrder = (table: string, t: { workspace_id: AnyPgColumn; work_order_id: AnyPgColumn }) =>
  foreignKey({ name: `${table}_order_fk`, columns: [t.workspace_id, t.work_order_id], foreignColumns: [workOrders.workspace_id, workOrders.work_order_id] }).onDelete('cascade');

/** Lots of an order, with the hectares to apply (never above the plot's). */
export const workOrderFieldCrops = pgTable(
  'work_order_field_crops',
  {
    work_order_field_crop_id: id('work_order_field_crop_id'),
    workspace_id: integer('workspace_id').notNull(),
    work_order_id: integer('work_order_id').notNull(),
    field_crop_id: integer('field_crop_id').notNull().references(() => fieldCrops.field_crop_id),
    field_id: integer('field_id').notNull().references(() => fields.field_id),
    crop_id: integer('crop_id').references(() => crops.crop_id),
    crop_sequence_id: smallint('crop_sequence_id'),
    stage_id: integer('stage_id').references(() => cropStages.stage_id),
    hectares_to_apply: numeric('hectares_to_apply', { precision: 12, scale: 2, mode: 'string' }).notNull(),
  },
  (t) => [
    ofOrder('work_order_field_crops', t),
    uniqueIndex('work_order_field_crops_uq').on(t.work_order_id, t.field_crop_id),
    index('work_order_field_crops_field_crop_idx').on(t.field_crop_id),
    index('work_order_field_crops_field_idx').on(t.field_id),
    index('work_order_field_crops_crop_idx').on(t.crop_id, t.work_order_id),
    check('work_order_field_crops_hectares_positive', sql`${t.hectares_to_apply} > 0`),
  ],
);

/** Supplies of an order: dose per hectare, price, fill order and the stock it comes from. */
export const workOrderSupplies = pgTable(
  'work_order_supplies',
  {
    work_order_supply_id: id('work_order_supply_id'),
    workspace_id: integer('workspace_id').notNull(),
    work_order_id: integer('work_order_id').notNull(),
    supply_id: integer('supply_id').notNull().references(() => supplies.supply_id),
    /** The contract keeps the field; the catalogue has no generics table yet (always null). */
    supply_generic_id: integer('supply_generic_id'),
    unit_id: integer('unit_id').notNull().references(() => units.unit_id),
    dose_to_apply: numeric('dose_to_apply', { precision: 16, scale: 5, mode: 'string' }).notNull(),
    price: numeric('price', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0'),
    fill_order: smallint('fill_order'),
    stock_id: integer('stock_id').references(() => stocks.stock_id),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    ofOrder('work_order_supplies', t),
    index('work_order_supplies_order_idx').on(t.work_order_id, t.position),
    index('work_order_supplies_stock_idx').on(t.stock_id),
    // last supply price (GET work-orders/prices)
    index('work_order_supplies_price_idx').on(t.supply_id, t.workspace_id, t.work_order_supply_id.desc()),
    check('work_order_supplies_dose_positive', sql`${t.dose_to_apply} > 0`),
  ],
);

export const workOrderAdversities = pgTable(
  'work_order_adversities',
  {
    work_order_id: integer('work_order_id').notNull(),
    adversity_id: integer('adversity_id').notNull().references(() => adversities.adversity_id),
    workspace_id: integer('workspace_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.work_order_id, t.adversity_id] }), ofOrder('work_order_adversities', t)],
);

/** Every create, edit, status change, disable, restore and added/removed lot or supply (doc 2 §2.7 history panel). */
export const workOrderHistory = pgTable(
  'work_order_history',
  {
    work_order_history_id: id('work_order_history_id'),
    workspace_id: integer('workspace_id').notNull(),
    work_order_id: integer('work_order_id').notNull(),
    /** created, updated, deleted, restored, status, added, removed */
    action: varchar('action', { length: 10 }).notNull(),
    status_id: integer('status_id').references(() => statuses.status_id),
    detail: varchar('detail', { length: 1200 }),
    user_id: integer('user_id').references(() => users.user_id),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    ofOrder('work_order_history', t),
    index('work_order_history_order_idx').on(t.work_order_id, t.created_at.desc(), t.work_order_history_id.desc()),
  ],
);

/** Partner contributions to the labor cost (agreement companies only; doc 2 §5). */
export const workOrderLaborContributions = pgTable(
  'work_order_labor_contributions',
  {
    labor_contribution_id: id('labor_contribution_id'),
    workspace_id: integer('workspace_id').notNull(),
    work_order_id: integer('work_order_id').notNull(),
    partner_id: integer('partner_id').notNull().references(() => companies.company_id),
    /** ARS. */
    contribution: numeric('contribution', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    exchange_rate: numeric('exchange_rate', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    ...audit,
  },
  (t) => [
    ofOrder('work_order_labor_contributions', t),
    index('work_order_labor_contributions_order_idx').on(t.work_order_id),
    index('work_order_labor_contributions_partner_idx').on(t.partner_id),
    check('work_order_labor_contributions_positive', sql`${t.contribution} > 0 and ${t.exchange_rate} > 0`),
  ],
);

/** Partner contributions to one supply's cost. */
export const workOrderSupplyContributions = pgTable(
  'work_order_supply_contributions',
  {
    supply_contribution_id: id('supply_contribution_id'),
    workspace_id: integer('workspace_id').notNull(),
    work_order_id: integer('work_order_id').notNull(),
    partner_id: integer('partner_id').notNull().references(() => companies.company_id),
    supply_id: integer('supply_id').notNull().references(() => supplies.supply_id),
    contribution: numeric('contribution', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    exchange_rate: numeric('exchange_rate', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    ...audit,
  },
  (t) => [
    ofOrder('work_order_supply_contributions', t),
    index('work_order_supply_contributions_order_idx').on(t.work_order_id),
    index('work_order_supply_contributions_partner_idx').on(t.partner_id),
    index('work_order_supply_contributions_supply_idx').on(t.supply_id),
    check('work_order_supply_contributions_positive', sql`${t.contribution} > 0 and ${t.exchange_rate} > 0`),
  ],
);

/**
 * Agronomic prescriptions (recetas agronómicas) requested from an order (doc 2 §3 "Prescription request", "Recipe").
 * `issuer` says who issued it: the built-in issuer or the configured recipe service (`external_id` is its id).
 */
export const recipes = pgTable(
  'recipes',
  {
    recipe_id: id('recipe_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id),
    work_order_id: integer('work_order_id').notNull().references(() => workOrders.work_order_id),
    external_id: varchar('external_id', { length: 100 }),
    number: varchar('number', { length: 40 }),
    /** Emitida, Anulada, Pendiente */
    status: varchar('status', { length: 12 }).notNull().default('Pendiente'),
    issuer: varchar('issuer', { length: 20 }).notNull().default('builtin'),
    recommendations: varchar('recommendations', { length: 2000 }),
    /** {grace_period, reentry_period, ventilation_period}: each {quantity, unit} (unit 1 days, 0 hours). */
    use_restrictions: jsonb('use_restrictions').$type<Record<string, { quantity: number; unit: number }>>().notNull(),
    field_crop_ids: jsonb('field_crop_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    supply_ids: jsonb('supply_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** The issued PDF in the file store. */
    file_id: integer('file_id').references(() => files.file_id),
    /** What the built-in issuer printed (lots, supplies, people, dates): the ANULADA copy reprints exactly this. */
    content: jsonb('content'),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    ...audit,
  },
  (t) => [
    index('recipes_list_idx').on(t.workspace_id, t.recipe_id.desc()),
    index('recipes_work_order_idx').on(t.work_order_id),
    index('recipes_file_idx').on(t.file_id).where(sql`${t.file_id} is not null`),
    uniqueIndex('recipes_number_uq').on(t.workspace_id, t.issuer, t.number),
  ],
);

/** The workspace's link to the recipe service: the password is stored encrypted and never returned. */
export const recipeAccounts = pgTable(
  'recipe_accounts',
  {
    recipe_account_id: id('recipe_account_id'),
    workspace_id: integer('workspace_id').notNull().references(() => workspaces.workspace_id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.user_id),
    recipe_user: varchar('recipe_user', { length: 120 }).notNull(),
    /** AES-GCM ciphertext (iv, tag and data, base64). */
    recipe_password_encrypted: text('recipe_password_encrypted').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('recipe_accounts_workspace_uq').on(t.workspace_id)],
);
