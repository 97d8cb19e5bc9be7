import { useMemo, useState } from 'react';
import { Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { CONTRACT_STATUSES, GRAIN_PAGE_SIZES, type FilterCond } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { CommercialTabs } from '../../grains/components/commercial-tabs';
import { price, STATUS_COLOR, tons } from '../format';
import { useContractMutations } from '../queries';
import { CONTRACT_RESOURCE, CONTRACT_UI } from '../texts';
import type { Contract } from '../types';

/** Contratos (/contratos): the workspace's grain contracts with edit, delete (Sin entregar) and deliveries (Entrega parcial, Cumplido). */
export default function ContractsPage() {
  const navigate = useNavigate();
  const canCreate = useCan('commercialization_stock', 'create');
  const canUpdate = useCan('commercialization_stock', 'update');
  const canDelete = useCan('commercialization_stock', 'delete');
  const { remove } = useContractMutations();
  const [status, setStatus] = useState<string | undefined>();
  const baseFilters = useMemo<FilterCond[]>(() => (status ? [{ field: 'contract.status', condition: 'is', value: status }] : []), [status]);

  const onDelete = (c: Contract) =>
    confirmAction({
      confirm: { title: CONTRACT_UI.confirmDeleteContract, okText: CONTRACT_UI.confirmDelete, danger: true },
      run: () => remove.mutateAsync(c.contract_id),
      success: CONTRACT_UI.deleted,
      alwaysSuccessText: true,
    });

  const columns: DataColumn<Contract>[] = useMemo(
    () => [
      { title: '#', dataIndex: 'contract_id', sortField: 'contract_id', width: 70, render: (_: unknown, c: Contract) => c.contract_number ? <span title={`N° ${c.contract_number}`}>{c.contract_id}</span> : c.contract_id },
      { title: 'Campaña', dataIndex: 'season_name', sortField: 'season.name', width: 100 },
      { title: 'Empresa', dataIndex: 'company_name', sortField: 'company.name', minWidth: 110 },
      { title: 'Producto', dataIndex: 'crop_name', sortField: 'crop.name', width: 110 },
      { title: 'Tn', dataIndex: 'tons', sortField: 'tons', align: 'right', width: 110, render: (v: string) => tons(v) },
      { title: 'Precio', dataIndex: 'price', sortField: 'price', align: 'right', width: 120, render: (v: string) => price(v) },
      { title: 'Destino', dataIndex: 'destination', minWidth: 100, render: (v: string | null) => v || '-' },
      { title: 'Estado', dataIndex: 'status', sortField: 'status', width: 130, render: (v: string) => <Tag color={STATUS_COLOR[v]}>{v}</Tag> },
      {
        title: 'Acciones',
        key: 'actions',
        fixed: 'right',
        width: 96,
        render: (_: unknown, c: Contract) => (
          <Space size={0}>
            {canUpdate && (
              <Tooltip title="Editar">
                <Button type="text" size="small" aria-label="Editar" icon={<EditOutlined />} onClick={() => void navigate(`/contrato/${c.contract_id}`)} />
              </Tooltip>
            )}
            {(c.status === 'Entrega parcial' || c.status === 'Cumplido') && (
              <Tooltip title="Entregas">
                <Button type="text" size="small" aria-label="Entregas" icon={<UnorderedListOutlined />} onClick={() => void navigate(`/contrato/entregas/${c.contract_id}`)} />
              </Tooltip>
            )}
            {canDelete && c.status === 'Sin entregar' && (
              <Tooltip title="Eliminar">
                <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(c)} />
              </Tooltip>
            )}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canUpdate, canDelete],
  );

  return (
    <div>
      <CommercialTabs />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {CONTRACT_UI.listTitle}
      </Typography.Title>
      <DataTable<Contract>
        stateKey="grain-contracts"
        resource={CONTRACT_RESOURCE}
        columns={columns}
        rowKey={(c) => c.contract_id}
        defaultPageSize={GRAIN_PAGE_SIZES[0]}
        searchFields={['contract_number', 'company.name', 'crop.name', 'buyer.name', 'season.name']}
        searchPlaceholder="Buscar contrato"
        filterFields={[
          { field: 'contract.contract_id', label: '#', type: 'number' },
          { field: 'company.name', label: 'Empresa', type: 'string' },
          { field: 'crop.name', label: 'Producto', type: 'string' },
          { field: 'buyer.name', label: 'Comprador', type: 'string' },
          { field: 'season.name', label: 'Campaña', type: 'string' },
        ]}
        baseFilters={baseFilters}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              aria-label="Filtrar por estado"
              placeholder="Estado"
              style={{ width: 160 }}
              value={status}
              onChange={setStatus}
              options={CONTRACT_STATUSES.map((s) => ({ value: s, label: s }))}
            />
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/contrato')}>
                {CONTRACT_UI.create}
              </Button>
            )}
          </Space>
        }
      />
    </div>
  );
}
