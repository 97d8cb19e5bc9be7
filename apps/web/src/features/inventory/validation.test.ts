import { describe, expect, it } from 'vitest';
import { missingRowFields, validateEntry, validateMove } from './validation';

describe('stock entry validation (spec doc 2 §5)', () => {
  it('an empty save gives the spec messages, in order', () => {
    expect(validateEntry({})).toEqual(['Debe seleccionar un deposito', 'Debe seleccionar una empresa', 'falta completar Insumo, Cantidad, Precio']);
  });

  it('lists only what a row lacks, once per distinct message', () => {
    expect(missingRowFields({ supply_id: 3, quantity: 0, price: 0 })).toEqual(['Cantidad']);
    expect(
      validateEntry({ warehouse_id: 1, company_id: 2, supplies: [{ supply_id: 3, quantity: 5 }, { supply_id: 4, quantity: 1 }, { price: 2, quantity: 1 }] }),
    ).toEqual(['falta completar Precio', 'falta completar Insumo']);
  });

  it('a complete entry has no messages (price 0 is a price)', () => {
    expect(validateEntry({ warehouse_id: 1, company_id: 2, supplies: [{ supply_id: 3, quantity: 1.5, price: 0 }] })).toEqual([]);
  });
});

describe('movement validation', () => {
  const source = (id: number) => (id === 10 ? 1 : 2);
  it('needs warehouse, company and a row with stock and quantity', () => {
    expect(validateMove({}, source)).toEqual(['Debe seleccionar un deposito', 'Debe seleccionar una empresa', 'falta completar Insumo, Cantidad']);
  });
  it('refuses moving into the source warehouse', () => {
    expect(validateMove({ warehouse_id: 1, company_id: 1, stocks: [{ stock_id: 10, quantity: 2 }] }, source)).toEqual([
      'El depósito de destino debe ser distinto al de origen.',
    ]);
    expect(validateMove({ warehouse_id: 1, company_id: 1, stocks: [{ stock_id: 11, quantity: 2 }] }, source)).toEqual([]);
  });
});
