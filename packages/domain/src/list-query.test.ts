import { describe, expect, it } from 'vitest';
import { filterFieldsWith, invalidFilterValue } from './list-query';

describe('filterFieldsWith', () => {
  it('names each field filtered with the condition once, under AND and OR', () => {
    const raw = JSON.stringify({
      AND: [{ field: 'name', condition: 'similar_to', value: '(a' }, { field: 'email', condition: 'contains', value: 'x' }],
      OR: [{ field: 'contact_name', condition: 'similar_to', value: 'b' }, { field: 'name', condition: 'similar_to', value: 'c' }],
    });
    expect(filterFieldsWith(raw, 'similar_to')).toEqual(['name', 'contact_name']);
    expect(invalidFilterValue(...filterFieldsWith(raw, 'similar_to'))).toBe("Valor de filtro inválido para 'name', 'contact_name'");
  });

  it('names none when the parameter is missing, not JSON or not the filters shape', () => {
    expect(filterFieldsWith(undefined, 'similar_to')).toEqual([]);
    expect(filterFieldsWith('{"AND":[', 'similar_to')).toEqual([]);
    expect(filterFieldsWith('{"WHERE":[]}', 'similar_to')).toEqual([]);
  });
});
