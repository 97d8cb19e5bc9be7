import { describe, expect, it } from 'vitest';
import { containsSearch, SEARCH_BY_LABEL, searchBy } from './option-search';

describe('option search', () => {
  it('finds an option by its label ignoring accents and case, both in the label and in what is typed', () => {
    const matches = (input: string, label: string) => SEARCH_BY_LABEL.filterOption(input, { value: 1, label });
    expect(matches('cordoba', 'Córdoba')).toBe(true);
    expect(matches('RIO', 'Entre Ríos')).toBe(true);
    expect(matches('Neuquén', 'NEUQUEN')).toBe(true);
    expect(matches('pingüino', 'Pinguino')).toBe(true);
    expect(matches('salta', 'Córdoba')).toBe(false);
    // ñ is a letter of its own in Spanish, as in the API's search
    expect(matches('nandu', 'Ñandú')).toBe(false);
    expect(matches('ñandu', 'Ñandú')).toBe(true);
  });

  it('reads the prop it is given and tolerates an option without it', () => {
    expect(searchBy('title').filterOption('lote', { value: 1, title: 'Lote Norte', label: 'x' })).toBe(true);
    expect(searchBy('title').filterOption('lote', { value: 1, label: 'Lote Norte' })).toBe(false);
    expect(SEARCH_BY_LABEL.filterOption('a', undefined)).toBe(false);
  });

  it('a list filtered on the client matches the same way, what was typed trimmed', () => {
    expect(containsSearch('Agro Los Álamos S.A. - 2025/26', ' alamos ')).toBe(true);
    expect(containsSearch('Agro Los Álamos S.A.', 'ÁLAMO')).toBe(true);
    expect(containsSearch('Agro Los Álamos S.A.', 'olmos')).toBe(false);
    expect(containsSearch('Agro Los Álamos S.A.', '  ')).toBe(true);
  });
});
