import { useEffect } from 'react';
import { Form, InputNumber, Modal, Select } from 'antd';
import { LAND_MSG, type FieldCrop } from '@fm/domain';
import { requiredRule } from '../../../components/form';
import { saveForm } from '../../land/components/record-actions';
import { useCrops, useSequences, useSowingMutations } from '../queries';

type Values = { crop_id?: number; crop_sequence_id?: number; hectares?: number };

/** Edit the crop, sequence or hectares of one plot of the plan. */
export function EditFieldCropModal({ record, onClose }: { record: FieldCrop | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const crops = useCrops();
  const sequences = useSequences();
  const { updateCrop } = useSowingMutations();

  useEffect(() => {
    if (!record) return;
    form.setFieldsValue({ crop_id: record.crop_id, crop_sequence_id: record.crop_sequence_id, hectares: record.hectares });
  }, [record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !record) return;
    const id = record.field_crop_id;
    await saveForm(form, () => updateCrop.mutateAsync({ id, body: values }), onClose);
  };

  return (
    <Modal open={record !== null} title={`Editar cultivo del lote ${record?.field.name ?? ''}`} okText="Guardar" cancelText="Cancelar" onOk={() => void submit()} onCancel={onClose} confirmLoading={updateCrop.isPending} forceRender>
      <Form form={form} layout="vertical" name="field-crop-form">
        <Form.Item name="crop_id" label="Cultivo" rules={[requiredRule(LAND_MSG.cropRequired)]}>
          <Select aria-label="Cultivo" options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="crop_sequence_id" label="Secuencia">
          <Select aria-label="Secuencia" options={(sequences.data ?? []).map((s) => ({ value: s.crop_sequence_id, label: s.name || '(sin secuencia)' }))} />
        </Form.Item>
        <Form.Item name="hectares" label="Hectáreas" rules={[requiredRule(LAND_MSG.hectaresPositive), { type: 'number', min: 0.01, message: LAND_MSG.hectaresPositive }]}>
          <InputNumber min={0} step={0.01} precision={2} decimalSeparator="," suffix="ha" style={{ width: 180 }} aria-label="Hectáreas" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
