import { useEffect, useMemo, type ReactNode } from 'react';
import { Button, Card, Form, Select, Space } from 'antd';
import { useNavigate } from 'react-router';
import { workOrderTotals } from '@fm/domain';
import { applyServerErrors } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useExchangeVenta } from '../../../api/market';
import { usePlanFieldCrops, useSeasonPlans } from '../../sowing-plan/queries';
import { workOrdersApi, type WorkOrderPayload } from '../api';
import { emptyValues, type FormValues, type SupplyValues } from '../form-values';
import { checkWorkOrder } from '../validation';
import { LaborSection } from './labor-section';
import { LotsSection } from './lots-section';
import { NotesSection } from './notes-section';
import { SuppliesSection } from './supplies-section';
import { TotalsCard } from './totals-card';
import styles from './work-orders.module.css';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Props = {
  /** Values of an existing order (detail, duplicate); a new order starts empty with the default dates and rate. */
  initial?: FormValues;
  readOnly?: boolean;
  /** Sends the body; resolves when saved (the page shows the message and moves on). Status 7 = save as planned. */
  onSave: (payload: WorkOrderPayload) => Promise<void>;
  /** 'Guardar como planificada' next to Guardar (new orders only). */
  allowPlanned?: boolean;
  saving?: boolean;
  /** Extra header content of the page (status, actions) shown above the form. */
  children?: ReactNode;
};

/** The sections of a work order (spec doc 2 §2.7), their live totals, 'Volver al listado' and 'Guardar'. */
export function WorkOrderForm({ initial, readOnly, onSave, allowPlanned, saving, children }: Props) {
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const venta = useExchangeVenta();
  const plans = useSeasonPlans();
  const planId = Form.useWatch('season_plan_id', form);
  const plots = usePlanFieldCrops(planId);
  const lots = Form.useWatch('field_crops', form);
  const supplies = Form.useWatch('supplies', form);
  const price = Form.useWatch('price', form);
  const rate = Form.useWatch('exchange_rate', form);
  const startValues = useMemo(() => initial ?? emptyValues(null), [initial]);

  // the external rate may arrive after the form opened: fill it when still empty
  useEffect(() => {
    if (!readOnly && venta.data && !form.getFieldValue('exchange_rate')) form.setFieldValue('exchange_rate', venta.data);
  }, [venta.data, readOnly, form]);

  const totals = useMemo(
    () =>
      workOrderTotals({
        price: price ?? 0,
        exchange_rate: rate ?? 0,
        field_crops: (lots ?? []).map((l) => ({ hectares_to_apply: l?.hectares_to_apply ?? 0 })),
        supplies: (supplies ?? []).filter((s) => s?.supply_id).map((s) => ({ dose_to_apply: s.dose_to_apply ?? 0, price: s.price ?? 0 })),
      }),
    [lots, supplies, price, rate],
  );

  const planOptions = (plans.data ?? [])
    .filter((p) => p.active || p.season_plan_id === initial?.season_plan_id)
    .map((p) => ({ value: p.season_plan_id, label: `${p.season.name} - ${p.company.name} - ${p.farm.name}` }));

  /** Last price of the labor in this workspace, when the price is still empty. */
  const prefillLabor = async (laborId: number | undefined) => {
    if (!laborId || form.getFieldValue('price')) return;
    const last = (await workOrdersApi.prices({ labor_id: String(laborId) }).catch(() => null))?.labors.find((l) => l.labor_id === laborId);
    if (last && !form.getFieldValue('price')) form.setFieldValue('price', Number(last.price));
  };
  const prefillSupply = async (index: number, supplyId: number | undefined) => {
    if (!supplyId) return;
    const last = (await workOrdersApi.prices({ supply_id: String(supplyId) }).catch(() => null))?.supplies.find((s) => s.supply_id === supplyId);
    const row = form.getFieldValue(['supplies', index]) as SupplyValues | undefined;
    if (last && row?.supply_id === supplyId && !row.price) form.setFieldValue(['supplies', index, 'price'], Number(last.price));
  };

  const save = async (statusId?: number) => {
    const values = form.getFieldsValue(true) as FormValues;
    const checked = checkWorkOrder(values, plots.data ?? [], statusId);
    // clear the previous attempt's messages, then show this one's
    type Fields = Parameters<typeof form.setFields>[0];
    form.setFields(form.getFieldsError().filter((f) => f.errors.length > 0).map((f) => ({ name: f.name, errors: [] })) as unknown as Fields);
    if (checked.messages.length > 0) {
      form.setFields(checked.fields as unknown as Fields);
      toast.warning(checked.messages.join('\n'));
      return;
    }
    try {
      await onSave(checked.payload);
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Form<FormValues> form={form} layout="vertical" name="work-order" initialValues={startValues} disabled={readOnly} onFinish={() => void save()}>
      {children}
      <Card title="Establecimiento" size="small" className={styles.section}>
        <Form.Item name="season_plan_id" label="Campaña - Empresa - Establecimiento" required style={{ marginBottom: 0 }}>
          <Select
            aria-label="Campaña - Empresa - Establecimiento"
            placeholder="Seleccioná campaña, empresa y establecimiento"
            loading={plans.isLoading}
            showSearch={SEARCH_BY_LABEL}
            options={planOptions}
            onChange={() => form.setFieldValue('field_crops', [{}])}
          />
        </Form.Item>
      </Card>
      <Card title="Lotes" size="small" className={styles.section}>
        <LotsSection plots={plots.data ?? []} loading={plots.isLoading && Boolean(planId)} readOnly={readOnly} />
      </Card>
      <Card title="Labor" size="small" className={styles.section}>
        <LaborSection readOnly={readOnly} onLabor={(id) => void prefillLabor(id)} />
      </Card>
      <Card title="Insumos" size="small" className={styles.section}>
        <SuppliesSection haTotal={totals.ha_total} readOnly={readOnly} onSupply={(i, s) => void prefillSupply(i, s?.supply_id)} />
      </Card>
      <Card title="Adversidades y notas" size="small" className={styles.section}>
        <NotesSection readOnly={readOnly} />
      </Card>
      <Card title="Totales" size="small" className={styles.section}>
        <TotalsCard totals={totals} />
      </Card>
      <Space wrap>
        <Button disabled={false} onClick={() => void navigate('/orden-de-trabajo')}>
          Volver al listado
        </Button>
        {!readOnly && allowPlanned && (
          <Button loading={saving} onClick={() => void save(7)}>
            Guardar como planificada
          </Button>
        )}
        {!readOnly && (
          <Button type="primary" htmlType="submit" loading={saving}>
            Guardar
          </Button>
        )}
      </Space>
    </Form>
  );
}
