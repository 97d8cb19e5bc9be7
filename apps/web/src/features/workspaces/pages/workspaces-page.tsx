import { Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, LoginOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { FilterCond, WorkspaceRow } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction, toast } from '../../../components/feedback';
import { useSession } from '../../../session/hooks';
import { updateSession } from '../../../session/session-store';
import { switchWorkspace } from '../../../session/switch-workspace';
import { useWorkspaceMutations } from '../queries';

const OWN: FilterCond[] = [{ field: 'owner', condition: 'is', value: true }];
const SHARED: FilterCond[] = [{ field: 'owner', condition: 'is', value: false }];

/** Espacios de trabajo (/espacio-trabajo): Propios and Compartidos, 5 per page (spec doc 1 §2.10, §9). */
export default function WorkspacesPage() {
  const navigate = useNavigate();
  const session = useSession();
  const { remove } = useWorkspaceMutations();
  const current = session?.workspaceId ?? null;

  const enter = (row: WorkspaceRow) => switchWorkspace(row.workspace_id).catch((err: unknown) => toast.apiError(err));

  // the deleted workspace leaves the session (and, when it was the current one, the user moves to another own one)
  const dropFromSession = async (row: WorkspaceRow) => {
    if (!session) return;
    if (row.workspace_id === current) {
      // Deleting the selected workspace: move to another own one (token renewed, page reloaded).
      const next = session.user.workspaces.find((w) => w.workspace_id !== row.workspace_id && w.owner);
      if (next) await switchWorkspace(next.workspace_id);
      return;
    }
    updateSession({ user: { ...session.user, workspaces: session.user.workspaces.filter((w) => w.workspace_id !== row.workspace_id) } });
  };

  const onDelete = (row: WorkspaceRow) =>
    confirmAction({
      confirm: { title: `¿Eliminar el espacio de trabajo "${row.name}"?`, content: 'Esta acción no se puede deshacer.', danger: true },
      run: () => remove.mutateAsync(row.workspace_id),
      success: 'Espacio de trabajo eliminado',
      after: () => dropFromSession(row),
    });

  const nameColumn: DataColumn<WorkspaceRow> = {
    title: 'Nombre',
    dataIndex: 'name',
    sortField: 'name',
    render: (name: string, row) => (
      <Space size={4}>
        {name}
        {row.workspace_id === current && <Tag color="blue">Actual</Tag>}
      </Space>
    ),
  };
  const statusColumn: DataColumn<WorkspaceRow> = {
    title: 'Estado',
    dataIndex: 'active',
    render: (active: boolean) => (active ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>),
  };
  const enterButton = (row: WorkspaceRow) =>
    row.workspace_id !== current && row.active ? (
      <Tooltip title="Ingresar">
        <Button type="text" aria-label={`Ingresar a ${row.name}`} icon={<LoginOutlined />} onClick={() => void enter(row)} />
      </Tooltip>
    ) : null;

  const ownColumns: DataColumn<WorkspaceRow>[] = [
    nameColumn,
    statusColumn,
    { title: 'Usuarios', dataIndex: 'users_count', align: 'right' },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_: unknown, row) => (
        <Space size={0}>
          {enterButton(row)}
          <Tooltip title="Editar">
            <Button type="text" aria-label={`Editar ${row.name}`} icon={<EditOutlined />} onClick={() => void navigate(`/espacio-trabajo/${row.workspace_id}/editar`)} />
          </Tooltip>
          <Tooltip title="Eliminar">
            <Button type="text" danger aria-label={`Eliminar ${row.name}`} icon={<DeleteOutlined />} onClick={() => void onDelete(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];
  const sharedColumns: DataColumn<WorkspaceRow>[] = [
    nameColumn,
    { title: 'Dueño', dataIndex: 'owner_name' },
    statusColumn,
    { title: 'Acciones', key: 'actions', render: (_: unknown, row) => enterButton(row) },
  ];

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Espacios de trabajo
      </Typography.Title>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card
          title="Propios"
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/espacio-trabajo/nuevo')}>
              Crear
            </Button>
          }
        >
          <DataTable<WorkspaceRow>
            stateKey="workspaces-own"
            resource="workspaces"
            baseFilters={OWN}
            columns={ownColumns}
            rowKey={(r) => r.workspace_id}
            searchFields={['name']}
            defaultPageSize={5}
          />
        </Card>
        <Card title="Compartidos">
          <DataTable<WorkspaceRow>
            stateKey="workspaces-shared"
            resource="workspaces"
            baseFilters={SHARED}
            columns={sharedColumns}
            rowKey={(r) => r.workspace_id}
            searchFields={['name']}
            defaultPageSize={5}
          />
        </Card>
      </Space>
    </div>
  );
}
