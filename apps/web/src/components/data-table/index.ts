export { DataTable, tableScrollWidth, type DataColumn, type DataTableProps } from './data-table';
export { ClippedText } from './clipped-text';
export { emptyText } from './empty-text';
export { FilterBuilder } from './filter-builder';
export { buildFilters, rowToCondition, CONDITIONS } from './build-filters';
export { useTableState, loadTableState, saveTableState, storageKey } from './table-state';
export type { FilterField, FilterRow, TableState, RowKey, SortState } from './types';
