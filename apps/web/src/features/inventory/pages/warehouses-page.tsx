import { useState } from 'react';
import { Button, Drawer, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { TransactionsTable } from '../components/transactions-table';
import { WarehouseFormModal } from '../components/warehouse-form-modal';
import { INV_RESOURCES, useInventoryMutations } from '../queries';
import { INV_MSG } from '../texts';
import type { Warehouse } from '../types';

/** Depósitos (/inventario-depositos): paged list with search and name filter, detail panel, create and delete. */
export default function WarehousesPage() {
  const canCreate = useCan('stock_supplies', 'create');
  const canDelete = useCan('stock_supplies', 'delete');
  const [creating, setCreating] = useState(false);
  const [detail, setDetail] = useState<Warehouse | null>(null);
  const { removeWarehouse } = useInventoryMutations();

  const onDelete = (w: Warehouse) =>
    confirmAction({
      confirm: { title: `¿Eliminar el depósito ${w.name}?`, content: 'Esta acción no se puede deshacer.', danger: true },
      run: () => removeWarehouse.mutateAsync(w.warehouse_id),
      success: INV_MSG.deleted,
    });

  const columns: DataColumn<Warehouse>[] = [
    { title: 'Nombre', dataIndex: 'name', sortField: 'name', minWidth: 200 },
    {
      title: 'Espacios de trabajo',
      key: 'workspaces',
      minWidth: 200,
      render: (_: unknown, w: Warehouse) => (w.workspaces.length ? w.workspaces.map((ws) => <Tag key={ws.workspace_id}>{ws.name}</Tag>) : '-'),
    },
    { title: 'Insumos con stock', dataIndex: 'stock_count', align: 'right', width: 150, render: (v: number | undefined) => v ?? 0 },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_: unknown, w: Warehouse) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="Ver detalle">
            <Button type="text" size="small" aria-label="Ver detalle" icon={<EyeOutlined />} onClick={() => setDetail(w)} />
          </Tooltip>
          {canDelete && (
            <Tooltip title="Eliminar">
              <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(w)} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Depósitos
      </Typography.Title>
      <DataTable<Warehouse>
        stateKey="inventory-warehouses"
        resource={INV_RESOURCES.warehouses}
        columns={columns}
        rowKey={(w) => w.warehouse_id}
        searchFields={['name']}
        searchPlaceholder="Buscar depósito"
        filterFields={[{ field: 'name', label: 'Nombre', type: 'string' }]}
        defaultPageSize={5}
        onRowClick={setDetail}
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Nuevo depósito
            </Button>
          )
        }
      />
      <WarehouseFormModal open={creating} onClose={() => setCreating(false)} />
      <Drawer
        open={detail !== null}
        onClose={() => setDetail(null)}
        title={detail?.name ?? ''}
        size="min(1100px, 100vw)"
        destroyOnHidden
      >
        {detail && (
          <>
            <Typography.Paragraph type="secondary">
              Espacios de trabajo: {detail.workspaces.map((w) => w.name).join(', ') || '-'} · Insumos con stock: {detail.stock_count ?? 0}
            </Typography.Paragraph>
            <Typography.Title level={5}>Transacciones de stock</Typography.Title>
            <TransactionsTable
              stateKey={`inventory-warehouse-${detail.warehouse_id}`}
              baseFilters={[{ field: 'stock.warehouse_id', condition: 'is', value: detail.warehouse_id }]}
              deletable={false}
              panel
            />
          </>
        )}
      </Drawer>
    </div>
  );
}
