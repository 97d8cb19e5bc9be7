import { describe, expect, it } from 'vitest';
import { linkPrices } from './price-link';

describe('linked contract prices (US$/tn, ARS/tn, tipo de cambio)', () => {
  it('US$ or the rate changed: ARS = US$ × rate, 2 decimals', () => {
    expect(linkPrices('price', { price: 300, exchange_rate: 1000 })).toEqual({ price_ars: 300000 });
    expect(linkPrices('exchange_rate', { price: 312.5, exchange_rate: 1045.35 })).toEqual({ price_ars: 326671.88 });
  });
  it('ARS changed: US$ = ARS ÷ rate, 2 decimals', () => {
    expect(linkPrices('price_ars', { price_ars: 312500, exchange_rate: 1000 })).toEqual({ price: 312.5 });
    expect(linkPrices('price_ars', { price_ars: 100000, exchange_rate: 3 })).toEqual({ price: 33333.33 });
  });
  it('nothing to compute without a rate', () => {
    expect(linkPrices('price_ars', { price_ars: 1000, exchange_rate: null })).toEqual({});
    expect(linkPrices('price', { price: 10 })).toEqual({});
  });
});
