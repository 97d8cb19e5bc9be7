import { describe, expect, it } from 'vitest';
import {
  ContributionsBody,
  contributionsIndicator,
  defaultLaborDates,
  doseTotal,
  historyLabel,
  stockIndicator,
  WORK_ORDER_MSG,
  WORK_ORDER_STATUS_NAMES,
  WorkOrderBody,
  WorkOrderStatusBody,
  workOrderActions,
  workOrderTotals,
} from './index';

const valid = {
  season_plan_id: 3,
  labor_id: 2,
  price: '38',
  exchange_rate: '1050',
  labor_start_date: '2026-11-26',
  labor_end_date: '2026-11-29',
  field_crops: [{ field_crop_id: 10, hectares_to_apply: '12.5' }],
  supplies: [{ supply_id: 5, unit_id: 1, dose_to_apply: '1.5', price: '10' }],
};

const messages = (input: unknown) => {
  const r = WorkOrderBody.safeParse(input);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
};

describe('work order body', () => {
  it('an empty save answers the spec messages (doc 2 §5)', () => {
    expect(messages({})).toEqual(
      expect.arrayContaining([WORK_ORDER_MSG.establishmentRequired, WORK_ORDER_MSG.laborRequired, WORK_ORDER_MSG.exchangeRateRequired, WORK_ORDER_MSG.lotsRequired]),
    );
    expect(WORK_ORDER_MSG.establishmentRequired).toBe('Debe seleccionar un Establecimiento.');
  });

  it('a lot without hectares and a supply without dose or price', () => {
    expect(messages({ ...valid, field_crops: [{ field_crop_id: 10 }] })).toEqual([WORK_ORDER_MSG.lotsRequired]);
    expect(messages({ ...valid, field_crops: [{ hectares_to_apply: '3' }] })).toEqual([WORK_ORDER_MSG.lotsRequired]);
    expect(messages({ ...valid, supplies: [{ supply_id: 5, dose_to_apply: '1' }] })).toEqual([WORK_ORDER_MSG.suppliesRequired]);
    expect(messages({ ...valid, supplies: [{ supply_id: 5, price: '1', dose_to_apply: '0' }] })).toEqual([WORK_ORDER_MSG.suppliesRequired]);
  });

  it('parses a valid order: dose with 5 decimals, defaults, empty supply rows dropped', () => {
    const b = WorkOrderBody.parse({ ...valid, supplies: [...valid.supplies, { supply_id: '', dose_to_apply: '' }], observations: ['Repasar caminos'] });
    expect(b.supplies).toEqual([{ supply_id: 5, unit_id: 1, dose_to_apply: '1.50000', price: '10.00', fill_order: null, stock_id: null }]);
    expect(b.field_crops[0]).toMatchObject({ field_crop_id: 10, hectares_to_apply: '12.50', crop_id: null, stage_id: null });
    expect(b.status_id).toBe(1);
    expect(b.exchange_rate).toBe('1050.00');
    expect(b.observations).toEqual(['Repasar caminos']);
  });

  it('refuses an unknown observation, a repeated lot, an end before the start and a status other than 1 or 7', () => {
    expect(messages({ ...valid, observations: ['Otra'] })).toEqual([WORK_ORDER_MSG.observationInvalid]);
    expect(messages({ ...valid, field_crops: [valid.field_crops[0], valid.field_crops[0]] })).toEqual([WORK_ORDER_MSG.lotRepeated]);
    expect(messages({ ...valid, labor_end_date: '2026-11-01' })).toEqual([WORK_ORDER_MSG.endBeforeStart]);
    expect(messages({ ...valid, status_id: 3 })).toEqual([WORK_ORDER_MSG.plannedOnly]);
    expect(WorkOrderBody.parse({ ...valid, status_id: 7 }).status_id).toBe(7);
  });
});

describe('status body', () => {
  it('keeps a day, refuses a non-date with the spec message', () => {
    expect(WorkOrderStatusBody.parse({ labor_date: '2026-11-27T10:00:00Z' }).labor_date).toBe('2026-11-27');
    expect(WorkOrderStatusBody.parse({}).labor_date).toBeNull();
    const r = WorkOrderStatusBody.safeParse({ labor_date: '27/11/2026' });
    expect(r.success ? '' : r.error.issues[0].message).toBe('Debe seleccionar una fecha.');
  });
});

