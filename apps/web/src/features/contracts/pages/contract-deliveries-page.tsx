import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, Input, Space, Spin, Table, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { formatDate, formatNumber, PAGE_SIZES, pendingTons } from '@fm/domain';
import { emptyText } from '../../../components/data-table';
import { containsSearch } from '../../../components/form/option-search';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { STATUS_COLOR, tons } from '../format';
import { useContractDeliveries, useContractMutations } from '../queries';
import { CONTRACT_UI } from '../texts';
import type { Delivery } from '../types';

const companySeason = (d: Delivery) => [d.company_name, d.season_name].filter(Boolean).join(' - ');

/** Entregas (/contrato/entregas/{contract_id}): the contract's summary card and its deliveries, each deletable. */
export default function ContractDeliveriesPage() {
  const id = Number(useParams().contract_id);
  const navigate = useNavigate();
  const canDelete = useCan('commercialization_stock', 'delete');
  const contract = useContractDeliveries(id);
  const { removeDelivery } = useContractMutations();
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);

  const rows = useMemo(() => {
    const all = contract.data?.movements ?? [];
    if (!search.trim()) return all;
    return all.filter((d) => [formatDate(d.delivery_date), companySeason(d), String(d.movement_id ?? ''), d.waybill ?? '', tons(d.tons)].some((t) => containsSearch(t, search)));
  }, [contract.data, search]);

  const onDelete = (d: Delivery) =>
    confirmAction({
      confirm: { title: CONTRACT_UI.confirmDeleteDelivery, okText: CONTRACT_UI.confirmDelete, danger: true },
      run: () => removeDelivery.mutateAsync(d.contract_movement_id),
      success: CONTRACT_UI.deleted,
      alwaysSuccessText: true,
    });

  if (contract.isLoading) return <Spin />;
  const c = contract.data;
  if (!c) return <Typography.Text>{CONTRACT_UI.contractNotFound}</Typography.Text>;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {CONTRACT_UI.deliveriesTitle}
      </Typography.Title>
      <Card style={{ marginBottom: 16, maxWidth: 880 }} data-testid="contract-summary">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            { key: 'number', label: 'Número de contrato', children: c.contract_number || `#${c.contract_id}` },
            { key: 'tons', label: 'Tn comprometidas', children: tons(c.tons) },
            { key: 'delivered', label: 'Tn entregadas', children: tons(c.tons_delivered) },
            { key: 'pending', label: 'Tn pendientes', children: formatNumber(pendingTons(c.tons, c.tons_delivered), 2) },
          ]}
        />
        <Space style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">
            {c.company_name} · {c.crop_name} · {c.season_name} · {c.buyer_name}
          </Typography.Text>
          <Tag color={STATUS_COLOR[c.status]}>{c.status}</Tag>
        </Space>
      </Card>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Input.Search aria-label="Buscar" placeholder="Buscar" allowClear onChange={(e) => setSearch(e.target.value)} style={{ width: 260 }} />
        <Button onClick={() => void navigate('/contratos')}>{CONTRACT_UI.back}</Button>
      </Space>
      <Table<Delivery>
        rowKey={(d) => d.contract_movement_id}
        dataSource={rows}
        locale={{ emptyText: emptyText(false) }}
        scroll={{ x: 700 }}
        pagination={{ pageSize, pageSizeOptions: PAGE_SIZES.map(String), showSizeChanger: true, onShowSizeChange: (_p, size) => setPageSize(size) }}
        columns={[
          { title: 'Fecha de entrega', dataIndex: 'delivery_date', width: 140, render: (v: string) => formatDate(v) },
          { title: 'Empresa - Campaña', key: 'company', render: (_: unknown, d: Delivery) => companySeason(d) || '-' },
          { title: 'Movimiento', dataIndex: 'movement_id', width: 110, render: (v: number | null) => v ?? '-' },
          { title: 'Toneladas aplicadas', dataIndex: 'tons', align: 'right', width: 160, render: (v: string) => tons(v) },
          { title: 'Carta de porte', dataIndex: 'waybill', width: 150, render: (v: string | null) => v || '-' },
          {
            title: 'Acciones',
            key: 'actions',
            width: 90,
            render: (_: unknown, d: Delivery) =>
              canDelete && (
                <Tooltip title="Eliminar">
                  <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(d)} />
                </Tooltip>
              ),
          },
        ]}
      />
    </div>
  );
}
