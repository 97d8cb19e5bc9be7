import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { compare, div, fixed, plus, round, times, toFixedString } from './exact-decimal';
import { contributionsIndicator, workOrderTotals, type TotalsInput } from './work-order-shape';

// seeded, so a failure reproduces
let seed = 20261127;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const int = (max: number) => Math.floor(random() * max);
/** A decimal text with up to 9 integer digits and 0–6 decimals, sometimes negative, sometimes with padding zeros. */
function decimal(negative = true): string {
  const whole = String(int(10 ** (1 + int(9))));
  const scale = int(7);
  const fraction = scale ? `.${String(int(10 ** scale)).padStart(scale, '0')}` : '';
  return `${negative && random() < 0.2 ? '-' : ''}${whole}${fraction}`;
}

describe('exact decimals agree with big.js', () => {
  it('sum, product, rounding half up, division at 20 decimals and comparison, on 5,000 random pairs', () => {
    for (let i = 0; i < 5000; i++) {
      const [a, b] = [decimal(), decimal()];
      const [x, y] = [fixed(a), fixed(b)];
      const scale = int(6);
      expect(toFixedString(plus(x, y), scale)).toBe(new Big(a).plus(b).round(scale, Big.roundHalfUp).toFixed(scale));
      expect(toFixedString(times(x, y), scale)).toBe(new Big(a).times(b).round(scale, Big.roundHalfUp).toFixed(scale));
      expect(toFixedString(round(times(x, y), scale), 8)).toBe(new Big(a).times(b).round(scale, Big.roundHalfUp).toFixed(8));
      expect(compare(x, y)).toBe(new Big(a).cmp(b));
      if (new Big(b).eq(0)) continue;
      expect(toFixedString(div(x, y), 20)).toBe(new Big(a).div(b).toFixed(20));
      expect(toFixedString(div(x, y), scale)).toBe(new Big(a).div(b).round(scale, Big.roundHalfUp).toFixed(scale));
    }
  });

  it('reads what big.js reads (empty as 0, exponents, numbers) and refuses what it refuses', () => {
    expect(toFixedString(fixed(''), 2)).toBe('0.00');
    expect(toFixedString(fixed(null), 2)).toBe('0.00');
    expect(toFixedString(fixed('1.5e3'), 1)).toBe('1500.0');
    expect(toFixedString(fixed(0.1), 3)).toBe('0.100');
    expect(toFixedString(fixed(new Big('-0.004')), 2)).toBe('0.00');
    expect(toFixedString(fixed('-1.005'), 2)).toBe('-1.01');
    expect(() => fixed('12,5')).toThrow();
    expect(() => div(fixed('1'), fixed('0.00'))).toThrow();
  });
});

/** The totals as they were written with big.js before exact-decimal.ts (the oracle). */
function bigTotals(o: TotalsInput) {
  const b = (v: unknown) => (v === null || v === undefined || v === '' ? new Big(0) : new Big(v as string));
  const f = (v: Big, s: number) => v.round(s, Big.roundHalfUp).toFixed(s);
  const ha = f(o.field_crops.reduce((s, r) => s.plus(b(r.hectares_to_apply)), new Big(0)), 2);
  const labor = f(b(o.price).times(ha), 2);
  const supplies = f(o.supplies.reduce((s, r) => s.plus(b(r.dose_to_apply).times(ha).times(b(r.price))), new Big(0)), 2);
  const cost = new Big(labor).plus(supplies);
  const contributions = [...(o.labor_contributions ?? []), ...(o.supply_contributions ?? [])].reduce((s, c) => s.plus(b(c.contribution)), new Big(0));
  const rate = b(o.exchange_rate);
  return {
    ha_total: ha,
    labor_total: labor,
    supplies_total: supplies,
    total_cost: f(cost, 2),
    total_cost_usd: rate.lte(0) ? '0.00' : f(cost.div(rate), 2),
    total_contributions: f(contributions, 2),
    percentage_contributions: cost.lte(0) ? '0.00' : f(contributions.times(100).div(cost), 2),
  };
}

describe('work-order totals on exact decimals', () => {
  it('equal the big.js totals on 2,000 random orders', () => {
    const positive = () => decimal(false);
    const list = <T>(make: () => T) => Array.from({ length: int(5) }, make);
    for (let i = 0; i < 2000; i++) {
      const order: TotalsInput = {
        price: positive(),
        exchange_rate: random() < 0.1 ? null : positive(),
        field_crops: list(() => ({ hectares_to_apply: positive() })),
        supplies: list(() => ({ dose_to_apply: positive(), price: positive() })),
        labor_contributions: list(() => ({ contribution: positive() })),
        supply_contributions: list(() => ({ contribution: positive() })),
      };
      expect(workOrderTotals(order)).toEqual(bigTotals(order));
    }
  });

  it('the Aportes indicator compares exactly at 99.99', () => {
    expect(contributionsIndicator(true, '99.990')).toBe('success');
    expect(contributionsIndicator(true, '99.9899')).toBe('warning');
    expect(contributionsIndicator(true, null)).toBe('warning');
  });
});
