import { Button, Space, Tooltip, Typography } from 'antd';
import { DeleteOutlined, HistoryOutlined, PlusOutlined, SendOutlined, SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { stockActions } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan, useFlag } from '../../../session/hooks';
import { companyName, cropName, destinationName, seasonName, tons } from '../format';
import { GRAIN_RESOURCES, useGrainMutations } from '../queries';
import { useIdFilters } from '../components/id-filters';
import { CommercialTabs } from '../components/commercial-tabs';
import { GRAIN_TEXT } from '../texts';
import type { GrainStock } from '../types';

/** Stock de granos (/granos/stocks, spec doc 3 "Grain stock screens"). */
export default function GrainStocksPage() {
  const navigate = useNavigate();
  const can = { create: useCan('commercialization_stock', 'create'), delete: useCan('commercialization_stock', 'delete') };
  const deliveriesOn = useFlag('deliveries');
  const { removeStock } = useGrainMutations();
  const filters = useIdFilters('stock', 'grain-stocks');

  const onDelete = (s: GrainStock) =>
    confirmAction({
      confirm: { title: GRAIN_TEXT.confirmDeleteStock, okText: GRAIN_TEXT.deleteButton, danger: true },
      run: () => removeStock.mutateAsync(s.stock_id),
      success: GRAIN_TEXT.deleted,
      alwaysSuccessText: true,
    });

  const columns: DataColumn<GrainStock>[] = [
    { title: 'Campaña', key: 'season', width: 90, render: (_: unknown, s) => seasonName(s) },
    { title: 'Empresa', key: 'company', minWidth: 150, render: (_: unknown, s) => companyName(s) },
    { title: 'Destino', key: 'destination', minWidth: 170, render: (_: unknown, s) => `${destinationName(s)} (${s.destination_type})` },
    { title: 'Producto', key: 'crop', minWidth: 90, render: (_: unknown, s) => cropName(s) },
    { title: 'Tn', dataIndex: 'tons', sortField: 'tons', align: 'right', width: 110, render: (v: string) => tons(v) },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, s) => {
        const a = stockActions({ destination_type: s.destination_type, tons: s.tons });
        return (
          <Space size={0} wrap={false}>
            <Tooltip title="Transacciones">
              <Button type="text" size="small" aria-label="Transacciones" icon={<HistoryOutlined />} onClick={() => void navigate(`/granos/stocks/transactions/${s.stock_id}`)} />
            </Tooltip>
            {a.deliveries && deliveriesOn && (
              <Tooltip title="Entregas">
                <Button type="text" size="small" aria-label="Entregas" icon={<SendOutlined />} onClick={() => void navigate(`/entregas/${s.stock_id}`)} />
              </Tooltip>
            )}
            {a.move && can.create && (
              <Tooltip title="Mover stock">
                <Button type="text" size="small" aria-label="Mover stock" icon={<SwapOutlined />} onClick={() => void navigate(`/granos/stocks/mover/${s.stock_id}`)} />
              </Tooltip>
            )}
            {a.delete && can.delete && (
              <Tooltip title="Eliminar">
                <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(s)} />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Stock de granos
      </Typography.Title>
      <CommercialTabs />
      <DataTable<GrainStock>
        key={filters.key}
        stateKey="grain-stocks"
        resource={GRAIN_RESOURCES.stocks}
        columns={columns}
        rowKey={(s) => s.stock_id}
        defaultPageSize={5}
        baseFilters={filters.conditions}
        toolbar={
          <Space wrap>
            {filters.selects}
            {can.create && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/granos/stock')}>
                {GRAIN_TEXT.newStock}
              </Button>
            )}
          </Space>
        }
      />
    </div>
  );
}
