import type { FilterCondition } from '@fm/domain';

export type FieldType = 'string' | 'number';

/** A field the user may filter on (whitelisted by the resource on the server). */
export type FilterField = { field: string; label: string; type: FieldType };

/** One condition row of the FilterBuilder. */
export type FilterRow = { id: string; field?: string; condition?: FilterCondition; value?: string | number | null };

export type SortState = { field: string; order: 'ASC' | 'DESC' };

export type RowKey = string | number;

/** What a screen's table remembers in sessionStorage (spec doc 1 §4 "Table state"). */
export type TableState = {
  page: number;
  per_page: number;
  search: string;
  filters: FilterRow[];
  sort?: SortState;
  selection: RowKey[];
};
