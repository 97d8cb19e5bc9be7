import { describe, expect, it } from 'vitest';
import { contributionFromPercentage, contributionsExceed, percentageOf, workOrderTotals, type WorkOrder } from '@fm/domain';
import { amountOf, incomplete, newRow, payloadOf, rowsOf } from './contributions-model';

const base = { price: '38', exchange_rate: '1000', field_crops: [{ hectares_to_apply: '80' }], supplies: [{ dose_to_apply: '2', price: '5000' }, { dose_to_apply: '0.5', price: '7000' }] };
const order = {
  ...workOrderTotals(base),
  exchange_rate: '1000',
  company: { company_id: 1, name: 'Convenio SA', is_an_agreement: true, partners: [{ agreement_partner_id: 1, partner: { company_id: 11, name: 'Socio Norte' } }] },
  supplies: [
    { supply_id: 5, dose_to_apply: '2.00000', price: '5000.00' },
    { supply_id: 6, dose_to_apply: '0.50000', price: '7000.00' },
  ],
  labor_contributions: [{ labor_contribution_id: 3, partner_id: 11, contribution: '1000.00', exchange_rate: '1000.00', work_order_id: 9 }],
  supply_contributions: [],
} as unknown as WorkOrder;

describe('Aportes model', () => {
  it('converts a percentage against the labor total or the chosen supply total (doc 2 §5)', () => {
    expect(order.labor_total).toBe('3040.00');
    expect(amountOf(order, { ...newRow('labor', '1000'), mode: 'percentage', value: '50' })).toBe('1520.00');
    expect(amountOf(order, { ...newRow('supply', '1000', 11, 6), mode: 'percentage', value: '100' })).toBe('280000.00');
    expect(amountOf(order, { ...newRow('supply', '1000', 11, 5), value: '12,5' })).toBe('');
    expect(amountOf(order, { ...newRow('supply', '1000', 11, 5), value: '12.5' })).toBe('12.50');
    expect(contributionFromPercentage('33.333', '100')).toBe('33.33');
    expect(percentageOf('1520', '3040')).toBe('50.00');
  });

  it('sends new rows to save, changed saved rows to update, nothing for unchanged ones', () => {
    const rows = rowsOf(order);
    expect(payloadOf(order, rows)).toEqual({ labor_contributions: { save: [], update: [], destroy: [] }, supply_contributions: { save: [], update: [], destroy: [] } });
    const edited = [{ ...rows[0], mode: 'percentage' as const, value: '100' }, { ...newRow('supply', '1000', 11, 5), value: '800000' }];
    expect(payloadOf(order, edited)).toEqual({
      labor_contributions: { save: [], update: [{ labor_contribution_id: 3, partner_id: 11, contribution: '3040.00', exchange_rate: '1000.00' }], destroy: [] },
      supply_contributions: { save: [{ partner_id: 11, supply_id: 5, contribution: '800000.00', exchange_rate: '1000' }], update: [], destroy: [] },
    });
  });

  it('flags rows without partner, supply, a positive amount or rate, and totals past the cost', () => {
    expect(incomplete(order, [newRow('labor', '1000', 11)])).toBe(true);
    expect(incomplete(order, [{ ...newRow('labor', '0', 11), value: '10' }])).toBe(true);
    expect(incomplete(order, [{ ...newRow('supply', '1000', 11), value: '10' }])).toBe(true);
    expect(incomplete(order, [{ ...newRow('labor', '1000', 11), value: '10' }])).toBe(false);
    expect(contributionsExceed(['1083040.00'], order.total_cost)).toBe(false);
    expect(contributionsExceed(['1083040.00', '0.01'], order.total_cost)).toBe(true);
  });
});
