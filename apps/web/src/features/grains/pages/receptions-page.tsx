import { useMemo, useState } from 'react';
import { Alert, Button, Space, Table, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { useNavigate } from 'react-router';
import { GRAIN_MSG, PAGE_SIZES, formatDate, humidityShrink } from '@fm/domain';
import { DecimalInput } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { cropName, destinationName, originLabel, pct, tons } from '../format';
import { useGrainMutations, useHumidityStandards, useInTransit } from '../queries';
import { GRAIN_TEXT } from '../texts';
import type { Movement } from '../types';

type Edit = { destination_tons?: number | null; destination_humidity?: number | null };

/** Recepcionar movimientos (/granos/movimiento/recepcion, spec doc 3 "Receptions screen"). */
export default function ReceptionsPage() {
  const navigate = useNavigate();
  const movements = useInTransit();
  const standards = useHumidityStandards();
  const { receive } = useGrainMutations();
  const [selected, setSelected] = useState<number[]>([]);
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const [pageSize, setPageSize] = useState(5);

  const valueOf = (m: Movement) => {
    const e = edits[m.movement_id] ?? {};
    const t = e.destination_tons !== undefined ? e.destination_tons : Number(m.origin_tons);
    const h = e.destination_humidity !== undefined ? e.destination_humidity : m.origin_humidity === null ? null : Number(m.origin_humidity);
    return { tons: t, humidity: h };
  };
  const edit = (id: number, patch: Edit) => setEdits((prev) => ({ ...prev, [id]: { ...prev[id], ...patch } }));
  const standardOf = useMemo(() => new Map((standards.data ?? []).map((s) => [s.crop_id, s])), [standards.data]);
  /** Merma por secado and net tons of a row as it is edited (blank figures: none yet). */
  const shrinkOf = (m: Movement) => {
    const v = valueOf(m);
    if (v.tons === null || v.tons === undefined || v.humidity === null || v.humidity === undefined) return null;
    return humidityShrink(v.tons, v.humidity, standardOf.get(m.crop_id));
  };

  const onReceive = async () => {
    const rows = (movements.data ?? []).filter((m) => selected.includes(m.movement_id));
    if (rows.length === 0) {
      toast.error(GRAIN_TEXT.selectOneToReceive);
      return;
    }
    const receptions = rows.map((m) => {
      const v = valueOf(m);
      return { movement_id: m.movement_id, destination_tons: Number(v.tons), destination_humidity: v.humidity === null || v.humidity === undefined ? NaN : Number(v.humidity) };
    });
    const messages = [
      ...(receptions.some((r) => !(r.destination_tons > 0)) ? [GRAIN_MSG.tonsPositive] : []),
      ...(receptions.some((r) => !Number.isFinite(r.destination_humidity)) ? [GRAIN_MSG.humidityRequired] : []),
    ];
    if (messages.length > 0) {
      toast.error(messages.join('\n'));
      return;
    }
    try {
      const message = await receive.mutateAsync(receptions);
      toast.success(message ?? GRAIN_TEXT.registered);
      void navigate('/granos/movimientos?estado=destino');
    } catch (error) {
      toast.apiError(error);
    }
  };

  const columns: TableColumnType<Movement>[] = [
    { title: 'Id', dataIndex: 'movement_id', width: 50 },
    { title: 'Origen', key: 'origin', render: (_: unknown, m) => originLabel(m) },
    { title: 'Producto', key: 'crop', render: (_: unknown, m) => cropName(m) },
    { title: 'Destino', key: 'destination', render: (_: unknown, m) => destinationName(m) },
    { title: 'Carta de porte', dataIndex: 'waybill', render: (v: string | null) => v || '-' },
    { title: 'Fecha de carga', dataIndex: 'load_date', width: 100, render: (v: string) => formatDate(v) },
    { title: 'Tn origen', key: 'origin_tons', align: 'right', width: 90, render: (_: unknown, m) => tons(m.origin_tons) },
    {
      title: 'Tn destino',
      key: 'destination_tons',
      width: 120,
      render: (_: unknown, m) => (
        <DecimalInput
          aria-label={`Toneladas destino ${m.movement_id}`}
          decimals={3}
          min={0}
          size="small"
          style={{ width: 105 }}
          value={valueOf(m).tons}
          onChange={(v) => edit(m.movement_id, { destination_tons: v === null ? null : Number(v) })}
        />
      ),
    },
    {
      title: 'Humedad destino (%)',
      key: 'destination_humidity',
      width: 100,
      render: (_: unknown, m) => (
        <DecimalInput
          aria-label={`Humedad destino ${m.movement_id}`}
          min={0}
          max={100}
          size="small"
          style={{ width: 85 }}
          value={valueOf(m).humidity}
          onChange={(v) => edit(m.movement_id, { destination_humidity: v === null ? null : Number(v) })}
        />
      ),
    },
    {
      title: 'Merma por secado',
      key: 'shrink',
      align: 'right',
      width: 85,
      render: (_: unknown, m) => <span data-testid={`merma-${m.movement_id}`}>{pct(shrinkOf(m)?.shrink_percent)}</span>,
    },
    {
      title: 'Tn netas',
      key: 'net',
      align: 'right',
      width: 90,
      render: (_: unknown, m) => <span data-testid={`netas-${m.movement_id}`}>{tons(shrinkOf(m)?.net_tons)}</span>,
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Recepcionar movimientos
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Seleccioná los movimientos que llegaron a destino y revisá las toneladas y la humedad recibidas. La merma por secado y las toneladas netas se calculan con la humedad base de cada grano.
      </Typography.Paragraph>
      {movements.error && <Alert type="warning" showIcon title="No se pudieron cargar los movimientos." style={{ marginBottom: 12 }} />}
      <Table<Movement>
        rowKey={(m) => m.movement_id}
        columns={columns}
        dataSource={movements.data ?? []}
        loading={movements.isFetching}
        size="middle"
        scroll={{ x: 1000 }}
        locale={{ emptyText: movements.isFetching ? ' ' : 'Sin resultados' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        pagination={{ pageSize, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true, onShowSizeChange: (_c, s) => setPageSize(s) }}
      />
      <Space style={{ marginTop: 8 }}>
        <Button onClick={() => void navigate('/granos/movimientos')}>Volver al listado</Button>
        <Button type="primary" onClick={() => void onReceive()} loading={receive.isPending}>
          {GRAIN_TEXT.receive}
        </Button>
      </Space>
    </div>
  );
}
