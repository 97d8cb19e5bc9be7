import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate, type Monitoring } from '@fm/domain';
import { useNavigate } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { MONITORINGS_RESOURCE, useMonitoringMutations } from '../queries';
import { adversityLabel, MON_TEXT } from '../texts';

const SEVERITY_COLOR = ['', 'green', 'lime', 'gold', 'orange', 'red'];

/** Monitoreos (/monitoreos): newest first, search and filters by farm, plot, crop and date; Nuevo, Editar, Eliminar. */
export default function MonitoringsPage() {
  const navigate = useNavigate();
  const { remove } = useMonitoringMutations();

  const onDelete = (m: Monitoring) =>
    confirmAction({
      confirm: { title: MON_TEXT.deleteTitle, content: MON_TEXT.deleteContent, okText: 'Eliminar', danger: true },
      run: () => remove.mutateAsync(m.monitoring_id),
      success: 'Monitoreo eliminado',
    });

  const columns: DataColumn<Monitoring>[] = [
    { title: 'Fecha', dataIndex: 'date', sortField: 'date', width: 110, render: (v: string) => formatDate(v) },
    { title: 'Establecimiento', dataIndex: 'farm_name', sortField: 'farm', minWidth: 150 },
    { title: 'Lote', dataIndex: 'field_name', sortField: 'field', minWidth: 110 },
    { title: 'Cultivo', dataIndex: 'crop_name', sortField: 'crop', minWidth: 100, render: (v: string | null) => v ?? '-' },
    { title: 'Estadio', dataIndex: 'stage_name', minWidth: 90, render: (v: string | null) => v ?? '-' },
    {
      title: 'Adversidades',
      key: 'adversities',
      minWidth: 240,
      render: (_: unknown, m: Monitoring) =>
        m.adversities.length ? (
          <Space size={[4, 4]} wrap>
            {m.adversities.map((a) => (
              <Tag key={a.monitoring_adversity_id} color={SEVERITY_COLOR[a.severity]}>
                {adversityLabel(a)}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{MON_TEXT.noAdversities}</Typography.Text>
        ),
    },
    {
      title: 'Fotos',
      key: 'photos',
      width: 80,
      align: 'center',
      render: (_: unknown, m: Monitoring) => (
        <span aria-label={`${m.photos.length} fotos`}>
          <PictureOutlined /> {m.photos.length}
        </span>
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_: unknown, m: Monitoring) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <Tooltip title="Editar">
            <Button type="text" size="small" aria-label="Editar" icon={<EditOutlined />} onClick={() => void navigate(`/monitoreos/${m.monitoring_id}/editar`)} />
          </Tooltip>
          <Tooltip title="Eliminar">
            <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(m)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {MON_TEXT.title}
      </Typography.Title>
      <DataTable<Monitoring>
        stateKey="monitorings"
        resource={MONITORINGS_RESOURCE}
        columns={columns}
        rowKey={(m) => m.monitoring_id}
        searchFields={['farm', 'field', 'crop']}
        searchPlaceholder={MON_TEXT.search}
        filterFields={[
          { field: 'farm', label: 'Establecimiento', type: 'string' },
          { field: 'field', label: 'Lote', type: 'string' },
          { field: 'crop', label: 'Cultivo', type: 'string' },
        ]}
        defaultPageSize={10}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/monitoreos/nuevo')}>
            {MON_TEXT.create}
          </Button>
        }
      />
    </div>
  );
}
