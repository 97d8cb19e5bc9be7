import { useMemo, useState } from 'react';
import { Button, Descriptions, Drawer, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, EyeOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { formatNumber, type FilterCond } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useCan } from '../../../session/hooks';
import { SupplyFormModal } from '../components/supply-form-modal';
import { quantity } from '../format';
import { INV_RESOURCES } from '../queries';
import { SUPPLY_TYPE_OPTIONS } from '../texts';
import type { Supply } from '../types';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

function SupplyDetail({ supply }: { supply: Supply }) {
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Nombre">{supply.name}</Descriptions.Item>
        <Descriptions.Item label="Marca">{dash(supply.brand?.name)}</Descriptions.Item>
        <Descriptions.Item label="Tipo">{supply.type.name}</Descriptions.Item>
        <Descriptions.Item label="Subtipo">{dash(supply.subtype)}</Descriptions.Item>
        <Descriptions.Item label="Principio activo">{dash(supply.generic?.name)}</Descriptions.Item>
        <Descriptions.Item label="Concentración">{dash(supply.concentration)}</Descriptions.Item>
        <Descriptions.Item label="Formulación">{dash(supply.formulation_denomination)}</Descriptions.Item>
        <Descriptions.Item label="Unidad">{supply.unit.name}</Descriptions.Item>
        <Descriptions.Item label="Registro SENASA">{dash(supply.senasa_registration)}</Descriptions.Item>
        <Descriptions.Item label="Banda toxicológica">{dash(supply.toxicological_band)}</Descriptions.Item>
        <Descriptions.Item label="EIQ">{supply.eiq_value === null ? '-' : formatNumber(supply.eiq_value, 2)}</Descriptions.Item>
        <Descriptions.Item label="Ficha técnica">
          {supply.file_url ? (
            <a href={supply.file_url} target="_blank" rel="noreferrer">
              <FileTextOutlined /> Ver ficha técnica
            </a>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Origen">{supply.own ? 'Insumo propio' : 'Catálogo'}</Descriptions.Item>
      </Descriptions>
      {supply.stocks && supply.stocks.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Stock
          </Typography.Title>
          {supply.stocks.map((s) => (
            <div key={s.stock_id}>
              {quantity(s.quantity)} {s.unit.name}
            </div>
          ))}
        </>
      )}
    </>
  );
}

/** Listado de insumos (/inventario-insumos): catalogue plus the workspace's own supplies, with a detail side panel. */
export default function SuppliesPage() {
  const canCreate = useCan('stock_supplies', 'create');
  const canUpdate = useCan('stock_supplies', 'update');
  const [detail, setDetail] = useState<Supply | null>(null);
  const [editing, setEditing] = useState<{ record: Supply | null } | null>(null);
  const [typeId, setTypeId] = useState<number | undefined>();
  const baseFilters = useMemo<FilterCond[]>(() => (typeId ? [{ field: 'supply_type_id', condition: 'is', value: typeId }] : []), [typeId]);

  const columns: DataColumn<Supply>[] = [
    { title: 'Nombre', dataIndex: 'name', sortField: 'name', minWidth: 180 },
    { title: 'Marca', key: 'brand', minWidth: 120, render: (_: unknown, s: Supply) => dash(s.brand?.name) },
    { title: 'Principio activo', key: 'generic', minWidth: 170, render: (_: unknown, s: Supply) => dash(s.generic?.name) },
    {
      title: 'Concentración',
      key: 'concentration',
      width: 120,
      render: (_: unknown, s: Supply) => dash([s.concentration, s.formulation_denomination].filter(Boolean).join(' ')),
    },
    { title: 'Tipo', key: 'type', width: 110, render: (_: unknown, s: Supply) => s.type.name },
    { title: 'Unidad', key: 'unit', width: 80, render: (_: unknown, s: Supply) => s.unit.name },
    { title: 'EIQ', dataIndex: 'eiq_value', align: 'right', width: 80, render: (v: number | null) => (v === null ? '-' : formatNumber(v, 1)) },
    { title: 'Origen', dataIndex: 'own', width: 105, render: (v: boolean) => (v ? <Tag color="blue">Propio</Tag> : <Tag>Catálogo</Tag>) },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_: unknown, s: Supply) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="Ver detalle">
            <Button type="text" size="small" aria-label="Ver detalle" icon={<EyeOutlined />} onClick={() => setDetail(s)} />
          </Tooltip>
          {canUpdate && s.own && (
            <Tooltip title="Editar">
              <Button type="text" size="small" aria-label="Editar" icon={<EditOutlined />} onClick={() => setEditing({ record: s })} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Listado de insumos
      </Typography.Title>
      <DataTable<Supply>
        stateKey="inventory-supplies"
        resource={INV_RESOURCES.supplies}
        columns={columns}
        rowKey={(s) => s.supply_id}
        searchFields={['name', 'generic.name']}
        searchPlaceholder="Buscar por nombre o principio activo"
        filterFields={[
          { field: 'name', label: 'Nombre', type: 'string' },
          { field: 'generic.name', label: 'Principio activo', type: 'string' },
        ]}
        baseFilters={baseFilters}
        onRowClick={setDetail}
        toolbar={
          <Space wrap>
            <Select allowClear aria-label="Filtrar por tipo" placeholder="Tipo" style={{ width: 160 }} value={typeId} onChange={setTypeId} options={SUPPLY_TYPE_OPTIONS} />
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
                Nuevo insumo
              </Button>
            )}
          </Space>
        }
      />
      <Drawer open={detail !== null} onClose={() => setDetail(null)} title={detail?.name} size={480} destroyOnHidden>
        {detail && <SupplyDetail supply={detail} />}
      </Drawer>
      <SupplyFormModal record={editing?.record ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </div>
  );
}
