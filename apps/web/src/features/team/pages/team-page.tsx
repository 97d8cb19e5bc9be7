import { useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { TeamRow } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { TeamAccessModal } from '../components/team-access-modal';
import { useTeamMutations } from '../queries';

/** Equipo (/equipo): named groups of people of the account, to give them workspace access at once. */
export default function TeamPage() {
  const navigate = useNavigate();
  const { remove } = useTeamMutations();
  const [granting, setGranting] = useState<TeamRow | null>(null);

  const onDelete = (row: TeamRow) =>
    confirmAction({
      confirm: { title: `¿Eliminar el equipo "${row.name}"?`, content: 'Los accesos ya otorgados no cambian.', danger: true },
      run: () => remove.mutateAsync(row.team_id),
      success: 'Equipo eliminado',
    });

  const columns: DataColumn<TeamRow>[] = [
    { title: 'Nombre', dataIndex: 'name', sortField: 'name' },
    {
      title: 'Integrantes',
      dataIndex: 'members',
      render: (members: TeamRow['members']) =>
        members.length ? (
          <Space size={[4, 4]} wrap>
            {members.map((m) => (
              <Tag key={m.email}>{m.name ? `${m.name} ${m.last_name ?? ''}`.trim() : m.email}</Tag>
            ))}
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_: unknown, row) => (
        <Space size={0}>
          <Tooltip title="Dar acceso a un espacio de trabajo">
            <Button type="text" aria-label={`Dar acceso a ${row.name}`} icon={<UsergroupAddOutlined />} onClick={() => setGranting(row)} />
          </Tooltip>
          <Tooltip title="Editar">
            <Button type="text" aria-label={`Editar ${row.name}`} icon={<EditOutlined />} onClick={() => void navigate(`/equipo/${row.team_id}/editar`)} />
          </Tooltip>
          <Tooltip title="Eliminar">
            <Button type="text" danger aria-label={`Eliminar ${row.name}`} icon={<DeleteOutlined />} onClick={() => void onDelete(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Equipo
      </Typography.Title>
      <DataTable<TeamRow>
        stateKey="teams"
        resource="teams"
        columns={columns}
        rowKey={(r) => r.team_id}
        searchFields={['name']}
        defaultPageSize={10}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/equipo/nuevo')}>
            Crear
          </Button>
        }
      />
      {granting && <TeamAccessModal team={granting} onClose={() => setGranting(null)} />}
    </div>
  );
}
