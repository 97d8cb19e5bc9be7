import { useEffect } from 'react';
import { Divider, Form, Input, Modal } from 'antd';
import { LAND_MSG, type Farm } from '@fm/domain';
import { requiredRule } from '../../../components/form';
import { saveForm } from './record-actions';
import { LocationPickers } from '../../auth/components/location-pickers';
import type { ResourceScope } from '../../resources/api';
import { useResourceMutations } from '../../resources/queries';
import { PlotsEditor, type PlotValue } from './plots-editor';
import { useDefaultWorkspaces, WorkspacesSelect } from './workspaces-select';

type Values = { name?: string; province_id?: number; district_id?: number; city_id?: number; fields?: PlotValue[]; workspaces?: number[] };
type Props = { scope: ResourceScope; record: Farm | null; open: boolean; onClose: () => void };

/** Create / edit an establecimiento: name, province → district → locality, its plots (with KML/KMZ boundaries) and sharing. */
export function FarmFormModal({ scope, record, open, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { save } = useResourceMutations<Farm>('farms', 'farm_id', scope);
  const defaultWorkspaces = useDefaultWorkspaces();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      record
        ? {
            name: record.name,
            province_id: record.state?.state_id,
            district_id: record.city?.district_id,
            city_id: record.city_id ?? undefined,
            fields: (record.fields ?? []).map((f) => ({ field_id: f.field_id, name: f.name, hectares: f.hectares, boundary: f.boundary, boundary_hectares: f.boundary_hectares })),
            workspaces: record.workspaces.map((w) => w.workspace_id),
          }
        : { fields: [], workspaces: defaultWorkspaces },
    );
  }, [open, record, form, defaultWorkspaces]);

  const submit = async () => {
    if (!(await form.validateFields().catch(() => null))) return;
    // getFieldsValue(true) keeps the plots' boundaries, which have no input of their own
    const values = form.getFieldsValue(true) as Values;
    const body = {
      name: values.name,
      city_id: values.city_id,
      fields: (values.fields ?? []).map((f) => ({ ...(f.field_id ? { field_id: f.field_id } : {}), name: f.name, hectares: f.hectares, boundary: f.boundary ?? null })),
      ...(scope === 'account' ? { workspaces: values.workspaces ?? [] } : {}),
    };
    await saveForm(form, () => save.mutateAsync({ id: record?.farm_id, body }), onClose);
  };

  return (
    <Modal
      open={open}
      title={record ? 'Editar establecimiento' : 'Crear establecimiento'}
      okText="Guardar"
      cancelText="Cancelar"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      width={760}
    >
      <Form form={form} layout="vertical" name="farm-form" onFinish={() => void submit()}>
        <Form.Item name="name" label="Nombre" rules={[requiredRule(LAND_MSG.nameRequired)]}>
          <Input maxLength={120} placeholder="Nombre del establecimiento" />
        </Form.Item>
        <LocationPickers />
        {scope === 'account' && <WorkspacesSelect />}
        <Divider style={{ margin: '12px 0' }} />
        <PlotsEditor />
      </Form>
    </Modal>
  );
}
