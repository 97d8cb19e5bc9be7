import Big from 'big.js';
import { compare, div, fixed, plus, round, sign, times, toFixedString, type Fixed } from './exact-decimal';
import { CONTRIBUTIONS_COMPLETE_PERCENT, DEFAULT_LABOR_DAYS, DOSE_TOTAL_SCALE, HECTARES_SCALE, MONEY_SCALE, WORK_ORDER_STATUS, type HistoryAction, type WorkOrderStatusId } from './work-orders';

/** A work order as the API answers it (contract "Order shape") and its derived totals, the same on both sides. */

// ---------------------------------------------------------------------------------------------------------------
// Response shape (contract "Order shape")

type Named<K extends string> = { [P in K]: number } & { name: string };
export type WorkOrderFieldCrop = {
  work_order_field_crop_id: number;
  field_crop_id: number;
  field_id: number;
  field: { field_id: number; name: string; hectares: string };
  crop_id: number | null;
  crop: Named<'crop_id'> | null;
  crop_sequence_id: number | null;
  stage_id: number | null;
  stage: Named<'stage_id'> | null;
  hectares_to_apply: string;
};
export type WorkOrderSupply = {
  work_order_supply_id: number;
  supply_id: number;
  supply: { supply_id: number; name: string; generic: { name: string } | null; unit: Named<'unit_id'> };
  supply_generic_id: number | null;
  unit_id: number;
  unit: Named<'unit_id'>;
  dose_to_apply: string;
  price: string;
  fill_order: number | null;
  stock_id: number | null;
  stock: { stock_id: number; warehouse: Named<'warehouse_id'>; quantity: string } | null;
  total_quantity: string;
};
export type LaborContribution = { labor_contribution_id: number; partner_id: number; contribution: string; exchange_rate: string; work_order_id: number };
export type SupplyContribution = { supply_contribution_id: number; partner_id: number; supply_id: number; contribution: string; exchange_rate: string; work_order_id: number };
export type WorkOrderTotals = {
  ha_total: string;
  labor_total: string;
  supplies_total: string;
  total_cost: string;
  total_cost_usd: string;
  total_contributions: string;
  percentage_contributions: string;
};
export type WorkOrder = WorkOrderTotals & {
  work_order_id: number;
  workspace_id: number;
  season_plan_id: number;
  season: Named<'season_id'>;
  company: { company_id: number; name: string; is_an_agreement: boolean; partners: { agreement_partner_id: number; partner: Named<'company_id'> }[] };
  farm: Named<'farm_id'>;
  contractor_id: number | null;
  contractor: Named<'contractor_id'> | null;
  labor_id: number;
  labor: Named<'labor_id'>;
  price: string;
  exchange_rate: string;
  labor_start_date: string;
  labor_end_date: string;
  labor_date: string | null;
  notes: string | null;
  observations: string[];
  status_id: WorkOrderStatusId;
  status: { status_id: number; name: string };
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
  field_crops: WorkOrderFieldCrop[];
  supplies: WorkOrderSupply[];
  adversities: { adversity_id: number; name: string; adversity_type: string }[];
  labor_contributions: LaborContribution[];
  supply_contributions: SupplyContribution[];
  stock_used: boolean;
};
export type WorkOrderHistoryRow = {
  work_order_history_id: number;
  action: HistoryAction;
  status: { status_id: number; name: string } | null;
  detail: string | null;
  user: { name: string; last_name: string } | null;
  created_at: string;
};
export type WorkOrderPrices = {
  labors: { labor_id: number; price: string; exchange_rate: string; date: string }[];
  supplies: { supply_id: number; price: string; exchange_rate: string; date: string }[];
};

// ---------------------------------------------------------------------------------------------------------------
// Derived totals: the same pure functions on both sides

type Dec = Big | string | number;
const ZERO = fixed(0);
const HUNDRED = fixed(100);
const sumOf = <T>(rows: readonly T[], value: (row: T) => Fixed) => rows.reduce((s, r) => plus(s, value(r)), ZERO);
const usd = (ars: Fixed, rate: Fixed) => (sign(rate) <= 0 ? ZERO : div(ars, rate));
const percentage = (contributions: Fixed, cost: Fixed) => (sign(cost) <= 0 ? ZERO : div(times(contributions, HUNDRED), cost));

// Exact decimals on scaled integers (exact-decimal.ts): the same figures as big.js, which cost most of a page's CPU.

/** Σ hectares to apply, 2 decimals. */
export function haTotal(fieldCrops: readonly { hectares_to_apply: Dec | null | undefined }[]): string {
  return toFixedString(sumOf(fieldCrops, (r) => fixed(r.hectares_to_apply)), HECTARES_SCALE);
}

/** Quantity of a supply for the order: dose × total hectares, `scale` decimals (3 shown; 5 for the stock usage). */
export function doseTotal(dose: Dec | null | undefined, hectares: Dec | null | undefined, scale: number = DOSE_TOTAL_SCALE): string {
  return toFixedString(times(fixed(dose), fixed(hectares)), scale);
}

/** Labor total: price per ha × total hectares, 2 decimals. */
export function laborTotal(price: Dec | null | undefined, hectares: Dec | null | undefined): string {
  return toFixedString(times(fixed(price), fixed(hectares)), MONEY_SCALE);
}

