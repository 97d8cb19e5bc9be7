import { describe, expect, it } from 'vitest';
import { buildFilters, rowToCondition } from './build-filters';
import type { FilterField } from './types';

const fields: FilterField[] = [
  { field: 'name', label: 'Nombre', type: 'string' },
  { field: 'hectares', label: 'Hectáreas', type: 'number' },
];

describe('buildFilters', () => {
  it('is undefined when nothing applies', () => {
    expect(buildFilters({ search: '  ', searchFields: ['name'], rows: [{ id: '1', field: 'name', condition: 'contains', value: '' }], fields })).toBeUndefined();
  });

  it('turns the search box into an OR of contains over the searchable fields', () => {
    expect(buildFilters({ search: ' lote ', searchFields: ['name', 'farm.name'] })).toEqual({
      OR: [
        { field: 'name', condition: 'contains', value: 'lote' },
        { field: 'farm.name', condition: 'contains', value: 'lote' },
      ],
    });
  });

  it('puts base conditions and complete builder rows under AND, numbers as numbers', () => {
    const out = buildFilters({
      base: [{ field: 'status_id', condition: 'in', value: [1, 2] }],
      rows: [
        { id: 'a', field: 'name', condition: 'is', value: 'Norte' },
        { id: 'b', field: 'hectares', condition: 'gt', value: '12,5' },
        { id: 'c', field: 'hectares', condition: 'lt', value: null },
        { id: 'd', field: 'unknown', condition: 'is', value: 'x' },
      ],
      fields,
      search: 'x',
      searchFields: ['name'],
    });
    expect(out).toEqual({
      AND: [
        { field: 'status_id', condition: 'in', value: [1, 2] },
        { field: 'name', condition: 'is', value: 'Norte' },
        { field: 'hectares', condition: 'gt', value: 12.5 },
      ],
      OR: [{ field: 'name', condition: 'contains', value: 'x' }],
    });
  });

  it('rejects a condition that does not belong to the field type', () => {
    expect(rowToCondition({ id: 'x', field: 'name', condition: 'gt', value: 'a' }, fields)).toBeNull();
    expect(rowToCondition({ id: 'y', field: 'hectares', condition: 'contains', value: 3 }, fields)).toBeNull();
  });
});
