import { useEffect, useMemo } from 'react';
import { Divider, Form, Input, Modal } from 'antd';
import { LAND_MSG, type Farm } from '@fm/domain';
import { requiredRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { LocationPickers } from '../../../components/location-pickers';
import { useDefaultWorkspaces, WorkspacesSelect } from '../../../components/workspaces-select';
import type { ResourceScope } from '../../resources/api';
import { useResourceMutations } from '../../resources/queries';
import { toast } from '../../../components/feedback';
import { useFarm } from '../queries';
import { PlotsEditor, type PlotValue } from './plots-editor';

type Values = { name?: string; province_id?: number; district_id?: number; city_id?: number; fields?: PlotValue[]; workspaces?: number[] };
type Props = { scope: ResourceScope; record: Farm | null; open: boolean; onClose: () => void };

/** Create / edit an establecimiento: name, province → district → locality, its plots (with KML/KMZ boundaries) and sharing. */
export function FarmFormModal({ scope, record, open, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { save } = useResourceMutations<Farm>('farms', 'farm_id', scope);
  const defaultWorkspaces = useDefaultWorkspaces();
  const initialValues = useMemo<Values>(
    () =>
      record
        ? {
            name: record.name,
            province_id: record.state?.state_id,
            district_id: record.city?.district_id,
            city_id: record.city_id ?? undefined,
            fields: (record.fields ?? []).map((f) => ({ field_id: f.field_id, name: f.name, hectares: f.hectares, boundary: f.boundary, boundary_hectares: f.boundary_hectares, field_mapping_synced_at: f.field_mapping_synced_at })),
            workspaces: record.workspaces.map((w) => w.workspace_id),
          }
        : { fields: [], workspaces: defaultWorkspaces },
    [record, defaultWorkspaces],
  );

  const onSave = () => {
    // getFieldsValue(true) keeps the plots' boundaries, which have no input of their own
    const values = form.getFieldsValue(true) as Values;
    const body = {
      name: values.name,
      city_id: values.city_id,
      fields: (values.fields ?? []).map((f) => ({ ...(f.field_id ? { field_id: f.field_id } : {}), name: f.name, hectares: f.hectares, boundary: f.boundary ?? null })),
      ...(scope === 'account' ? { workspaces: values.workspaces ?? [] } : {}),
    };
    return save.mutateAsync({ id: record?.farm_id, body });
  };

  return (
    <FormModal
      form={form}
      name="farm-form"
      title={record ? 'Editar establecimiento' : 'Crear establecimiento'}
      open={open}
      initialValues={initialValues}
      onSave={onSave}
      saving={save.isPending}
      onClose={onClose}
      width={760}
    >
      <Form.Item name="name" label="Nombre" rules={[requiredRule(LAND_MSG.nameRequired)]}>
        <Input maxLength={120} placeholder="Nombre del establecimiento" />
      </Form.Item>
      <LocationPickers />
      {scope === 'account' && <WorkspacesSelect />}
      <Divider style={{ margin: '12px 0' }} />
      <PlotsEditor />
    </FormModal>
  );
}

/**
 * The farm form for a new farm (`farmId` null) or over the farm read whole, plots included: the list's rows carry
 * only the plots' count, and saving a farm replaces its plots, so the form never opens on a row without them.
 */
export function FarmFormForId({ scope, farmId, open, onClose }: Omit<Props, 'record'> & { farmId: number | null }) {
  const farm = useFarm(scope, open ? farmId : null);
  const missing = farm.isError || farm.data === null;
  useEffect(() => {
    if (!open || !missing) return;
    if (farm.isError) toast.apiError(farm.error);
    else toast.warning(LAND_MSG.farmNotFound);
    onClose();
  }, [open, missing, farm.isError, farm.error, onClose]);
  if (farmId === null) return <FarmFormModal scope={scope} record={null} open={open} onClose={onClose} />;
  if (!farm.data) return <Modal open={open && !missing} title="Editar establecimiento" loading footer={null} onCancel={onClose} width={760} />;
  return <FarmFormModal scope={scope} record={farm.data} open={open} onClose={onClose} />;
}
