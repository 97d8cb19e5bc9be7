import { useEffect, useMemo, useState } from 'react';
import { Select, Spin, Typography } from 'antd';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { INVENTORY_CATALOGUE_MSG, INVENTORY_MSG, SUPPLY_PICKER_PAGE_SIZE as PAGE_SIZE } from '@fm/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/hooks';

/** Page size of supply pickers (spec doc 2 §9). */
export const SUPPLY_PICKER_PAGE_SIZE = PAGE_SIZE;
export const SUPPLY_IN_USE = INVENTORY_MSG.supplyInUse;
export const NO_MORE_OPTIONS = INVENTORY_CATALOGUE_MSG.noMoreOptions;
export const NO_OPTIONS = INVENTORY_CATALOGUE_MSG.noOptions;

/** What the picker needs of a supply (GET supplies row). */
export type PickedSupply = {
  supply_id: number;
  name: string;
  brand?: { name: string } | null;
  generic?: { name: string } | null;
  unit?: { unit_id: number; name: string } | null;
};

type Props = {
  value?: number | null;
  onChange?: (supplyId: number | undefined, supply?: PickedSupply) => void;
  /** Supplies already chosen in other rows of the list: shown, but not selectable. */
  usedIds?: readonly number[];
  /** Label of the current value while its page is not loaded (e.g. a prefilled row). */
  valueLabel?: string;
  /** Only supplies this company holds stock of (GET supplies company_id filter). */
  companyId?: number;
  placeholder?: string;
  disabled?: boolean;
  status?: 'error' | 'warning';
  'aria-label'?: string;
  style?: React.CSSProperties;
};

function filtersOf(term: string, companyId?: number): string | undefined {
  const and = companyId ? [{ field: 'company_id', condition: 'is', value: companyId }] : [];
  const or = term ? [{ field: 'name', condition: 'contains', value: term }, { field: 'generic.name', condition: 'contains', value: term }] : [];
  if (and.length === 0 && or.length === 0) return undefined;
  return JSON.stringify({ ...(and.length ? { AND: and } : {}), ...(or.length ? { OR: or } : {}) });
}

function labelOf(s: PickedSupply): string {
  return s.brand?.name ? `${s.name} (${s.brand.name})` : s.name;
}

/**
 * Supply picker (spec doc 2 §2.8): searches GET supplies by name or active ingredient, 10 per page, more on scroll;
 * a supply already in the list is offered disabled with 'Este insumo ya esta siendo utilizado'; the list ends with
 * 'No hay más opciones', or says 'No hay opciones' when nothing matches.
 */
export function SupplyPicker({ value, onChange, usedIds = [], valueLabel, companyId, placeholder = 'Buscá un insumo', disabled, status, style, ...rest }: Props) {
  const workspaceId = useSession()?.workspaceId ?? null;
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setTerm(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  const query = useInfiniteQuery({
    queryKey: ['list', 'supplies', 'picker', workspaceId, term, companyId ?? null],
    initialPageParam: 1,
    queryFn: async ({ pageParam, signal }) => {
      const res = await api.get<PickedSupply[]>('supplies', {
        query: { pagination: true, page: pageParam, per_page: SUPPLY_PICKER_PAGE_SIZE, order_by: 'name', order: 'ASC', filters: filtersOf(term, companyId) },
        signal,
      });
      return { rows: Array.isArray(res.data) ? res.data : [], total: res.total ?? 0, page: pageParam };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return last.rows.length === SUPPLY_PICKER_PAGE_SIZE && loaded < last.total ? last.page + 1 : undefined;
    },
    enabled: open || value !== undefined,
    placeholderData: keepPreviousData,
  });

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  const used = new Set(usedIds.filter((id) => id !== value));
  const options = rows.map((s) => ({
    value: s.supply_id,
    title: labelOf(s),
    disabled: used.has(s.supply_id),
    label: used.has(s.supply_id) ? (
      <span>
        {labelOf(s)}{' '}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {SUPPLY_IN_USE}
        </Typography.Text>
      </span>
    ) : (
      labelOf(s)
    ),
  }));
  if (value && !rows.some((s) => s.supply_id === value)) options.unshift({ value, title: valueLabel ?? '', disabled: false, label: valueLabel ?? String(value) });

  return (
    <Select<number>
      {...rest}
      style={style}
      value={value ?? undefined}
      disabled={disabled}
      status={status}
      placeholder={placeholder}
      allowClear
      open={open}
      onOpenChange={setOpen}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      options={options}
      optionLabelProp="title"
      loading={query.isFetching}
      notFoundContent={query.isFetching ? <Spin size="small" /> : NO_OPTIONS}
      onChange={(id) => {
        const supply = rows.find((s) => s.supply_id === id);
        if (id !== undefined && used.has(id)) return;
        onChange?.(id ?? undefined, supply);
        setSearch('');
      }}
      onPopupScroll={(e) => {
        const el = e.currentTarget;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 24 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
      }}
      popupRender={(menu) => (
        <>
          {menu}
          {rows.length > 0 && !query.hasNextPage && !query.isFetching && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}>
              {NO_MORE_OPTIONS}
            </Typography.Text>
          )}
          {query.isFetchingNextPage && <Spin size="small" style={{ display: 'block', padding: 4 }} />}
        </>
      )}
    />
  );
}
