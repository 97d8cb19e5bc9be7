import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { campaignForDate, SeasonName, type Season } from '@fm/domain';
import { zodRule } from '../../../components/form';
import { saveForm } from '../../land/components/record-actions';
import { useSeasonMutations } from '../queries';

type Props = { record: Season | null; open: boolean; onClose: () => void };

/** Crear / editar campaña: the name must read like 2025/26 (CAMPAIGN_MESSAGE). */
export function SeasonFormModal({ record, open, onClose }: Props) {
  const [form] = Form.useForm<{ name?: string }>();
  const { save } = useSeasonMutations();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: record?.name ?? '' });
  }, [open, record, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    await saveForm(form, () => save.mutateAsync({ id: record?.season_id, body: { name: values.name?.trim() } }), onClose);
  };

  return (
    <Modal open={open} title={record ? 'Editar campaña' : 'Crear campaña'} okText="Guardar" cancelText="Cancelar" onOk={() => void submit()} onCancel={onClose} confirmLoading={save.isPending} forceRender>
      <Form form={form} layout="vertical" name="season-form" onFinish={() => void submit()}>
        <Form.Item name="name" label="Nombre" rules={[zodRule(SeasonName)]} extra="Año de siembra / año de cosecha, por ejemplo 2025/26">
          <Input maxLength={7} placeholder={campaignForDate(new Date())} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
