import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { formatDate, type FilterCond } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { money, quantity, signedQuantity, SUPPLY_NAME_WIDTH } from '../format';
import { useInventoryMutations, INV_RESOURCES } from '../queries';
import { TRANSACTION_LABELS } from '../texts';
import type { StockTransaction } from '../types';
import styles from './inventory.module.css';

const TYPE_COLORS: Record<string, string> = { INITIAL: 'green', PURCHASE: 'blue', MOVEMENT: 'purple', USAGE: 'orange', ADJUSTMENT: 'gold' };

function FileLink({ url, label }: { url: string | null; label: string }) {
  if (!url) return null;
  return (
    <Tooltip title={label}>
      <a href={url} target="_blank" rel="noreferrer" aria-label={label}>
        <PaperClipOutlined />
      </a>
    </Tooltip>
  );
}

type Props = {
  stateKey: string;
  baseFilters: FilterCond[];
  /** Hide the columns the context already says (the stock's supply on its own transactions page). */
  compact?: boolean;
  /** Row deletion (Eliminar with confirmation); off in read-only panels. */
  deletable?: boolean;
  /** Side panel: fewer columns (no exchange rate, observations shortened). */
  panel?: boolean;
};

/** Stock transactions (spec doc 2 §3 "Stock transaction"): newest first, 5/10/15 per page, Eliminar reverses one. */
export function TransactionsTable({ stateKey, baseFilters, compact, deletable = true, panel }: Props) {
  const canDelete = useCan('stock_supplies', 'delete') && deletable;
  const { removeTransaction } = useInventoryMutations();

  const onDelete = (t: StockTransaction) =>
    confirmAction({
      confirm: {
        title: `¿Eliminar la transacción ${TRANSACTION_LABELS[t.name] ?? t.name} del ${formatDate(t.created_at)}?`,
        content: 'Se revierte su efecto sobre el stock. Esta acción no se puede deshacer.',
        danger: true,
      },
      run: () => removeTransaction.mutateAsync(t.stock_transaction_id),
      success: 'Transacción eliminada correctamente',
    });

  const columns: DataColumn<StockTransaction>[] = [
    { title: 'Fecha', className: styles.nowrap, dataIndex: 'created_at', width: 100, render: (v: string) => formatDate(v) },
    { title: 'Tipo', dataIndex: 'name', width: 110, render: (v: string) => <Tag color={TYPE_COLORS[v]}>{TRANSACTION_LABELS[v as StockTransaction['name']] ?? v}</Tag> },
    ...(compact
      ? []
      : [{ title: 'Insumo', key: 'supply', minWidth: SUPPLY_NAME_WIDTH, cutLongWords: true, render: (_: unknown, t: StockTransaction) => t.stock?.supply.name ?? t.destiny?.supply.name ?? '-' }]),
    {
      title: 'Depósito',
      key: 'warehouse',
      minWidth: 150,
      render: (_: unknown, t: StockTransaction) =>
        t.name === 'MOVEMENT' && t.destiny ? `${t.stock?.warehouse.name ?? '-'} → ${t.destiny.warehouse.name}` : (t.stock?.warehouse.name ?? t.destiny?.warehouse.name ?? '-'),
    },
    {
      title: 'Cantidad',
      key: 'quantity',
      className: styles.nowrap,
      align: 'right',
      width: 130,
      render: (_: unknown, t: StockTransaction) => {
        const unit = t.stock?.unit.name ?? t.destiny?.unit.name ?? '';
        if (t.name === 'ADJUSTMENT')
          return (
            <Space direction="vertical" size={0} style={{ alignItems: 'flex-end' }}>
              <span>{`${quantity(t.quantity)} ${unit}`}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`Dif. ${signedQuantity(t.difference)}`}</Typography.Text>
            </Space>
          );
        const sign = t.name === 'USAGE' ? '-' : '';
        return `${sign}${quantity(t.quantity)} ${unit}`;
      },
    },
    { title: 'Precio', className: styles.nowrap, dataIndex: 'price', align: 'right', width: 120, render: (v: number | null) => (v === null ? '-' : money(v)) },
    ...(panel
      ? []
      : [{ title: 'Tipo de cambio', className: styles.nowrap, dataIndex: 'exchange_rate', align: 'right' as const, width: 110, render: (v: number | null) => (v === null ? '-' : money(v)) }]),
    {
      title: 'Factura / remito',
      key: 'docs',
      minWidth: 130,
      render: (_: unknown, t: StockTransaction) => (
        <Space size={4} wrap>
          {t.invoice && <span>F {t.invoice}</span>}
          <FileLink url={t.invoice_file_url} label="Ver factura" />
          {t.delivery_note && <span>R {t.delivery_note}</span>}
          <FileLink url={t.delivery_note_file_url} label="Ver remito" />
          {!t.invoice && !t.delivery_note && !t.invoice_file_url && !t.delivery_note_file_url && '-'}
        </Space>
      ),
    },
    ...(compact ? [] : [{ title: 'Proveedor', key: 'provider', minWidth: 110, render: (_: unknown, t: StockTransaction) => t.provider?.name ?? '-' }]),
    { title: 'Usuario', key: 'user', minWidth: 110, render: (_: unknown, t: StockTransaction) => (t.user ? `${t.user.name} ${t.user.last_name}`.trim() : '-') },
    {
      title: 'Observaciones',
      dataIndex: 'observations',
      minWidth: panel ? 100 : 140,
      width: panel ? 160 : undefined,
      ellipsis: true,
      render: (v: string | null) => v || (v === null ? '-' : ''),
    },
    ...(canDelete
      ? [
          {
            title: 'Acciones',
            key: 'actions',
            fixed: 'right' as const,
            width: 80,
            render: (_: unknown, t: StockTransaction) => (
              <Tooltip title="Eliminar">
                <Button type="text" size="small" danger aria-label="Eliminar transacción" icon={<DeleteOutlined />} onClick={() => void onDelete(t)} />
              </Tooltip>
            ),
          },
        ]
      : []),
  ];

  return (
    <DataTable<StockTransaction>
      stateKey={stateKey}
      resource={INV_RESOURCES.transactions}
      columns={columns}
      rowKey={(t) => t.stock_transaction_id}
      baseFilters={baseFilters}
      defaultPageSize={5}
      size="small"
    />
  );
}
