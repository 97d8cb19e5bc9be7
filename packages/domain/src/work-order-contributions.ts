import Big from 'big.js';

/** Contributions of an agreement company's partners to a work order's cost (spec doc 2 §5; issue 10 item 6). */

export const CONTRIBUTION_MSG = {
  // our own (voseo); the spec's are in WORK_ORDER_MSG
  partnerNotOfCompany: 'El socio elegido no pertenece a la empresa de la orden.',
  supplyNotInOrder: 'El insumo elegido no está en la orden de trabajo.',
  notFound: 'Aporte no encontrado',
  idRequired: 'Indicá labor_contribution_id o supply_contribution_id.',
} as const;

export const CONTRIBUTION_MODES = [
  { value: 'amount', label: 'Monto' },
  { value: 'percentage', label: 'Porcentaje' },
] as const;
export type ContributionMode = (typeof CONTRIBUTION_MODES)[number]['value'];

const big = (v: string | number | null | undefined) => {
  try {
    return v === null || v === undefined || v === '' ? new Big(0) : new Big(v);
  } catch {
    return new Big(0);
  }
};

/** A percentage of the labor or supply total as an ARS amount, 2 decimals (doc 2 §5 "Percentage option"). */
export function contributionFromPercentage(percentage: string | number | null | undefined, base: string | number | null | undefined): string {
  return big(base).times(big(percentage)).div(100).round(2, Big.roundHalfUp).toFixed(2);
}

/** The share an amount is of the base, 2 decimals ('0.00' without a base). */
export function percentageOf(amount: string | number | null | undefined, base: string | number | null | undefined): string {
  const b = big(base);
  return b.lte(0) ? '0.00' : big(amount).times(100).div(b).round(2, Big.roundHalfUp).toFixed(2);
}

/** Whether contributions adding up to `sum` go past the order's total cost (the spec's confirmation). */
export function contributionsExceed(sum: readonly (string | number | null | undefined)[], totalCost: string | number): boolean {
  return sum.reduce<Big>((s, v) => s.plus(big(v)), new Big(0)).gt(big(totalCost));
}