describe('contributions body', () => {
  it('refuses a contribution or exchange rate of 0', () => {
    const r = ContributionsBody.safeParse({ labor_contributions: { save: [{ partner_id: 1, contribution: '0', exchange_rate: '1000' }] } });
    expect(r.success ? '' : r.error.issues[0].message).toBe(WORK_ORDER_MSG.contributionPositive);
    expect(ContributionsBody.parse({}).supply_contributions).toEqual({ save: [], update: [], destroy: [] });
  });
});

describe('derived totals', () => {
  const order = {
    price: '38',
    exchange_rate: '1000',
    field_crops: [{ hectares_to_apply: '12.5' }, { hectares_to_apply: '7.25' }],
    supplies: [
      { dose_to_apply: '1.5', price: '10' },
      { dose_to_apply: '0.33333', price: '3' },
    ],
  };

  it('hectares, labor, supplies, cost in ARS and US$', () => {
    const t = workOrderTotals(order);
    expect(t.ha_total).toBe('19.75');
    expect(t.labor_total).toBe('750.50'); // 38 × 19.75
    // 1.5 × 19.75 × 10 = 296.25; 0.33333 × 19.75 × 3 = 19.7498... → 316.00
    expect(t.supplies_total).toBe('316.00');
    expect(t.total_cost).toBe('1066.50');
    expect(t.total_cost_usd).toBe('1.07');
    expect(t.percentage_contributions).toBe('0.00');
  });

  it('dose totals with 3 decimals (5 for the stock usage)', () => {
    expect(doseTotal('0.33333', '19.75')).toBe('6.583');
    expect(doseTotal('0.33333', '19.75', 5)).toBe('6.58327');
  });

  it('contribution percentage and the Aportes indicator at 99.99', () => {
    const full = workOrderTotals({ ...order, labor_contributions: [{ contribution: '750.50' }], supply_contributions: [{ contribution: '315.90' }] });
    expect(full.total_contributions).toBe('1066.40');
    expect(full.percentage_contributions).toBe('99.99');
    expect(contributionsIndicator(true, full.percentage_contributions)).toBe('success');
    expect(contributionsIndicator(true, '99.98')).toBe('warning');
    expect(contributionsIndicator(false, '100')).toBe('-');
  });

  it('Depósitos indicator', () => {
    expect(stockIndicator([])).toBe('-');
    expect(stockIndicator([{ stock_id: 1 }, { stock_id: 2 }])).toBe('success');
    expect(stockIndicator([{ stock_id: 1 }, { stock_id: null }])).toBe('warning');
  });
});

describe('labels and actions', () => {
  it('history labels (doc 2 §2.7)', () => {
    expect(historyLabel('updated', null)).toBe('Edición');
    expect(historyLabel('deleted', null)).toBe('Deshabilitada');
    expect(historyLabel('restored', null)).toBe('Habilitada');
    expect(historyLabel('status', { name: WORK_ORDER_STATUS_NAMES[3] })).toBe('Realizada');
  });

  it('row actions (doc 2 §2.6)', () => {
    const planned = workOrderActions({ status_id: 7, deleted_at: null, company: { is_an_agreement: true } }, true);
    expect(planned).toMatchObject({ contributions: false, recipes: false, toCreated: true, disable: true, enable: false });
    const deleted = workOrderActions({ status_id: 1, deleted_at: '2026-01-01', company: { is_an_agreement: true } }, true);
    expect(deleted).toMatchObject({ contributions: false, recipes: false, enable: true, disable: false });
    expect(workOrderActions({ status_id: 2, deleted_at: null, company: { is_an_agreement: true } }, true)).toMatchObject({ contributions: true, recipes: true });
  });

  it('default labor dates: today and today + 3 in Argentina time', () => {
    expect(defaultLaborDates(new Date('2026-11-27T02:00:00Z'))).toEqual({ labor_start_date: '2026-11-26', labor_end_date: '2026-11-29' });
  });
});
