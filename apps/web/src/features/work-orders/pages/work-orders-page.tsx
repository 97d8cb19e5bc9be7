import { useMemo, useState } from 'react';
import { Button, Input, Select, Space, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { WORK_ORDER_STATUSES, WORK_ORDER_TABS, WORK_ORDER_TAB_LABELS, WORK_ORDER_TAB_STATUSES, formatDate, hasAddon, workOrderActions, type FilterCond, type WorkOrderTab } from '@fm/domain';
import { DataTable, loadTableState, saveTableState, type DataColumn } from '../../../components/data-table';
import { defaultTableState } from '../../../components/data-table/table-state';
import { useCan, useFlag, useSession } from '../../../session/hooks';
import { useCrops, useSeasonPlans } from '../../sowing-plan/queries';
import { RecipeRequestModal } from '../../recipes';
import { ContributionsIndicator, StockIndicator } from '../components/indicators';
import { OrderRowActions, type RowCommands } from '../components/order-row-actions';
import { StatusModal, type StatusTarget } from '../components/status-modal';
import { useLabors, WO_RESOURCE } from '../queries';
import { useOrderCommands } from '../use-order-commands';
import type { WorkOrder } from '../types';
import styles from '../components/work-orders.module.css';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Filter = { key: string; field: string; label: string; options: { value: number; label: string }[] };

const unique = <T,>(rows: T[], key: (r: T) => number, label: (r: T) => string) => {
  const map = new Map<number, string>();
  for (const r of rows) map.set(key(r), label(r));
  return [...map].map(([value, l]) => ({ value, label: l })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
};

/** Órdenes de trabajo (/orden-de-trabajo, spec doc 2 §2.6): tabs, filters, indicators and the row actions. */
export default function WorkOrdersPage() {
  const navigate = useNavigate();
  const session = useSession();
  const canRecipes = useCan('agro_recipes', 'read');
  const recipesOn = useFlag('agro_recipes');
  const can = {
    create: useCan('work_orders', 'create'),
    update: useCan('work_orders', 'update'),
    delete: useCan('work_orders', 'delete'),
    recipes: canRecipes && recipesOn && hasAddon(session?.addons, 'Recetas'),
  };
  const [tab, setTab] = useState<WorkOrderTab>('created');
  const [statusTarget, setStatusTarget] = useState<StatusTarget | null>(null);
  const [recipeTarget, setRecipeTarget] = useState<WorkOrder | null>(null);
  const [picked, setPicked] = useState<Record<string, number | undefined>>({});
  // GET work-orders searches company, farm, labor and lot names with its own `search` parameter
  const [search, setSearch] = useState('');
  const [searchText, setSearchText] = useState('');
  const commands = useOrderCommands();
  const plans = useSeasonPlans();
  const labors = useLabors();
  const crops = useCrops();

  /** A new search or filter starts the tables on their first page (they remount under a new key). */
  const firstPage = () => {
    for (const t of WORK_ORDER_TABS) {
      const key = `work-orders-${t}`;
      const saved = loadTableState(key);
      if (saved) saveTableState(key, { ...defaultTableState(5), ...saved, page: 1 });
    }
  };
  const applySearch = (v: string) => {
    firstPage();
    setSearch(v);
  };

  const filters: Filter[] = useMemo(() => {
    const p = plans.data ?? [];
    const tabStatuses = tab === 'disabled' ? WORK_ORDER_STATUSES.map((s) => s.status_id) : WORK_ORDER_TAB_STATUSES[tab];
    return [
      { key: 'season', field: 'season_id', label: 'Campaña', options: unique(p, (x) => x.season.season_id, (x) => x.season.name) },
      { key: 'company', field: 'company_id', label: 'Empresa', options: unique(p, (x) => x.company.company_id, (x) => x.company.name) },
      { key: 'farm', field: 'farm_id', label: 'Establecimiento', options: unique(p, (x) => x.farm.farm_id, (x) => x.farm.name) },
      { key: 'labor', field: 'labor_id', label: 'Labor', options: (labors.data ?? []).map((l) => ({ value: l.labor_id, label: l.name })) },
      { key: 'crop', field: 'crop_id', label: 'Cultivo', options: (crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name })) },
      ...(tabStatuses.length > 1
        ? [{ key: 'status', field: 'status_id', label: 'Estado', options: WORK_ORDER_STATUSES.filter((s) => (tabStatuses as readonly number[]).includes(s.status_id)).map((s) => ({ value: s.status_id, label: s.name })) }]
        : []),
    ];
  }, [plans.data, labors.data, crops.data, tab]);

  const baseFilters = useMemo<FilterCond[]>(
    () => filters.filter((f) => picked[f.key] !== undefined).map((f) => ({ field: f.field, condition: 'is' as const, value: picked[f.key] as number })),
    [filters, picked],
  );

  const run: RowCommands = {
    duplicate: (o) => void navigate(`/orden-de-trabajo/duplicar?work_order_id=${o.work_order_id}`),
    detail: (o) => void navigate(`/orden-de-trabajo/detalle?work_order_id=${o.work_order_id}`),
    pdf: (o) => void commands.pdf(o),
    changeStatus: (o) => setStatusTarget(o),
    contributions: (o) => void navigate(`/aportes?work_order_id=${o.work_order_id}`),
    recipes: (o) => setRecipeTarget(o),
    toCreated: (o) => void commands.toCreated(o),
    disable: (o) => void commands.disableOrder(o),
    enable: (o) => void commands.restoreOrder(o),
  };

  // The least widths add up to 972 px, the list's room at 1280 px with a scroll bar, so nothing scrolls under the
  // fixed Acciones column from there up; the name columns share what is left by their content.
  const columns: DataColumn<WorkOrder>[] = [
    { title: 'Id', dataIndex: 'work_order_id', sortField: 'work_order_id', width: 56 },
    { title: 'Campaña', key: 'season', width: 90, render: (_: unknown, o) => o.season.name },
    { title: 'Empresa', key: 'company', minWidth: 70, render: (_: unknown, o) => o.company.name },
    { title: 'Establecimiento', key: 'farm', minWidth: 72, render: (_: unknown, o) => o.farm.name },
    { title: 'Lotes', key: 'lots', minWidth: 60, render: (_: unknown, o) => o.field_crops.map((f) => f.field.name).join(' - ') },
    {
      title: 'Cultivo',
      key: 'crop',
      minWidth: 60,
      render: (_: unknown, o) => [...new Set(o.field_crops.map((f) => f.crop?.name).filter(Boolean))].join(' - ') || '-',
    },
    { title: 'Labor', key: 'labor', minWidth: 70, render: (_: unknown, o) => o.labor.name },
    { title: 'Fecha', dataIndex: 'created_at', sortField: 'created_at', width: 96, className: styles.nowrap, render: (v: string) => formatDate(v) },
    {
      title: 'Estado',
      key: 'status',
      sortField: 'status_id',
      width: 106,
      render: (_: unknown, o) => <Tag color={o.deleted_at ? 'default' : o.status_id === 7 ? 'blue' : o.status_id === 3 ? 'green' : undefined}>{o.status.name}</Tag>,
    },
    {
      title: 'Aportes',
      key: 'contributions',
      width: 108,
      render: (_: unknown, o) => (
        <ContributionsIndicator order={o} onClick={workOrderActions(o, false).contributions && can.update ? () => run.contributions(o) : undefined} />
      ),
    },
    { title: 'Depósitos', key: 'stock', width: 96, align: 'center', render: (_: unknown, o) => <StockIndicator order={o} compact /> },
    { title: 'Acciones', key: 'actions', fixed: 'right', width: 88, render: (_: unknown, o) => <OrderRowActions order={o} can={can} run={run} /> },
  ];

  const table = (t: WorkOrderTab) => (
    <DataTable<WorkOrder>
      key={`${t}-${search}-${JSON.stringify(picked)}`}
      stateKey={`work-orders-${t}`}
      resource={WO_RESOURCE}
      columns={columns}
      rowKey={(o) => o.work_order_id}
      defaultPageSize={5}
      extraQuery={{ tab: t, contributions: true, search: search || undefined }}
      baseFilters={baseFilters}
      filterFields={[{ field: 'work_order_id', label: 'Id', type: 'number' }]}
      toolbar={
        can.create && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/orden-de-trabajo/nueva')}>
            Crear
          </Button>
        )
      }
    />
  );

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Órdenes de trabajo
      </Typography.Title>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          aria-label="Buscar"
          placeholder="Buscar empresa, establecimiento, lote o labor"
          allowClear
          maxLength={120}
          style={{ width: 320 }}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value);
            if (e.target.value === '') applySearch('');
          }}
          onSearch={(v) => applySearch(v.trim())}
        />
        {filters.map((f) => (
          <Select
            key={f.key}
            allowClear
            aria-label={`Filtrar por ${f.label.toLowerCase()}`}
            placeholder={f.label}
            style={{ width: 170 }}
            value={picked[f.key]}
            onChange={(v: number | undefined) => {
              firstPage();
              setPicked((p) => ({ ...p, [f.key]: v }));
            }}
            showSearch={SEARCH_BY_LABEL}
            options={f.options}
          />
        ))}
      </Space>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          setTab(k as WorkOrderTab);
          setPicked((p) => ({ ...p, status: undefined }));
        }}
        destroyOnHidden
        items={WORK_ORDER_TABS.map((t) => ({ key: t, label: WORK_ORDER_TAB_LABELS[t], children: table(t) }))}
      />
      <StatusModal target={statusTarget} onClose={() => setStatusTarget(null)} />
      <RecipeRequestModal workOrder={recipeTarget} onClose={() => setRecipeTarget(null)} />
    </div>
  );
}

