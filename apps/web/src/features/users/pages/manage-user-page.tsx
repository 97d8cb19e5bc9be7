import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Col, Form, Input, List, Row, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ACCESS_MSG, checkedModulesToPermissions, defaultPermissions, EmailQuery, MSG, type Module } from '@fm/domain';
import { isApiError, NETWORK_ERROR_STATUS } from '../../../api/errors';
import { confirmAction, toast } from '../../../components/feedback';
import { requiredRule, zodRule } from '../../../components/form';
import { useWorkspaces } from '../../workspaces/queries';
import { PermissionsPanel } from '../../../components/permissions-panel';
import { usePermissionMutations, usePermissions, usePerson } from '../queries';
import type { Person } from '../api';

/** A workspace of the managed user; `isNew` entries exist only here until their permissions are saved. */
type Entry = { workspace_id: number; name: string; owner: boolean; isNew: boolean };

const BACK_DELAY_MS = 1500;
const serverMessage = (err: unknown, fallback: string) => (isApiError(err) && err.status < NETWORK_ERROR_STATUS && err.message ? err.message : fallback);
const emailRule = zodRule(EmailQuery.shape.email);

/** Administrar usuario (/usuarios/administrar/:usuario_id?): e-mail, workspaces and per-module permissions (spec doc 1 §2.9). */
export default function ManageUserPage() {
  const { usuario_id: raw } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string; workspace_id?: number }>();
  // Crear: once a valid e-mail is typed, the workspaces that person already has with us are shown too.
  const [typed, setTyped] = useState<string | undefined>();
  const person: Person = raw ? { user_id: Number(raw) } : { email: params.get('email') ?? typed };
  const existing = Boolean(raw || params.get('email'));
  const personQuery = usePerson(person, Boolean(person.user_id || person.email));
  const workspaces = useWorkspaces();
  const { save, remove } = usePermissionMutations();
  const [added, setAdded] = useState<Entry[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (personQuery.data) form.setFieldsValue({ email: personQuery.data.email });
  }, [personQuery.data, form]);

  const entries: Entry[] = useMemo(
    () => [...(personQuery.data?.workspaces ?? []).map((w) => ({ ...w, owner: false, isNew: false })), ...added],
    [personQuery.data, added],
  );
  const current = entries.find((e) => e.workspace_id === selected) ?? null;
  const options = (workspaces.data ?? []).filter((w) => w.owner && !entries.some((e) => e.workspace_id === w.workspace_id)).map((w) => ({ value: w.workspace_id, label: w.name }));
  const stored = usePermissions(current?.workspace_id, person, Boolean(current && !current.isNew && (person.user_id || person.email)));
  const newDefaults = useMemo(() => defaultPermissions(), []);

  const goBackSoon = () => setTimeout(() => void navigate('/usuarios'), BACK_DELAY_MS);

  const onAdd = async () => {
    try {
      const values = await form.validateFields(['email', 'workspace_id']);
      const ws = workspaces.data?.find((w) => w.workspace_id === values.workspace_id);
      if (!ws) return;
      setAdded((prev) => [...prev, { workspace_id: ws.workspace_id, name: ws.name, owner: false, isNew: true }]);
      setSelected(ws.workspace_id);
      form.setFieldValue('workspace_id', undefined);
    } catch {
      // antd shows the messages under the fields
    }
  };

  const onCancel = () => {
    if (current?.isNew) setAdded((prev) => prev.filter((e) => e.workspace_id !== current.workspace_id));
    setSelected(null);
  };

  const onSave = async (checked: Module[]) => {
    if (!current) return;
    let email: string;
    try {
      email = (await form.validateFields(['email'])).email;
    } catch {
      return;
    }
    try {
      await save.mutateAsync({ workspaceId: current.workspace_id, email: email.trim().toLowerCase(), permissions: checkedModulesToPermissions(checked) });
      toast.success(ACCESS_MSG.permissionsSaved);
      goBackSoon();
    } catch (err) {
      toast.warning(serverMessage(err, ACCESS_MSG.permissionsSaveError));
    }
  };

  const onDelete = (entry: Entry) =>
    confirmAction({
      confirm: { title: `¿Quitar el acceso a "${entry.name}"?`, content: 'Se eliminarán sus permisos en este espacio de trabajo.', danger: true },
      run: () => remove.mutateAsync({ workspaceId: entry.workspace_id, person }),
      success: ACCESS_MSG.permissionsDeleted,
      alwaysSuccessText: true,
      after: goBackSoon,
      onError: (err) => toast.warning(serverMessage(err, ACCESS_MSG.permissionsDeleteError)),
    });

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Administrar usuario
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card>
            <Form form={form} layout="vertical" requiredMark>
              <Form.Item name="email" label="Email" required rules={[emailRule]}>
                <Input
                  type="email"
                  maxLength={254}
                  disabled={existing}
                  placeholder="nombre@ejemplo.com"
                  onBlur={(e) => {
                    const value = e.target.value.trim().toLowerCase();
                    if (EmailQuery.shape.email.safeParse(value).success) setTyped(value);
                  }}
                />
              </Form.Item>
              <Form.Item label="Espacio de trabajo" required style={{ marginBottom: 8 }}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="workspace_id" noStyle rules={[requiredRule(MSG.workspaceRequired)]}>
                    <Select
                      aria-label="Seleccionar espacio de trabajo"
                      placeholder="Seleccioná un espacio de trabajo"
                      options={options}
                      loading={workspaces.isLoading}
                      notFoundContent={workspaces.data?.length ? 'No hay más opciones' : 'No hay opciones'}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Button type="primary" onClick={() => void onAdd()}>
                    Añadir
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Form>
            <List<Entry>
              style={{ marginTop: 16 }}
              header={<strong>Espacios de trabajo</strong>}
              loading={personQuery.isLoading}
              locale={{ emptyText: 'Sin resultados' }}
              dataSource={entries}
              pagination={entries.length > 5 ? { pageSize: 5, current: page, onChange: setPage, size: 'small' } : false}
              renderItem={(entry) => (
                <List.Item
                  style={entry.workspace_id === selected ? { background: 'rgba(22,119,255,0.06)' } : undefined}
                  actions={[
                    <Button key="view" type="link" onClick={() => setSelected(entry.workspace_id)}>
                      Ver permisos
                    </Button>,
                    !entry.owner && !entry.isNew ? (
                      <Tooltip key="del" title="Quitar acceso">
                        <Button type="text" danger aria-label={`Quitar acceso a ${entry.name}`} icon={<DeleteOutlined />} onClick={() => void onDelete(entry)} />
                      </Tooltip>
                    ) : null,
                  ]}
                >
                  <Space>
                    {entry.name}
                    {entry.isNew && <Tag color="blue">Nuevo</Tag>}
                    {entry.owner && <Tag>Dueño</Tag>}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          {current && (
            <Card title={`Permisos en ${current.name}`}>
              <PermissionsPanel
                key={current.workspace_id}
                permissions={current.isNew ? newDefaults : stored.data}
                loading={!current.isNew && stored.isLoading}
                owner={current.owner}
                saving={save.isPending}
                onSave={(checked) => void onSave(checked)}
                onCancel={onCancel}
              />
            </Card>
          )}
        </Col>
      </Row>
    </div>
  );
}
