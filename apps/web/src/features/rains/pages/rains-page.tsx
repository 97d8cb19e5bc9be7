import { useMemo, useState } from 'react';
import { Button, Select, Space, Tooltip, Typography } from 'antd';
import { BarChartOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { formatDate, formatNumber, type FilterCond, type RainRow } from '@fm/domain';
import { DataTable, loadTableState, saveTableState, type DataColumn } from '../../../components/data-table';
import { defaultTableState } from '../../../components/data-table/table-state';
import { confirmAction } from '../../../components/feedback';
import { DateInput } from '../../../components/form';
import { useFarms } from '../../land/queries';
import { RAINS_RESOURCE, useRainMutations } from '../queries';
import { RAIN_TEXT as T } from '../texts';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

const STATE_KEY = 'rains';

/** A new filter starts the saved table on its first page. */
function firstPage(): void {
  const saved = loadTableState(STATE_KEY);
  if (saved) saveTableState(STATE_KEY, { ...defaultTableState(10), ...saved, page: 1 });
}

const dayBefore = (d: Dayjs) => d.subtract(1, 'day').format('YYYY-MM-DD');
const dayAfter = (d: Dayjs) => d.add(1, 'day').format('YYYY-MM-DD');

/** Registro de lluvias (/lluvias): farm and date filters, search, Nueva lluvia, Ver / Editar / Eliminar. */
export default function RainsPage() {
  const navigate = useNavigate();
  const farms = useFarms('workspace');
  const { remove } = useRainMutations();
  const [farmId, setFarmId] = useState<number | undefined>();
  const [from, setFrom] = useState<Dayjs | null>(null);
  const [to, setTo] = useState<Dayjs | null>(null);
  const baseFilters = useMemo<FilterCond[]>(() => {
    const f: FilterCond[] = [];
    if (farmId !== undefined) f.push({ field: 'rain.farm_id', condition: 'is', value: farmId });
    if (from) f.push({ field: 'rain.date', condition: 'gt', value: dayBefore(from) });
    if (to) f.push({ field: 'rain.date', condition: 'lt', value: dayAfter(to) });
    return f;
  }, [farmId, from, to]);

  const onDelete = (r: RainRow) =>
    confirmAction({
      confirm: { title: T.confirmDelete, content: `${r.farm_name} — ${formatDate(r.date)} — ${formatNumber(r.millimeters, 1)} mm`, okText: T.delete, danger: true },
      run: () => remove.mutateAsync(r.rain_id),
      success: 'Lluvia eliminada',
    });

  const columns: DataColumn<RainRow>[] = [
    { title: T.date, dataIndex: 'date', sortField: 'date', width: 110, render: (v: string) => formatDate(v) },
    { title: T.farm, dataIndex: 'farm_name', sortField: 'farm', minWidth: 160 },
    { title: T.plot, dataIndex: 'field_name', sortField: 'field', minWidth: 130, render: (v: string | null) => v ?? '—' },
    { title: T.millimeters, dataIndex: 'millimeters', sortField: 'millimeters', align: 'right', width: 110, render: (v: string) => formatNumber(v, 1) },
    { title: T.observations, dataIndex: 'observations', minWidth: 180, ellipsis: true, render: (v: string | null) => v ?? '' },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_: unknown, r) => (
        <Space size={0} wrap={false}>
          <Tooltip title={T.view}>
            <Button type="text" size="small" aria-label={T.view} icon={<EyeOutlined />} onClick={() => void navigate(`/lluvias/${r.rain_id}`)} />
          </Tooltip>
          <Tooltip title={T.edit}>
            <Button type="text" size="small" aria-label={T.edit} icon={<EditOutlined />} onClick={() => void navigate(`/lluvias/${r.rain_id}/editar`)} />
          </Tooltip>
          <Tooltip title={T.delete}>
            <Button type="text" size="small" danger aria-label={T.delete} icon={<DeleteOutlined />} onClick={() => void onDelete(r)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const filterKey = `${farmId ?? ''}-${from?.format('YYYY-MM-DD') ?? ''}-${to?.format('YYYY-MM-DD') ?? ''}`;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {T.listTitle}
      </Typography.Title>
      <DataTable<RainRow>
        key={filterKey}
        stateKey={STATE_KEY}
        resource={RAINS_RESOURCE}
        columns={columns}
        rowKey={(r) => r.rain_id}
        defaultPageSize={10}
        baseFilters={baseFilters}
        searchFields={['rain.search']}
        searchPlaceholder={T.search}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              aria-label="Filtrar por establecimiento"
              placeholder={T.farm}
              style={{ width: 200 }}
              value={farmId}
              onChange={(v: number | undefined) => {
                firstPage();
                setFarmId(v);
              }}
              showSearch={SEARCH_BY_LABEL}
              options={(farms.data ?? []).map((f) => ({ value: f.farm_id, label: f.name }))}
            />
            <DateInput
              aria-label="Desde"
              placeholder={T.from}
              value={from}
              onChange={(d) => {
                firstPage();
                setFrom(Array.isArray(d) ? null : d);
              }}
            />
            <DateInput
              aria-label="Hasta"
              placeholder={T.to}
              value={to}
              onChange={(d) => {
                firstPage();
                setTo(Array.isArray(d) ? null : d);
              }}
            />
            <Button icon={<BarChartOutlined />} onClick={() => void navigate('/lluvias/eventos')}>
              {T.eventsButton}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/lluvias/nueva')}>
              {T.newButton}
            </Button>
          </Space>
        }
      />
    </div>
  );
}
