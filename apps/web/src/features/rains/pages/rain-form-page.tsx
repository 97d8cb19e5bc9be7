import { useEffect } from 'react';
import { Form, Input, Select, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { RAIN_MSG, millimetersField, type RainInput } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { applyServerErrors, DateInput, DecimalInput, FormActions, FormPage, requiredRule, zodRule } from '../../../components/form';
import { useFarmPlots, useFarms } from '../../land/queries';
import { useRain, useRainMutations } from '../queries';
import { RAIN_TEXT as T } from '../texts';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = { farm_id?: number; field_id?: number | null; date?: Dayjs | null; millimeters?: number | string | null; observations?: string };

/** Nueva lluvia (/lluvias/nueva) and Editar lluvia (/lluvias/:rain_id/editar). */
export default function RainFormPage() {
  const navigate = useNavigate();
  const params = useParams();
  const id = params.rain_id ? Number(params.rain_id) : undefined;
  const rain = useRain(id);
  const farms = useFarms('workspace');
  const { create, update } = useRainMutations();
  const [form] = Form.useForm<Values>();
  const farmId = Form.useWatch('farm_id', form);
  const plots = useFarmPlots(farmId).data ?? [];

  useEffect(() => {
    if (rain.data) {
      form.setFieldsValue({
        farm_id: rain.data.farm_id,
        field_id: rain.data.field_id,
        date: dayjs(rain.data.date),
        millimeters: Number(rain.data.millimeters),
        observations: rain.data.observations ?? '',
      });
    }
  }, [rain.data, form]);

  if (id !== undefined && rain.isLoading) return <Spin />;
  if (id !== undefined && !rain.data) return <Typography.Text type="secondary">{T.notFound}</Typography.Text>;

  const onFinish = async (v: Values) => {
    const body: RainInput = {
      farm_id: v.farm_id ?? null,
      field_id: v.field_id ?? null,
      date: v.date ? v.date.format('YYYY-MM-DD') : null,
      millimeters: v.millimeters === undefined || v.millimeters === null ? null : String(v.millimeters),
      observations: v.observations ?? null,
    };
    try {
      const message = id === undefined ? await create.mutateAsync(body) : await update.mutateAsync({ id, body });
      toast.success(message ?? (id === undefined ? RAIN_MSG.created : RAIN_MSG.updated));
      void navigate('/lluvias');
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <FormPage title={id === undefined ? T.newTitle : T.editTitle}>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} initialValues={{ date: dayjs() }}>
        <Form.Item name="farm_id" label={T.farm} rules={[requiredRule(RAIN_MSG.farmRequired)]}>
          <Select
            placeholder="Seleccioná el establecimiento"
            showSearch={SEARCH_BY_LABEL}
            loading={farms.isLoading}
            options={(farms.data ?? []).map((f) => ({ value: f.farm_id, label: f.name }))}
            onChange={() => form.setFieldValue('field_id', null)}
          />
        </Form.Item>
        <Form.Item name="field_id" label={T.plot} extra="Opcional: dejalo vacío si la lluvia es de todo el establecimiento.">
          <Select
            allowClear
            placeholder={T.allPlots}
            disabled={!farmId}
            showSearch={SEARCH_BY_LABEL}
            options={plots.map((p) => ({ value: p.field_id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="date" label={T.date} rules={[requiredRule(RAIN_MSG.dateRequired)]}>
          <DateInput style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="millimeters" label={T.millimeters} rules={[requiredRule(RAIN_MSG.millimetersRequired), zodRule(millimetersField)]}>
          <DecimalInput decimals={1} style={{ width: 180 }} addonAfter="mm" />
        </Form.Item>
        <Form.Item name="observations" label={T.observations}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <FormActions onCancel={() => void navigate('/lluvias')} saving={create.isPending || update.isPending} />
      </Form>
    </FormPage>
  );
}
