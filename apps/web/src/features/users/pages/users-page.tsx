import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { AccountUserRow } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useSession } from '../../../session/hooks';

const dash = (v: string) => v || '—';

/** Usuarios (/usuarios): the people of every own workspace (spec doc 1 §2.8), 5 per page with 5/10/15. */
export default function UsersPage() {
  const navigate = useNavigate();
  const me = useSession()?.user.user_id;
  const manage = (row: AccountUserRow) =>
    void navigate(row.user_id ? `/usuarios/administrar/${row.user_id}` : `/usuarios/administrar?email=${encodeURIComponent(row.email)}`);

  const columns: DataColumn<AccountUserRow>[] = [
    {
      title: 'Nombre',
      dataIndex: 'name',
      sortField: 'name',
      render: (v: string, row) => (row.pending ? <Tag color="gold">Invitación pendiente</Tag> : dash(v)),
    },
    { title: 'Apellido', dataIndex: 'last_name', sortField: 'last_name', render: dash },
    { title: 'Email', dataIndex: 'email', sortField: 'email' },
    {
      title: 'Espacios de trabajo',
      dataIndex: 'workspaces',
      render: (list: AccountUserRow['workspaces']) => (
        <Space size={[4, 4]} wrap>
          {list.map((w) => (
            <Tag key={w.workspace_id}>{w.name}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_: unknown, row) =>
        row.user_id === me ? null : (
          <Tooltip title="Administrar">
            <Button type="text" aria-label={`Administrar ${row.email}`} icon={<SettingOutlined />} onClick={() => manage(row)} />
          </Tooltip>
        ),
    },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Usuarios
      </Typography.Title>
      <DataTable<AccountUserRow>
        stateKey="users"
        resource="workspaces/users"
        columns={columns}
        rowKey={(r) => r.email}
        searchFields={['name', 'last_name', 'email']}
        defaultPageSize={5}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/usuarios/administrar')}>
            Crear
          </Button>
        }
      />
    </div>
  );
}
