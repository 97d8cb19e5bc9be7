import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  addQuantity,
  AdjustmentBody,
  expirationStatus,
  INVENTORY_MSG,
  missingEntryFields,
  MovementRow,
  toBig,
  pppAfterEntry,
  pppWithoutEntry,
  StockEntryHeader,
  StockEntryRow,
  stockValue,
  stockValueUsd,
} from './inventory';

describe('PPP (weighted average price) with decimal arithmetic', () => {
  it('an empty stock takes the entry price', () => {
    expect(pppAfterEntry('0', '0', '100', '1500.5')).toBe('1500.5000');
  });

  it('averages by quantity over several entries', () => {
    // 100 @ 10, then 50 @ 16: (1000 + 800) / 150 = 12
    const p1 = pppAfterEntry('0', '0', '100', '10');
    const p2 = pppAfterEntry('100', p1, '50', '16');
    expect(p2).toBe('12.0000');
    // then 30 @ 7.3: (150*12 + 30*7.3) / 180 = 2019/180 = 11.2166...
    expect(pppAfterEntry('150', p2, '30', '7.3')).toBe('11.2167');
  });

  it('does not suffer float error where binary floating point does', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; here 3 @ 0.1 and 3 @ 0.2 average exactly 0.15
    expect(pppAfterEntry('3', '0.1', '3', '0.2')).toBe('0.1500');
    expect(addQuantity('0.1', '0.2')).toBe('0.30000');
    expect(stockValue('1.1', '3.3')).toBe('3.63');
  });

  it('works back the PPP without an entry that is not the latest', () => {
    // 100 @ 10 + 50 @ 16 = 150 @ 12; removing the 50 @ 16 gives back 10
    expect(pppWithoutEntry('150', '12', '50', '16', '10')).toBe('10.0000');
    // nothing left: the recorded PPP before the entry
    expect(pppWithoutEntry('50', '12', '50', '16', '9.5')).toBe('9.5000');
    // never negative
    expect(pppWithoutEntry('60', '1', '50', '16', '9')).toBe('0.0000');
  });

  it('values stock in pesos and dollars', () => {
    expect(stockValue('150', '12.3456')).toBe('1851.84');
    expect(stockValueUsd('150', '12', '1000')).toBe('1.80');
    expect(stockValueUsd('150', '12', null)).toBeNull();
    expect(stockValueUsd('150', '12', '0')).toBeNull();
  });
});

describe('stock entry bodies', () => {
  it("lists the row's empty required fields by their Spanish names", () => {
    expect(missingEntryFields({})).toEqual(['Insumo', 'Cantidad', 'Precio']);
    expect(missingEntryFields({ supply_id: 3, quantity: '', price: 10 })).toEqual(['Cantidad']);
    expect(missingEntryFields({ supply_id: 0, quantity: 1, price: 0 })).toEqual(['Insumo']);
    expect(INVENTORY_MSG.missingFields(missingEntryFields({ supply_id: 1 }))).toBe('falta completar Cantidad, Precio');
  });

  it('parses decimals as numbers or strings (comma or point) and rounds half-up', () => {
    expect(toBig('1234,5')?.toString()).toBe('1234.5');
    expect(toBig('abc')).toBeUndefined();
    expect(toBig(Number.NaN)).toBeUndefined();
    const row = StockEntryRow.parse({ supply_id: '7', quantity: '10.123456', price: 2.00005, exchange_rate: '', expiration_date: '2026-03-01T00:00:00.000Z' });
    expect(row).toEqual({ supply_id: 7, unit_id: null, quantity: '10.12346', price: '2.0001', exchange_rate: null, expiration_date: '2026-03-01' });
  });

  it('refuses non-positive quantities, negative prices, bad dates and bad rates', () => {
    const bad = StockEntryRow.safeParse({ supply_id: 1, quantity: 0, price: -1, exchange_rate: 0, expiration_date: '2026-02-30' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([INVENTORY_MSG.quantityPositive, INVENTORY_MSG.priceNotNegative, INVENTORY_MSG.exchangeRatePositive, INVENTORY_MSG.dateInvalid]));
    expect(MovementRow.safeParse({ stock_id: 1, quantity: '1e5' }).success).toBe(false);
  });

  it('reads the header from multipart text fields', () => {
    expect(StockEntryHeader.parse({ warehouse_id: '3', company_id: '4', provider_id: '', stock_id: '', invoice: ' A-0001 ' })).toMatchObject({
      warehouse_id: 3,
      company_id: 4,
      provider_id: null,
      stock_id: null,
      invoice: 'A-0001',
      observations: null,
    });
  });

  it('an adjustment takes the counted quantity, zero included', () => {
    expect(AdjustmentBody.parse({ stock_destiny_id: '5', quantity: 0 })).toEqual({ stock_destiny_id: 5, quantity: '0.00000', observations: null });
    expect(AdjustmentBody.safeParse({ stock_destiny_id: 5, quantity: -1 }).error?.issues[0].message).toBe(INVENTORY_MSG.quantityNotNegative);
  });
});

describe('expiration status', () => {
  it('expired before today, expiring within 30 days', () => {
    expect(expirationStatus('2026-01-09', '2026-01-10')).toBe('expired');
    expect(expirationStatus('2026-01-10', '2026-01-10')).toBe('expiring');
    expect(expirationStatus('2026-02-09', '2026-01-10')).toBe('expiring');
    expect(expirationStatus('2026-02-10', '2026-01-10')).toBeNull();
    expect(expirationStatus(null, '2026-01-10')).toBeNull();
  });
});

describe('stock values on scaled integers', () => {
  // seeded, so a failure reproduces
  let seed = 20261207;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  /** Up to `digits` integer digits and exactly `scale` decimals, as the columns hold them. */
  const column = (digits: number, scale: number) => (random() * 10 ** (1 + Math.floor(random() * digits))).toFixed(scale);

  it('equal big.js (quantity × PPP, then ÷ rate at 20 decimals, half up to 2) on 3,000 random stocks and the ties', () => {
    const reference = (q: string, p: string, r: string) => ({
      ars: new Big(q).times(p).round(2, Big.roundHalfUp).toFixed(2),
      usd: new Big(r).lte(0) ? null : new Big(q).times(p).div(r).round(2, Big.roundHalfUp).toFixed(2),
    });
    const cases: [string, string, string][] = [
      ['1', '0.005', '1'],
      ['1', '0.0049', '1'],
      ['3', '1', '0.01'],
      ['0.00001', '0.0001', '1000'],
      ['2', '1.0025', '1'],
      ['1', '1', '3'],
      ['0', '12.5', '950'],
    ];
    for (let i = 0; i < 3000; i++) cases.push([column(9, 5), column(9, 4), column(5, 2)]);
    for (const [q, p, r] of cases) {
      expect({ ars: stockValue(q, p), usd: stockValueUsd(q, p, r) }, `${q} × ${p} ÷ ${r}`).toEqual(reference(q, p, r));
    }
  });

  it('the expiry warning follows the day asked for, not the first one', () => {
    expect(expirationStatus('2026-01-20', '2026-01-10')).toBe('expiring');
    expect(expirationStatus('2026-03-01', '2026-01-10')).toBeNull();
    expect(expirationStatus('2026-03-01', '2026-02-25')).toBe('expiring');
    expect(expirationStatus('2026-03-01', '2026-01-10')).toBeNull();
  });
});
