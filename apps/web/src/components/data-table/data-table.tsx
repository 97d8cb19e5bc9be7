import { isValidElement, useMemo, useState, type ReactNode } from 'react';
import { Alert, Input, Table, type TableColumnType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, TABLE_COLUMN_MIN_WIDTH, type FilterCond } from '@fm/domain';
import { useList, type ListPage } from '../../api/use-list';
import { formatApiError } from '../../api/errors';
import type { Query } from '../../api/client';
import { buildFilters } from './build-filters';
import { ClippedText } from './clipped-text';
import { emptyText } from './empty-text';
import { FilterBuilder } from './filter-builder';
import { useTableState } from './table-state';
import type { FilterField, RowKey, TableState } from './types';
import styles from './data-table.module.css';

/**
 * An antd column; `sortField` makes it sortable by that server field (order_by). `ellipsis` shows the cell on one line
 * cut with "…", `cutLongWords` cuts only a word that does not fit; both bounded by the column's width or minWidth.
 */
export type DataColumn<T> = TableColumnType<T> & { sortField?: string; cutLongWords?: boolean };

export type DataTableProps<T> = {
  /** Screen key under which page, size, search, filters, sort and selection are remembered. */
  stateKey: string;
  /** API list path, e.g. 'workspaces' or 'grains/movements'. */
  resource: string;
  columns: DataColumn<T>[];
  rowKey: (row: T) => RowKey;
  /** Fields the search box looks in (OR of `contains`); no box when empty. */
  searchFields?: string[];
  searchPlaceholder?: string;
  /** Fields offered by the FilterBuilder; no builder when empty. */
  filterFields?: FilterField[];
  defaultPageSize?: number;
  /** Fixed conditions of this screen, always ANDed (e.g. a tab's statuses). */
  baseFilters?: FilterCond[];
  extraQuery?: Query;
  selectable?: boolean;
  onSelectionChange?: (keys: RowKey[]) => void;
  /** Toolbar slot on the right, e.g. the Crear button. */
  toolbar?: ReactNode;
  size?: TableProps<T>['size'];
  /** Content under the table built from the loaded page (e.g. totals the server sends in the envelope). */
  summary?: (page: ListPage<T> | undefined) => ReactNode;
  /** Row click (e.g. open a detail panel). */
  onRowClick?: (row: T) => void;
};

/** Room a column needs at the least: its width, else its minimum width (spec doc 1 §9: 50 px). */
function leastWidth<T>(col: DataColumn<T>): number {
  if (typeof col.width === 'number') return col.width;
  return typeof col.minWidth === 'number' ? col.minWidth : TABLE_COLUMN_MIN_WIDTH;
}

/** The checkbox column antd adds for row selection. */
const SELECTION_COLUMN_WIDTH = 32;

/**
 * Scroll width of the table: the columns' least widths. Where the screen is wider the table takes its whole width and
 * the columns share it by content, so none hides behind the fixed actions column; narrower, it scrolls sideways.
 */
export function tableScrollWidth<T>(columns: readonly DataColumn<T>[], selectable = false): number {
  return columns.reduce((sum, col) => sum + leastWidth(col), selectable ? SELECTION_COLUMN_WIDTH : 0);
}

/** A cell that is not a plain node (antd's { props, children } render result) is left as it is. */
const isNode = (v: unknown): v is ReactNode => v === null || v === undefined || typeof v !== 'object' || Array.isArray(v) || isValidElement(v);

/**
 * antd's own `ellipsis` needs tableLayout fixed, which the lists do not use (columns share the width by content), so
 * the cells of such a column are bounded here instead, with the full text on hover.
 */
function withClippedCells<T>({ ellipsis, cutLongWords, render, ...col }: DataColumn<T>): DataColumn<T> {
  if (!ellipsis && !cutLongWords) return { ...col, render };
  const width = leastWidth(col);
  return {
    ...col,
    render: (value: unknown, row: T, index: number) => {
      const shown: unknown = render ? render(value, row, index) : value;
      if (!isNode(shown)) return shown as ReturnType<NonNullable<typeof render>>;
      const title = typeof shown !== 'string' && typeof value === 'string' ? value : undefined;
      return (
        <ClippedText width={width} cut={ellipsis ? 'line' : 'words'} title={title}>
          {shown}
        </ClippedText>
      );
    },
  };
}

