import { useMemo } from 'react';
import { Button, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UploadOutlined, InboxOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { formatDate, type FilterCond } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { companyName, cropName, destinationName, originLabel, tons } from '../format';
import { GRAIN_RESOURCES, useGrainMutations } from '../queries';
import { useIdFilters } from '../components/id-filters';
import { CommercialTabs } from '../components/commercial-tabs';
import { GRAIN_TEXT } from '../texts';
import type { Movement } from '../types';

type StatusKey = 'transito' | 'destino';
const STATUS_FILTER: Record<StatusKey, { label: string; value: string }> = {
  transito: { label: GRAIN_TEXT.inTransit, value: 'tránsito' },
  destino: { label: GRAIN_TEXT.atDestination, value: 'destino' },
};

/** Movimientos de granos (/granos/movimientos, spec doc 3 "Grain movements list"). */
export default function MovementsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status: StatusKey = params.get('estado') === 'destino' ? 'destino' : 'transito';
  const can = { create: useCan('commercialization_movement', 'create'), update: useCan('commercialization_movement', 'update'), delete: useCan('commercialization_movement', 'delete') };
  const { removeMovement } = useGrainMutations();
  const filters = useIdFilters('movement', `grain-movements-${status}`);
  const baseFilters = useMemo<FilterCond[]>(() => [{ field: 'movement.status', condition: 'contains', value: STATUS_FILTER[status].value }, ...filters.conditions], [status, filters.conditions]);

  const onDelete = (m: Movement) =>
    confirmAction({
      confirm: { title: GRAIN_TEXT.confirmDeleteMovement, okText: GRAIN_TEXT.deleteButton, danger: true },
      run: () => removeMovement.mutateAsync(m.movement_id),
      success: GRAIN_TEXT.deleted,
      alwaysSuccessText: true,
    });

  const columns: DataColumn<Movement>[] = [
    { title: 'Id', dataIndex: 'movement_id', sortField: 'movement_id', width: 60 },
    { title: 'Origen', key: 'origin', minWidth: 110, render: (_: unknown, m) => originLabel(m) },
    { title: 'Producto', key: 'crop', minWidth: 84, render: (_: unknown, m) => cropName(m) },
    { title: 'Empresa', key: 'company', minWidth: 100, render: (_: unknown, m) => companyName(m) },
    { title: 'Destino', key: 'destination', minWidth: 110, render: (_: unknown, m) => destinationName(m) },
    { title: 'Fecha de carga', dataIndex: 'load_date', sortField: 'load_date', width: 100, render: (v: string) => formatDate(v) },
    { title: 'Tn', key: 'tons', align: 'right', width: 90, render: (_: unknown, m) => tons(m.destination_tons ?? m.origin_tons) },
    { title: 'Carta de porte', dataIndex: 'waybill', width: 110, render: (v: string | null) => v || '-' },
    { title: 'Estado', dataIndex: 'status', width: 105, render: (v: string) => <Tag color={v === GRAIN_TEXT.inTransit ? 'orange' : 'green'}>{v}</Tag> },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_: unknown, m) =>
        m.status === GRAIN_TEXT.inTransit ? (
          <Space size={0} wrap={false}>
            {can.update && (
              <Tooltip title="Editar">
                <Button type="text" size="small" aria-label="Editar" icon={<EditOutlined />} onClick={() => void navigate(`/granos/movimiento/${m.movement_id}`)} />
              </Tooltip>
            )}
            {can.delete && (
              <Tooltip title="Eliminar">
                <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(m)} />
              </Tooltip>
            )}
          </Space>
        ) : null,
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Movimientos de granos
      </Typography.Title>
      <CommercialTabs />
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<StatusKey>
          aria-label="Estado"
          value={status}
          onChange={(v) => setParams(v === 'destino' ? { estado: 'destino' } : {}, { replace: true })}
          options={(Object.keys(STATUS_FILTER) as StatusKey[]).map((k) => ({ value: k, label: STATUS_FILTER[k].label }))}
        />
        {filters.selects}
      </Space>
      <DataTable<Movement>
        key={`${status}-${filters.key}`}
        stateKey={`grain-movements-${status}`}
        resource={GRAIN_RESOURCES.movements}
        columns={columns}
        rowKey={(m) => m.movement_id}
        defaultPageSize={5}
        searchFields={['waybill', 'grain_traceability_code']}
        searchPlaceholder="Buscar carta de porte o CTG"
        baseFilters={baseFilters}
        toolbar={
          can.create && (
            <Space wrap>
              <Button icon={<InboxOutlined />} onClick={() => void navigate('/granos/movimiento/recepcion')}>
                {GRAIN_TEXT.receiveMovements}
              </Button>
              <Button icon={<UploadOutlined />} onClick={() => void navigate('/granos/movimiento/carga-masiva')}>
                {GRAIN_TEXT.bulkLoad}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/granos/movimiento')}>
                {GRAIN_TEXT.newMovement}
              </Button>
            </Space>
          )
        }
      />
    </div>
  );
}
