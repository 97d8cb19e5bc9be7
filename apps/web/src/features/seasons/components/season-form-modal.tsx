import { useMemo } from 'react';
import { Form, Input } from 'antd';
import { campaignForDate, SeasonName, type Season } from '@fm/domain';
import { zodRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { useSeasonMutations } from '../queries';

type Values = { name?: string };
type Props = { record: Season | null; open: boolean; onClose: () => void };

/** Crear / editar campaña: the name must read like 2025/26 (CAMPAIGN_MESSAGE). */
export function SeasonFormModal({ record, open, onClose }: Props) {
  const [form] = Form.useForm<Values>();
  const { save } = useSeasonMutations();
  const initialValues = useMemo<Values>(() => ({ name: record?.name ?? '' }), [record]);

  return (
    <FormModal
      form={form}
      name="season-form"
      title={record ? 'Editar campaña' : 'Crear campaña'}
      open={open}
      initialValues={initialValues}
      onSave={(values) => save.mutateAsync({ id: record?.season_id, body: { name: values.name?.trim() } })}
      saving={save.isPending}
      onClose={onClose}
    >
      <Form.Item name="name" label="Nombre" rules={[zodRule(SeasonName)]} extra="Año de siembra / año de cosecha, por ejemplo 2025/26">
        <Input maxLength={7} placeholder={campaignForDate(new Date())} />
      </Form.Item>
    </FormModal>
  );
}