/** One supply's cost: dose × hectares × price, 2 decimals. */
export function supplyTotal(dose: Dec | null | undefined, hectares: Dec | null | undefined, price: Dec | null | undefined): string {
  return toFixedString(times(times(fixed(dose), fixed(hectares)), fixed(price)), MONEY_SCALE);
}

/** Σ dose × hectares × price over the supplies, 2 decimals (each row unrounded before the sum). */
export function suppliesTotal(supplies: readonly { dose_to_apply: Dec | null | undefined; price: Dec | null | undefined }[], hectares: Dec | null | undefined): string {
  const ha = fixed(hectares);
  return toFixedString(sumOf(supplies, (r) => times(times(fixed(r.dose_to_apply), ha), fixed(r.price))), MONEY_SCALE);
}

/** ARS ÷ exchange rate, 2 decimals; '0.00' without a rate. */
export function toUsd(ars: Dec, exchangeRate: Dec | null | undefined): string {
  return toFixedString(usd(fixed(ars), fixed(exchangeRate)), MONEY_SCALE);
}

/** Contributions as a percentage of the total cost, 2 decimals; '0.00' when there is no cost. */
export function contributionPercentage(totalContributions: Dec, totalCost: Dec): string {
  return toFixedString(percentage(fixed(totalContributions), fixed(totalCost)), MONEY_SCALE);
}

export type TotalsInput = {
  price: Dec | null | undefined;
  exchange_rate: Dec | null | undefined;
  field_crops: readonly { hectares_to_apply: Dec | null | undefined }[];
  supplies: readonly { dose_to_apply: Dec | null | undefined; price: Dec | null | undefined }[];
  labor_contributions?: readonly { contribution: Dec }[];
  supply_contributions?: readonly { contribution: Dec }[];
};

/** Every derived total of an order (contract "derived"), from its lots, supplies, labor price, rate and contributions. */
export function workOrderTotals(o: TotalsInput): WorkOrderTotals {
  const ha = round(sumOf(o.field_crops, (r) => fixed(r.hectares_to_apply)), HECTARES_SCALE);
  const labor = round(times(fixed(o.price), ha), MONEY_SCALE);
  const supplies = round(sumOf(o.supplies, (r) => times(times(fixed(r.dose_to_apply), ha), fixed(r.price))), MONEY_SCALE);
  const cost = plus(labor, supplies);
  const byContribution = (c: { contribution: Dec }) => fixed(c.contribution);
  const contributions = plus(sumOf(o.labor_contributions ?? [], byContribution), sumOf(o.supply_contributions ?? [], byContribution));
  return {
    ha_total: toFixedString(ha, HECTARES_SCALE),
    labor_total: toFixedString(labor, MONEY_SCALE),
    supplies_total: toFixedString(supplies, MONEY_SCALE),
    total_cost: toFixedString(cost, MONEY_SCALE),
    total_cost_usd: toFixedString(usd(cost, fixed(o.exchange_rate)), MONEY_SCALE),
    total_contributions: toFixedString(contributions, MONEY_SCALE),
    percentage_contributions: toFixedString(percentage(contributions, cost), MONEY_SCALE),
  };
}

export type Indicator = 'success' | 'warning' | '-';

/** Aportes column (doc 2 §2.6): agreement companies only; success from 99.99 % of the total cost. */
export function contributionsIndicator(isAgreement: boolean, percentage: Dec | null | undefined): Indicator {
  if (!isAgreement) return '-';
  return compare(fixed(percentage), fixed(CONTRIBUTIONS_COMPLETE_PERCENT)) >= 0 ? 'success' : 'warning';
}

/** Depósitos column (doc 2 §2.6): '-' without supplies; success when every supply comes from a stock. */
export function stockIndicator(supplies: readonly { stock_id: number | null | undefined }[]): Indicator {
  if (supplies.length === 0) return '-';
  return supplies.every((s) => s.stock_id !== null && s.stock_id !== undefined) ? 'success' : 'warning';
}

/** Row actions the list offers (doc 2 §2.6); permissions and the recipes flag are the caller's. */
export function workOrderActions(o: { status_id: number; deleted_at: string | null; company: { is_an_agreement: boolean } }, canRecipes: boolean) {
  const deleted = o.deleted_at !== null;
  const planned = o.status_id === WORK_ORDER_STATUS.PLANNED;
  return {
    contributions: o.company.is_an_agreement && !planned && !deleted,
    recipes: canRecipes && !deleted && !planned,
    toCreated: planned,
    disable: !deleted,
    enable: deleted,
    changeStatus: !planned && !deleted,
    history: !planned,
  };
}

/** Labor dates a new order starts with: today and today + 3 days (doc 2 §9), as YYYY-MM-DD in Argentina time. */
export function defaultLaborDates(now: Date = new Date()): { labor_start_date: string; labor_end_date: string } {
  const ar = new Date(now.getTime() - 3 * 3_600_000);
  const start = ar.toISOString().slice(0, 10);
  ar.setUTCDate(ar.getUTCDate() + DEFAULT_LABOR_DAYS);
  return { labor_start_date: start, labor_end_date: ar.toISOString().slice(0, 10) };
}