function sortOrderOf(state: TableState, field: string | undefined) {
  if (!field || state.sort?.field !== field) return null;
  return state.sort.order === 'ASC' ? ('ascend' as const) : ('descend' as const);
}

/** The one list component (spec doc 1 §2.5, §4, §9): server paging, sort, search, filters, saved state. */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { stateKey, resource, rowKey, searchFields = [], filterFields = [], baseFilters, extraQuery, selectable } = props;
  const [state, update] = useTableState(stateKey, props.defaultPageSize ?? DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState(state.search);

  const filters = useMemo(
    () => buildFilters({ search: state.search, searchFields, rows: state.filters, fields: filterFields, base: baseFilters }),
    [state.search, state.filters, searchFields, filterFields, baseFilters],
  );
  const list = useList<T>(resource, {
    page: state.page,
    per_page: state.per_page,
    order_by: state.sort?.field,
    order: state.sort?.order,
    filters,
    extra: extraQuery,
  });

  const columns = props.columns.map(withClippedCells).map(({ sortField, ...col }) => ({
    ...col,
    minWidth: col.minWidth ?? TABLE_COLUMN_MIN_WIDTH,
    sorter: sortField ? true : col.sorter,
    sortOrder: sortField ? sortOrderOf(state, sortField) : col.sortOrder,
    key: col.key ?? sortField,
  }));

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    const col = props.columns.find((c) => c.sortField && (c.key ?? c.sortField) === s?.columnKey);
    const sort = col?.sortField && s?.order ? { field: col.sortField, order: s.order === 'ascend' ? ('ASC' as const) : ('DESC' as const) } : undefined;
    const perPage = pagination.pageSize ?? state.per_page;
    const sortChanged = sort?.field !== state.sort?.field || sort?.order !== state.sort?.order;
    update({
      page: perPage !== state.per_page || sortChanged ? 1 : (pagination.current ?? 1),
      per_page: perPage,
      sort,
    });
  };

  const commitSearch = (value: string) => update({ search: value.trim(), page: 1 });

  return (
    <div>
      {(searchFields.length > 0 || filterFields.length > 0 || props.toolbar) && (
        <div className={styles.toolbar}>
          <div className={styles.toolbarLeft}>
            {searchFields.length > 0 && (
              <Input.Search
                className={styles.search}
                placeholder={props.searchPlaceholder ?? 'Buscar'}
                aria-label="Buscar"
                allowClear
                value={searchText}
                maxLength={200}
                onChange={(e) => {
                  setSearchText(e.target.value);
                  if (e.target.value === '') commitSearch('');
                }}
                onSearch={commitSearch}
              />
            )}
            {filterFields.length > 0 && (
              <FilterBuilder fields={filterFields} value={state.filters} onChange={(rows) => update({ filters: rows, page: 1 })} />
            )}
          </div>
          <div className={styles.toolbarRight}>{props.toolbar}</div>
        </div>
      )}
      {list.error && <Alert type="warning" showIcon title={formatApiError(list.error)} style={{ marginBottom: 12, whiteSpace: 'pre-line' }} />}
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isFetching}
        size={props.size ?? 'middle'}
        scroll={{ x: tableScrollWidth(columns, selectable) }}
        tableLayout="auto"
        locale={{ emptyText: emptyText(list.isFetching) }}
        onChange={onChange}
        onRow={props.onRowClick ? (row) => ({ onClick: () => props.onRowClick?.(row), style: { cursor: 'pointer' } }) : undefined}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: state.selection,
                preserveSelectedRowKeys: true,
                onChange: (keys) => {
                  const selection = keys.filter((k): k is RowKey => typeof k === 'string' || typeof k === 'number');
                  update({ selection });
                  props.onSelectionChange?.(selection);
                },
              }
            : undefined
        }
        pagination={{
          current: state.page,
          pageSize: state.per_page,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES.map(String),
          showSizeChanger: true,
          showTotal: (total) => `${total} ${total === 1 ? 'registro' : 'registros'}`,
        }}
      />
      {props.summary?.(list.data)}
    </div>
  );
}
