import { sql, type SQL } from 'drizzle-orm';
import { quotient2 } from '../../db/json-sql';

/**
 * The derived totals of an order (contract "derived") in SQL numerics, digit for digit what `workOrderTotals`
 * (packages/domain, exact-decimal.ts) gives: sums and products are exact in both; `round` is half away from zero in
 * both; a division is rounded half up at 20 decimals first, as big.js and exact-decimal do, then to 2 — written with
 * `div` (exact integer quotient) so no intermediate PostgreSQL scale rounds in between. Property-tested against
 * workOrderTotals (work-orders.totals.test.ts).
 */

export type TotalsSql = { ha_total: SQL; labor_total: SQL; supplies_total: SQL; total_cost: SQL; total_cost_usd: SQL; total_contributions: SQL; percentage_contributions: SQL };

/**
 * The totals as text from: `ha` (Σ hectares, 2 decimals), the labor `price` per ha, the unrounded supplies cost
 * `suppliesCost` (Σ dose × ha × price), the `rate` (ARS per US$) and the contributions' sum `contributions`. `labor`,
 * `supplies` and `cost` name columns of the caller's select holding the rounded labor and supplies totals.
 */
export const totalsText = (t: { ha: SQL; labor: SQL; supplies: SQL; rate: SQL; contributions: SQL }): TotalsSql => {
  const cost = sql`(${t.labor} + ${t.supplies})`;
  return {
    ha_total: sql`${t.ha}::text`,
    labor_total: sql`${t.labor}::text`,
    supplies_total: sql`${t.supplies}::text`,
    total_cost: sql`${cost}::text`,
    total_cost_usd: sql`(case when ${t.rate} > 0 then ${quotient2(cost, t.rate)} else 0.00 end)::text`,
    total_contributions: sql`round(${t.contributions}, 2)::text`,
    percentage_contributions: sql`(case when ${cost} > 0 then ${quotient2(sql`(${t.contributions} * 100)`, cost)} else 0.00 end)::text`,
  };
};

/** The rounded labor total (price × ha) and supplies total, 2 decimals, as workOrderTotals rounds them. */
export const laborTotal = (price: SQL, ha: SQL) => sql`round(${price} * ${ha}, 2)`;
export const suppliesTotal = (suppliesCost: SQL) => sql`round(${suppliesCost}, 2)`;
