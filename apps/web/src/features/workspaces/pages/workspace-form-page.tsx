import { useEffect, useMemo } from 'react';
import { Form, Input, Select, Skeleton, Switch, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ACCESS_MSG, SHAREABLE_RESOURCES, type EntityRef, type ShareableResource } from '@fm/domain';
import { FormActions, FormPage, applyServerErrors, requiredRule } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useSession } from '../../../session/hooks';
import { switchWorkspace } from '../../../session/switch-workspace';
import { useEntityOptions, useWorkspaceEntities, useWorkspaceMutations, useWorkspaces } from '../queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = { name: string; active: boolean } & Record<string, number[] | string | boolean>;

/** One multi-select per resource type; a type whose list endpoint does not answer is not shown. */
function EntityField({ source, workspaceId }: { source: ShareableResource; workspaceId: number | undefined }) {
  const options = useEntityOptions(source, workspaceId);
  if (options.isError || (!options.isLoading && !options.data)) return null;
  return (
    <Form.Item name={source.type} label={source.label}>
      <Select
        mode="multiple"
        allowClear
        loading={options.isLoading}
        options={options.data ?? []}
        showSearch={SEARCH_BY_LABEL}
        placeholder={`Seleccioná ${source.label.toLowerCase()}`}
        notFoundContent={options.data?.length ? 'No hay más opciones' : 'No hay opciones'}
      />
    </Form.Item>
  );
}

/** Nuevo / Editar espacio de trabajo: name, active and the account resources shared into it (spec doc 1 §2.10). */
export default function WorkspaceFormPage() {
  const { workspace_id: raw } = useParams();
  const id = raw ? Number(raw) : undefined;
  const navigate = useNavigate();
  const session = useSession();
  const [form] = Form.useForm<Values>();
  const workspaces = useWorkspaces();
  const entities = useWorkspaceEntities(id);
  const { save } = useWorkspaceMutations();
  const record = workspaces.data?.find((w) => w.workspace_id === id);
  // Account resources are listed through a workspace the caller owns: the edited one, else the first own one.
  const ownedForOptions = id ?? workspaces.data?.find((w) => w.owner)?.workspace_id;

  const initial = useMemo(() => {
    if (!record) return { name: '', active: true };
    const byType: Record<string, number[]> = {};
    for (const e of entities.data ?? []) byType[e.entity_type] = [...(byType[e.entity_type] ?? []), e.entity_id];
    return { name: record.name, active: record.active, ...byType };
  }, [record, entities.data]);

  useEffect(() => {
    form.setFieldsValue(initial as Values);
  }, [form, initial]);

  if (workspaces.isLoading || (id !== undefined && entities.isLoading)) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (id !== undefined && (!record || !record.owner)) {
    return <Typography.Paragraph>{ACCESS_MSG.ownerOnly}</Typography.Paragraph>;
  }

  const onFinish = async (values: Values) => {
    const list: EntityRef[] = SHAREABLE_RESOURCES.flatMap((s) => ((values[s.type] as number[] | undefined) ?? []).map((entity_id) => ({ entity_type: s.type, entity_id })));
    // Types not shown (endpoint missing) keep what the workspace already had.
    const mounted = new Set(Object.keys(form.getFieldsValue()));
    const shown = new Set(SHAREABLE_RESOURCES.filter((s) => mounted.has(s.type)).map((s) => s.type as string));
    const kept = (entities.data ?? []).filter((e) => !shown.has(e.entity_type));
    try {
      const res = await save.mutateAsync({ id, body: { name: values.name, active: values.active, entities: [...list, ...kept] } });
      toast.success(res.message ?? 'Guardado');
      // The top-bar selector lists the session's workspaces: renew it, then reload on the list.
      await navigate('/espacio-trabajo');
      if (session?.workspaceId) await switchWorkspace(session.workspaceId);
    } catch (err) {
      applyServerErrors(form, err);
    }
  };

  return (
    <FormPage title={id === undefined ? 'Nuevo espacio de trabajo' : 'Editar espacio de trabajo'}>
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={(v) => void onFinish(v)} requiredMark>
        <Form.Item name="name" label="Nombre" rules={[requiredRule(ACCESS_MSG.workspaceNameRequired), { max: 120 }]}>
          <Input maxLength={120} autoFocus />
        </Form.Item>
        <Form.Item name="active" label="Activo" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Typography.Text type="secondary">Recursos compartidos en este espacio de trabajo</Typography.Text>
        <div style={{ marginTop: 12 }}>
          {SHAREABLE_RESOURCES.map((s) => (
            <EntityField key={s.type} source={s} workspaceId={ownedForOptions} />
          ))}
        </div>
        <FormActions onCancel={() => void navigate('/espacio-trabajo')} saving={save.isPending} />
      </Form>
    </FormPage>
  );
}
