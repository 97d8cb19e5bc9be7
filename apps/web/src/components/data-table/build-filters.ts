import type { FilterCond, FilterCondition, Filters } from '@fm/domain';
import type { FieldType, FilterField, FilterRow } from './types';

/** Conditions offered per field type (spec doc 1 §5 "Filters"). */
export const CONDITIONS: Record<FieldType, { value: FilterCondition; label: string }[]> = {
  string: [
    { value: 'contains', label: 'Contiene' },
    { value: 'is', label: 'Es igual' },
  ],
  number: [
    { value: 'is', label: 'Es igual' },
    { value: 'gt', label: 'Mayor a' },
    { value: 'lt', label: 'Menor a' },
  ],
};

function isEmpty(value: FilterRow['value']): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A complete, non-empty row as a server condition; anything else does not apply. */
export function rowToCondition(row: FilterRow, fields: readonly FilterField[]): FilterCond | null {
  const def = fields.find((f) => f.field === row.field);
  if (!def || !row.condition || isEmpty(row.value)) return null;
  if (!CONDITIONS[def.type].some((c) => c.value === row.condition)) return null;
  if (def.type === 'number') {
    const n = typeof row.value === 'number' ? row.value : Number(String(row.value).replace(',', '.'));
    if (!Number.isFinite(n)) return null;
    return { field: def.field, condition: row.condition, value: n };
  }
  return { field: def.field, condition: row.condition, value: String(row.value).trim() };
}

export type BuildFiltersInput = {
  search?: string;
  searchFields?: readonly string[];
  rows?: readonly FilterRow[];
  fields?: readonly FilterField[];
  /** Fixed conditions of the screen (e.g. the tab's status), always ANDed. */
  base?: readonly FilterCond[];
};

/**
 * The `filters` JSON of a list: base and builder rows under AND, the search box as an OR of
 * `contains` over the searchable fields. Undefined when nothing applies.
 */
export function buildFilters({ search, searchFields = [], rows = [], fields = [], base = [] }: BuildFiltersInput): Filters | undefined {
  const and: FilterCond[] = [...base];
  for (const row of rows) {
    const cond = rowToCondition(row, fields);
    if (cond) and.push(cond);
  }
  const text = search?.trim() ?? '';
  const or: FilterCond[] = text ? searchFields.map((field) => ({ field, condition: 'contains' as const, value: text })) : [];
  if (and.length === 0 && or.length === 0) return undefined;
  const out: Filters = {};
  if (and.length > 0) out.AND = and;
  if (or.length > 0) out.OR = or;
  return out;
}

/** Number of builder rows that currently apply (for the Filtros badge). */
export function activeRowCount(rows: readonly FilterRow[], fields: readonly FilterField[]): number {
  return rows.filter((r) => rowToCondition(r, fields) !== null).length;
}
