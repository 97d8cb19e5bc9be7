import { Button, Card, Segmented, Select, Table, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTRIBUTION_MODES, formatNumber, percentageOf, type ContributionMode } from '@fm/domain';
import { DecimalInput } from '../../../components/form';
import type { WorkOrder } from '../types';
import { amountOf, baseOf, type ContributionRow } from './contributions-model';

type Props = {
  order: WorkOrder;
  kind: ContributionRow['kind'];
  rows: ContributionRow[];
  readOnly: boolean;
  onChange: (key: string, patch: Partial<ContributionRow>) => void;
  onAdd: () => void;
  onRemove: (row: ContributionRow) => void;
};

const TITLES = { labor: 'Aportes de labor', supply: 'Aportes de insumos' } as const;

/** One editable table of the Aportes screen: labor contributions, or supply contributions (with the supply chosen). */
export function ContributionsSection({ order, kind, rows, readOnly, onChange, onAdd, onRemove }: Props) {
  const partners = order.company.partners.map((p) => ({ value: p.partner.company_id, label: p.partner.name }));
  const supplies = order.supplies.map((s) => ({ value: s.supply_id, label: s.supply.name }));
  const total = kind === 'labor' ? order.labor_total : order.supplies_total;

  const columns = [
    {
      title: 'Socio',
      key: 'partner',
      width: 200,
      render: (_: unknown, r: ContributionRow) => (
        <Select aria-label="Socio" style={{ width: '100%' }} placeholder="Elegí un socio" disabled={readOnly} value={r.partner_id} options={partners} onChange={(v: number) => onChange(r.key, { partner_id: v })} />
      ),
    },
    ...(kind === 'supply'
      ? [
          {
            title: 'Insumo',
            key: 'supply',
            width: 200,
            render: (_: unknown, r: ContributionRow) => (
              <Select aria-label="Insumo" style={{ width: '100%' }} placeholder="Elegí un insumo" disabled={readOnly} value={r.supply_id} options={supplies} onChange={(v: number) => onChange(r.key, { supply_id: v })} />
            ),
          },
        ]
      : []),
    {
      title: 'Tipo',
      key: 'mode',
      width: 190,
      render: (_: unknown, r: ContributionRow) => (
        <Segmented<ContributionMode>
          aria-label="Tipo de aporte"
          disabled={readOnly}
          value={r.mode}
          options={CONTRIBUTION_MODES.map((m) => ({ value: m.value, label: m.label }))}
          // switching keeps the contribution: the typed value is converted to the other unit
          onChange={(mode) => {
            const amount = amountOf(order, r);
            const value = amount === '' ? '' : mode === 'percentage' ? percentageOf(amount, baseOf(order, r)) : amount;
            onChange(r.key, { mode, value });
          }}
        />
      ),
    },
    {
      title: 'Valor',
      key: 'value',
      width: 150,
      render: (_: unknown, r: ContributionRow) => (
        <DecimalInput
          aria-label={r.mode === 'percentage' ? 'Porcentaje' : 'Monto'}
          style={{ width: '100%' }}
          disabled={readOnly}
          min={0}
          addonAfter={r.mode === 'percentage' ? '%' : '$'}
          value={r.value === '' ? null : Number(r.value)}
          onChange={(v) => onChange(r.key, { value: v === null || v === undefined ? '' : String(v) })}
        />
      ),
    },
    {
      title: 'Aporte ($)',
      key: 'amount',
      width: 130,
      align: 'right' as const,
      render: (_: unknown, r: ContributionRow) => {
        const amount = amountOf(order, r);
        return amount === '' ? '-' : formatNumber(amount, 2);
      },
    },
    {
      title: 'Tipo de cambio',
      key: 'rate',
      width: 140,
      render: (_: unknown, r: ContributionRow) => (
        <DecimalInput
          aria-label="Tipo de cambio"
          style={{ width: '100%' }}
          disabled={readOnly}
          min={0}
          value={r.exchange_rate === '' ? null : Number(r.exchange_rate)}
          onChange={(v) => onChange(r.key, { exchange_rate: v === null || v === undefined ? '' : String(v) })}
        />
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 50,
      render: (_: unknown, r: ContributionRow) =>
        !readOnly && (
          <Tooltip title="Eliminar">
            <Button type="text" danger size="small" aria-label="Eliminar aporte" icon={<DeleteOutlined />} onClick={() => onRemove(r)} />
          </Tooltip>
        ),
    },
  ];

  return (
    <Card
      size="small"
      title={TITLES[kind]}
      extra={<Typography.Text type="secondary">Total {kind === 'labor' ? 'labor' : 'insumos'}: $ {formatNumber(total, 2)}</Typography.Text>}
      style={{ marginBottom: 16 }}
    >
      <Table<ContributionRow>
        size="small"
        rowKey="key"
        pagination={false}
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Sin aportes' }}
        data-testid={`contributions-${kind}`}
      />
      {!readOnly && (
        <Button icon={<PlusOutlined />} style={{ marginTop: 8 }} onClick={onAdd} disabled={kind === 'supply' && supplies.length === 0}>
          Agregar aporte
        </Button>
      )}
    </Card>
  );
}
