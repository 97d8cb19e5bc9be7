import { useMemo } from 'react';
import { Button, Card, Descriptions, Select, Space, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { GRAIN_STOCK_TRANSACTION_LABELS, formatDate, type GrainStockTransactionKind } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { companyName, cropName, destinationName, pct, seasonName, tons } from '../format';
import { GRAIN_RESOURCES, useGrainMutations, useGrainStock, useGrainStocks } from '../queries';
import { GRAIN_TEXT } from '../texts';
import type { StockTransaction } from '../types';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** Transacciones de stock de granos (/granos/stocks/transactions, optional /{stock_id}), each with Eliminar (its reverse). */
export default function GrainStockTransactionsPage() {
  const navigate = useNavigate();
  const param = useParams().stock_id;
  const stockId = param ? Number(param) : undefined;
  const stock = useGrainStock(stockId);
  const canDelete = useCan('commercialization_stock', 'delete');
  const { removeTransaction } = useGrainMutations();
  const extraQuery = useMemo(() => (stockId ? { stock_id: stockId } : undefined), [stockId]);
  const s = stock.data;
  const all = useGrainStocks(!stockId);

  const onDelete = (t: StockTransaction) =>
    confirmAction({
      confirm: { title: GRAIN_TEXT.confirmDeleteTransaction, okText: GRAIN_TEXT.deleteButton, danger: true },
      run: () => removeTransaction.mutateAsync(t.stock_transaction_id),
      success: GRAIN_TEXT.deleted,
      alwaysSuccessText: true,
    });

  const columns: DataColumn<StockTransaction>[] = [
    { title: 'Fecha', dataIndex: 'created_at', sortField: 'created_at', width: 100, render: (v: string) => formatDate(v) },
    { title: 'Tipo', dataIndex: 'kind', width: 90, render: (v: string | undefined) => (v ? (GRAIN_STOCK_TRANSACTION_LABELS[v as GrainStockTransactionKind] ?? v) : '-') },
    { title: 'Movimiento', dataIndex: 'movement_id', width: 100, render: (v: number | null) => v ?? '-' },
    { title: 'Carta de porte', dataIndex: 'waybill', width: 120, render: (v: string | null) => v || '-' },
    { title: 'Origen', dataIndex: 'origin', minWidth: 140, render: (v: string | null) => v || '-' },
    { title: 'Destino', dataIndex: 'destination', minWidth: 140, render: (v: string) => v || '-' },
    { title: 'Tn', dataIndex: 'destination_tons', align: 'right', width: 100, render: (v: number) => tons(v) },
    { title: 'Humedad', dataIndex: 'destination_humidity', align: 'right', width: 90, render: (v: number | null) => pct(v) },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_: unknown, t) =>
        canDelete && t.kind !== 'reverso' ? (
          <Tooltip title="Eliminar">
            <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(t)} />
          </Tooltip>
        ) : null,
    },
  ];

  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/granos/stocks')}>
          Volver al stock
        </Button>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Transacciones de stock de granos
      </Typography.Title>
      {s && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={{ xs: 1, md: 5 }}>
            <Descriptions.Item label="Campaña">{seasonName(s)}</Descriptions.Item>
            <Descriptions.Item label="Empresa">{companyName(s)}</Descriptions.Item>
            <Descriptions.Item label="Destino">{`${destinationName(s)} (${s.destination_type})`}</Descriptions.Item>
            <Descriptions.Item label="Producto">{cropName(s)}</Descriptions.Item>
            <Descriptions.Item label="Tn">
              <span data-testid="stock-tons">{tons(s.tons)}</span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {stockId ? (
        <DataTable<StockTransaction>
          key={stockId}
          stateKey={`grain-stock-transactions-${stockId}`}
          resource={GRAIN_RESOURCES.transactions}
          columns={columns}
          rowKey={(t) => t.stock_transaction_id}
          defaultPageSize={5}
          extraQuery={extraQuery}
          searchFields={['waybill']}
          searchPlaceholder="Buscar carta de porte"
        />
      ) : (
        <Select
          aria-label="Stock"
          placeholder="Elegí un stock para ver sus transacciones"
          style={{ width: '100%', maxWidth: 560 }}
          loading={all.isLoading}
          showSearch={SEARCH_BY_LABEL}
          options={(all.data ?? []).map((x) => ({ value: x.stock_id, label: `${seasonName(x)} · ${companyName(x)} · ${destinationName(x)} · ${cropName(x)} (${tons(x.tons)} tn)` }))}
          onChange={(id: number) => void navigate(`/granos/stocks/transactions/${id}`)}
        />
      )}
    </div>
  );
}
