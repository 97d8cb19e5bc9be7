import type { ReactNode } from 'react';
import { Space, Table, Tag, Typography } from 'antd';
import { formatHectares, hectaresByCrop, type FieldCrop } from '@fm/domain';
import { emptyText } from '../../../components/data-table';

const CROP_COLORS: Record<string, string> = { Soja: 'green', Maíz: 'gold', Trigo: 'orange', Girasol: 'volcano', Sorgo: 'purple', Cebada: 'cyan' };
export const cropColor = (name: string) => CROP_COLORS[name] ?? 'blue';

/** Hectares per crop of a plan, plus the total (sowing plan totals). */
export function CropTotals({ rows }: { rows: FieldCrop[] }) {
  const totals = hectaresByCrop(rows);
  const all = totals.reduce((acc, t) => acc + t.hectares, 0);
  return (
    <Space wrap size={[8, 8]}>
      {totals.map((t) => (
        <Tag key={t.crop_name} color={cropColor(t.crop_name)}>
          {t.crop_name}: {formatHectares(t.hectares)} ha
        </Tag>
      ))}
      <Typography.Text strong>Total sembrado: {formatHectares(all)} ha</Typography.Text>
    </Space>
  );
}

/** The plots of a season plan: lote, cultivo, secuencia (0 = blank) and hectares. */
export function FieldCropsTable({ rows, loading, actions }: { rows: FieldCrop[]; loading?: boolean; actions?: (row: FieldCrop) => ReactNode }) {
  return (
    <Table<FieldCrop>
      size="small"
      rowKey={(r) => r.field_crop_id}
      loading={loading}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: emptyText(Boolean(loading)) }}
      columns={[
        { title: 'Lote', key: 'field', render: (_: unknown, r) => r.field.name, sorter: (a, b) => a.field.name.localeCompare(b.field.name, 'es', { numeric: true }) },
        { title: 'Cultivo', dataIndex: 'crop_name', render: (v: string) => <Tag color={cropColor(v)}>{v}</Tag> },
        { title: 'Secuencia', dataIndex: 'crop_sequence_name', render: (v: string) => v || '' },
        { title: 'Hectáreas', dataIndex: 'hectares', align: 'right', render: (v: number) => formatHectares(v) },
        ...(actions ? [{ title: 'Acciones', key: 'actions', render: (_: unknown, r: FieldCrop) => actions(r) }] : []),
      ]}
    />
  );
}
