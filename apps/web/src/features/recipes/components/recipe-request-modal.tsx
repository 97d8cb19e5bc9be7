import { useEffect, useMemo, useState } from 'react';
import { Alert, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { formatHectares, RECIPE_DEFAULTS, RECIPE_MSG, RECIPE_PERIOD_UNITS, RECIPE_PERIODS, type RecipePeriodKey, type WorkOrder } from '@fm/domain';
import { listKeys } from '../../../api/use-list';
import { applyServerErrors } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useWorkOrder } from '../../work-orders/queries';
import { recipesApi } from '../api';
import { RECIPES_RESOURCE } from '../queries';

export type RecipeRequestModalProps = { workOrder: Pick<WorkOrder, 'work_order_id'> | null; onClose: () => void };

type Values = {
  field_crop_ids: number[];
  supply_ids: number[];
  recommendations: string;
} & Record<RecipePeriodKey, { quantity: number; unit: 0 | 1 }>;

/**
 * Solicitar receta agronómica (spec doc 2 §3 "Prescription request", §5, §9): the order's lots and supplies (all
 * chosen; at least 1 of each), recommendations and the three use restrictions with the spec's defaults.
 */
export default function RecipeRequestModal({ workOrder, onClose }: RecipeRequestModalProps) {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const order = useWorkOrder(workOrder?.work_order_id);
  const data = order.data;
  const initial = useMemo<Values | null>(
    () =>
      data
        ? {
            field_crop_ids: data.field_crops.map((l) => l.field_crop_id),
            supply_ids: data.supplies.map((s) => s.supply_id),
            recommendations: RECIPE_DEFAULTS.recommendations,
            grace_period: { ...RECIPE_DEFAULTS.period },
            reentry_period: { ...RECIPE_DEFAULTS.period },
            ventilation_period: { ...RECIPE_DEFAULTS.period },
          }
        : null,
    [data],
  );
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);

  const submit = async () => {
    if (!data) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const message = await recipesApi.request(data.work_order_id, {
        recommendations: values.recommendations,
        use_restrictions: { grace_period: values.grace_period, reentry_period: values.reentry_period, ventilation_period: values.ventilation_period },
        field_crop_ids: values.field_crop_ids,
        supply_ids: values.supply_ids,
      });
      toast.success(message ?? RECIPE_MSG.requested);
      await queryClient.invalidateQueries({ queryKey: listKeys.all(RECIPES_RESOURCE) });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  const atLeastOne = (message: string) => ({ validator: (_: unknown, v: number[] | undefined) => (v && v.length > 0 ? Promise.resolve() : Promise.reject(new Error(message))) });

  return (
    <Modal
      open={Boolean(workOrder)}
      title={`Solicitar receta agronómica · Orden de trabajo N° ${workOrder?.work_order_id ?? ''}`}
      okText="Solicitar"
      cancelText="Cancelar"
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !data }}
      width={640}
      destroyOnHidden
    >
      {order.isLoading && <Spin style={{ display: 'block', margin: '32px auto' }} />}
      {order.error && <Alert type="warning" showIcon message={order.error.message} />}
      {data && (
        <Form form={form} layout="vertical" name="recipe-request" initialValues={initial ?? undefined}>
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {data.company.name} · {data.farm.name} · {data.labor.name}
          </Typography.Paragraph>
          <Form.Item name="field_crop_ids" label="Lotes" rules={[atLeastOne(RECIPE_MSG.lotRequired)]}>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={data.field_crops.map((l) => ({
                value: l.field_crop_id,
                label: `${l.field.name}${l.crop ? ` · ${l.crop.name}` : ''} · ${formatHectares(l.hectares_to_apply)} ha`,
              }))}
            />
          </Form.Item>
          <Form.Item name="supply_ids" label="Insumos" rules={[atLeastOne(RECIPE_MSG.supplyRequired)]}>
            <Checkbox.Group
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={data.supplies.map((s) => ({ value: s.supply_id, label: `${s.supply.name}${s.supply.generic ? ` (${s.supply.generic.name})` : ''}` }))}
            />
          </Form.Item>
          {data.supplies.length === 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={RECIPE_MSG.supplyRequired} />}
          <Form.Item name="recommendations" label="Recomendaciones">
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
          <Typography.Text strong>Restricciones de uso</Typography.Text>
          {RECIPE_PERIODS.map((p) => (
            <Row gutter={8} key={p.key} align="middle" style={{ marginTop: 8 }}>
              <Col flex="200px">{p.label}</Col>
              <Col flex="120px">
                <Form.Item name={[p.key, 'quantity']} noStyle rules={[{ required: true, message: RECIPE_MSG.quantityInvalid }]}>
                  <InputNumber aria-label={`${p.label}: cantidad`} min={0} max={3650} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col flex="120px">
                <Form.Item name={[p.key, 'unit']} noStyle>
                  <Select aria-label={`${p.label}: unidad`} options={RECIPE_PERIOD_UNITS.map((u) => ({ value: u.value, label: u.label }))} />
                </Form.Item>
              </Col>
            </Row>
          ))}
        </Form>
      )}
    </Modal>
  );
}
