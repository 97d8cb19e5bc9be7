import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { workOrderTotals, type TotalsInput, type WorkOrderTotals } from '@fm/domain';
import { rowsOf } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { seededRandom } from '../../test/seeded-random';
import { laborTotal, suppliesTotal, totalsText } from './work-orders.totals';

/**
 * Decision 0031: the totals PostgreSQL writes into an order's JSON are the very strings workOrderTotals gives (the
 * web computes them with it too). Random orders with the columns' scales, and the half-up edges of each rounding.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

// seeded, so a failure reproduces
const { random, int, decimal } = seededRandom(31);
const positive = (digits: number, scale: number) => {
  const d = decimal(digits, scale);
  return Number(d) > 0 ? d : `1.${'0'.repeat(scale - 1)}1`;
};
const list = <T>(max: number, make: () => T) => Array.from({ length: int(max + 1) }, make);

type Order = { price: string; exchange_rate: string; hectares: string[]; supplies: { dose: string; price: string }[]; contributions: string[] };
const randomOrder = (): Order => ({
  price: decimal(6, 2),
  exchange_rate: random() < 0.1 ? '0.00' : positive(4, 2),
  hectares: list(4, () => positive(4, 2)),
  supplies: list(4, () => ({ dose: positive(3, 5), price: decimal(6, 2) })),
  contributions: list(3, () => decimal(7, 2)),
});

const pgArray = (values: string[]) => `{${values.join(',')}}`;

/** The totals as the order JSON composes them (work-orders.load.ts), from literal inputs instead of its tables. */
async function sqlTotals(o: Order): Promise<WorkOrderTotals> {
  const t = totalsText({ ha: sql`l.ha`, labor: sql`t.labor`, supplies: sql`t.supplies`, rate: sql`${o.exchange_rate}::numeric`, contributions: sql`c.total` });
  const [row] = await rowsOf<{ json: string }>(
    app.db,
    sql`select json_build_object('ha_total', ${t.ha_total}, 'labor_total', ${t.labor_total}, 'supplies_total', ${t.supplies_total}, 'total_cost', ${t.total_cost},
        'total_cost_usd', ${t.total_cost_usd}, 'total_contributions', ${t.total_contributions}, 'percentage_contributions', ${t.percentage_contributions})::text as json
      from (select round(coalesce(sum(h), 0), 2) as ha from unnest(${pgArray(o.hectares)}::numeric[]) h) l
      cross join lateral (select coalesce(sum(d * l.ha * p), 0) as cost from unnest(${pgArray(o.supplies.map((s) => s.dose))}::numeric[], ${pgArray(o.supplies.map((s) => s.price))}::numeric[]) x(d, p)) s
      cross join (select coalesce(sum(v), 0) as total from unnest(${pgArray(o.contributions)}::numeric[]) v) c
      cross join lateral (select ${laborTotal(sql`${o.price}::numeric`, sql`l.ha`)} as labor, ${suppliesTotal(sql`s.cost`)} as supplies) t`,
  );
  return JSON.parse(row.json) as WorkOrderTotals;
}

const domainTotals = (o: Order): WorkOrderTotals => {
  const input: TotalsInput = {
    price: o.price,
    exchange_rate: o.exchange_rate,
    field_crops: o.hectares.map((h) => ({ hectares_to_apply: h })),
    supplies: o.supplies.map((s) => ({ dose_to_apply: s.dose, price: s.price })),
    labor_contributions: o.contributions.map((c) => ({ contribution: c })),
  };
  return workOrderTotals(input);
};

describe('order totals in SQL (decision 0031)', () => {
  it('equal workOrderTotals on 400 random orders', async () => {
    for (let i = 0; i < 400; i++) {
      const order = randomOrder();
      expect(await sqlTotals(order), JSON.stringify(order)).toStrictEqual(domainTotals(order));
    }
  });

  it('round half up at each step as workOrderTotals does, and answer 0.00 without a rate or a cost', async () => {
    const edges: Order[] = [
      // 1.01 ÷ 2 = 0.505 → 0.51 (half up, not to even)
      { price: '1.01', exchange_rate: '2.00', hectares: ['1.00'], supplies: [], contributions: ['0.01'] },
      // 2 ÷ 3 → 0.67; 1 × 100 ÷ 3 → 33.33; labor 0.005 → 0.01
      { price: '0.50', exchange_rate: '3.00', hectares: ['0.01'], supplies: [{ dose: '0.00001', price: '0.01' }], contributions: [] },
      { price: '2.00', exchange_rate: '3.00', hectares: ['1.00'], supplies: [], contributions: ['0.02'] },
      // supplies: 0.00005 × 0.10 × 1 per row, summed unrounded (0.00001) → 0.00; dose total 3 decimals
      { price: '0.00', exchange_rate: '999.99', hectares: ['0.10'], supplies: [{ dose: '0.00005', price: '1.00' }, { dose: '0.00005', price: '1.00' }], contributions: [] },
      // no lots, no cost: every total 0.00, the percentage too
      { price: '100.00', exchange_rate: '0.00', hectares: [], supplies: [{ dose: '1.50000', price: '10.00' }], contributions: ['5.00'] },
      // large figures: 12 integer digits of hectares × price
      { price: '999999999999.99', exchange_rate: '0.01', hectares: ['9999999999.99', '0.01'], supplies: [{ dose: '99999999999.99999', price: '999999999999.99' }], contributions: ['99999999999.99'] },
    ];
    for (const order of edges) expect(await sqlTotals(order), JSON.stringify(order)).toStrictEqual(domainTotals(order));
    expect((await sqlTotals(edges[0])).total_cost_usd).toBe('0.51');
    expect((await sqlTotals(edges[4])).percentage_contributions).toBe('0.00');
  });
});
