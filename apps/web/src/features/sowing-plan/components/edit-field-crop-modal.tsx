import { useMemo } from 'react';
import { Form, Select } from 'antd';
import { LAND_MSG, type FieldCrop, type FieldCropUpdateBody } from '@fm/domain';
import { DecimalInput, requiredRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { useCrops, useSequences, useSowingMutations } from '../queries';

type Values = FieldCropUpdateBody;

/** Edit the crop, sequence or hectares of one plot of the plan. */
export function EditFieldCropModal({ record, onClose }: { record: FieldCrop | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const crops = useCrops();
  const sequences = useSequences();
  const { updateCrop } = useSowingMutations();
  const initialValues = useMemo<Values>(() => (record ? { crop_id: record.crop_id, crop_sequence_id: record.crop_sequence_id, hectares: record.hectares } : {}), [record]);

  return (
    <FormModal
      form={form}
      name="field-crop-form"
      title={`Editar cultivo del lote ${record?.field.name ?? ''}`}
      open={record !== null}
      initialValues={initialValues}
      onSave={(values) => updateCrop.mutateAsync({ id: record?.field_crop_id ?? 0, body: values })}
      saving={updateCrop.isPending}
      onClose={onClose}
    >
      <Form.Item name="crop_id" label="Cultivo" rules={[requiredRule(LAND_MSG.cropRequired)]}>
        <Select aria-label="Cultivo" options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))} />
      </Form.Item>
      <Form.Item name="crop_sequence_id" label="Secuencia">
        <Select aria-label="Secuencia" options={(sequences.data ?? []).map((s) => ({ value: s.crop_sequence_id, label: s.name || '(sin secuencia)' }))} />
      </Form.Item>
      <Form.Item name="hectares" label="Hectáreas" rules={[requiredRule(LAND_MSG.hectaresPositive), { type: 'number', min: 0.01, message: LAND_MSG.hectaresPositive }]}>
        <DecimalInput min={0} step={0.01} suffix="ha" style={{ width: 180 }} aria-label="Hectáreas" />
      </Form.Item>
    </FormModal>
  );
}
