import { contributionFromPercentage, supplyTotal, type ContributionMode, type ContributionsBodyInput, type WorkOrder } from '@fm/domain';

/** One editable row of the Aportes screen: an existing contribution (`id`) or a new one. */
export type ContributionRow = {
  key: string;
  kind: 'labor' | 'supply';
  id?: number;
  partner_id?: number;
  supply_id?: number;
  mode: ContributionMode;
  /** What the user typed: ARS, or a percentage of the labor or supply total. */
  value: string;
  exchange_rate: string;
};

let seq = 0;
export const newRow = (kind: ContributionRow['kind'], exchangeRate: string, partnerId?: number, supplyId?: number): ContributionRow => ({
  key: `new-${++seq}`,
  kind,
  partner_id: partnerId,
  supply_id: supplyId,
  mode: 'amount',
  value: '',
  exchange_rate: exchangeRate,
});

/** The order's saved contributions as rows (in ARS). */
export function rowsOf(order: WorkOrder): ContributionRow[] {
  return [
    ...order.labor_contributions.map((c) => ({ key: `labor-${c.labor_contribution_id}`, kind: 'labor' as const, id: c.labor_contribution_id, partner_id: c.partner_id, mode: 'amount' as const, value: c.contribution, exchange_rate: c.exchange_rate })),
    ...order.supply_contributions.map((c) => ({
      key: `supply-${c.supply_contribution_id}`,
      kind: 'supply' as const,
      id: c.supply_contribution_id,
      partner_id: c.partner_id,
      supply_id: c.supply_id,
      mode: 'amount' as const,
      value: c.contribution,
      exchange_rate: c.exchange_rate,
    })),
  ];
}

/** What a percentage is taken against (doc 2 §5): the labor total, or the chosen supply's total cost. */
export function baseOf(order: WorkOrder, row: Pick<ContributionRow, 'kind' | 'supply_id'>): string {
  if (row.kind === 'labor') return order.labor_total;
  const s = order.supplies.find((x) => x.supply_id === row.supply_id);
  return s ? supplyTotal(s.dose_to_apply, order.ha_total, s.price) : '0';
}

/** The row's contribution in ARS, 2 decimals ('' while nothing is typed). */
export function amountOf(order: WorkOrder, row: ContributionRow): string {
  if (row.value === '' || Number.isNaN(Number(row.value))) return '';
  return row.mode === 'percentage' ? contributionFromPercentage(row.value, baseOf(order, row)) : Number(row.value).toFixed(2);
}

/** Rows that cannot be sent: amount or exchange rate not above 0, or no partner / supply chosen. */
export function incomplete(order: WorkOrder, rows: ContributionRow[]): boolean {
  return rows.some((r) => !r.partner_id || (r.kind === 'supply' && !r.supply_id) || !(Number(amountOf(order, r)) > 0) || !(Number(r.exchange_rate) > 0));
}

/**
 * The contract's body: new rows to save, existing ones to update (only when changed). A saved row is removed with
 * its own DELETE call (the spec's 'Aporte eliminado'), so `destroy` stays empty here.
 */
export function payloadOf(order: WorkOrder, rows: ContributionRow[]): ContributionsBodyInput {
  const saved = rowsOf(order);
  const changed = (r: ContributionRow) => {
    const before = saved.find((s) => s.key === r.key);
    return !before || before.partner_id !== r.partner_id || before.supply_id !== r.supply_id || Number(before.value) !== Number(amountOf(order, r)) || Number(before.exchange_rate) !== Number(r.exchange_rate);
  };
  const body = (r: ContributionRow) => ({ partner_id: r.partner_id ?? 0, contribution: amountOf(order, r), exchange_rate: r.exchange_rate });
  const labor = rows.filter((r) => r.kind === 'labor');
  const supply = rows.filter((r) => r.kind === 'supply');
  return {
    labor_contributions: {
      save: labor.filter((r) => r.id === undefined).map(body),
      update: labor.filter((r) => r.id !== undefined && changed(r)).map((r) => ({ ...body(r), labor_contribution_id: r.id ?? 0 })),
      destroy: [],
    },
    supply_contributions: {
      save: supply.filter((r) => r.id === undefined).map((r) => ({ ...body(r), supply_id: r.supply_id ?? 0 })),
      update: supply.filter((r) => r.id !== undefined && changed(r)).map((r) => ({ ...body(r), supply_id: r.supply_id ?? 0, supply_contribution_id: r.id ?? 0 })),
      destroy: [],
    },
  };
}
