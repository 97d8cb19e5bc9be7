import { useMemo } from 'react';
import { Button, Card, Col, Form, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import type { SeasonPlan } from '@fm/domain';
import { applyServerErrors } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useDestinations } from '../queries';
import type { Movement, MovementPayload } from '../types';
import { clearErrors, checkMovement } from '../validation';
import { OriginFields, useOrigin } from './origin-fields';
import { loadTransportPayload, useDefaultFreightRate } from './load-transport';
import { LoadCards, LoadDateField } from './transport-fields';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

export type MovementValues = {
  season_plan_id?: number;
  field_crop_id?: number;
  destination_id?: number;
  transport_id?: number;
  carrier_id?: number;
  chassis_patent?: string;
  trailer_patent?: string;
  partner_id?: number;
  grain_traceability_code?: string;
  waybill?: string;
  load_date?: Dayjs | null;
  origin_tons?: number | null;
  origin_humidity?: number | null;
  freight_price?: number | null;
  freight_exchange_rate?: number | null;
};

const num = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : Number(v));

/** Form values of a saved movement (its plan found by season, company and farm). */
export function movementValues(m: Movement, plans: SeasonPlan[]): MovementValues {
  const plan = plans.find((p) => p.season.season_id === m.season_id && p.company.company_id === m.company_id && p.farm.farm_id === m.farm_id);
  return {
    season_plan_id: m.season_plan_id ?? plan?.season_plan_id,
    field_crop_id: m.field_crop_id ?? undefined,
    destination_id: m.destination_id,
    transport_id: m.transport_id ?? undefined,
    carrier_id: m.carrier_id ?? undefined,
    chassis_patent: m.chassis_patent ?? undefined,
    trailer_patent: m.trailer_patent ?? undefined,
    partner_id: m.partner_id ?? undefined,
    grain_traceability_code: m.grain_traceability_code ?? undefined,
    waybill: m.waybill ?? undefined,
    load_date: m.load_date ? dayjs(m.load_date.slice(0, 10)) : null,
    origin_tons: num(m.origin_tons),
    origin_humidity: num(m.origin_humidity),
    freight_price: num(m.freight_price),
    freight_exchange_rate: num(m.freight_exchange_rate),
  };
}

type Props = {
  /** A saved movement's values (edit); a new one starts with today and the default rate. */
  initial?: MovementValues;
  /** 'Guardar y seguir cargando' (new) or 'Guardar' (edit). */
  submitText: string;
  readOnly?: boolean;
  onSave: (payload: MovementPayload) => Promise<'reset' | void>;
};

/** Movement fields of spec doc 3 "Movement forms" and their validation (doc 3 §5 Movement table). */
export function MovementForm({ initial, submitText, readOnly, onSave }: Props) {
  const navigate = useNavigate();
  const [form] = Form.useForm<MovementValues>();
  const destinations = useDestinations();
  const { plots, plan, agreement } = useOrigin(form);
  const startValues = useMemo<MovementValues>(() => initial ?? { load_date: dayjs() }, [initial]);

  useDefaultFreightRate(form, { enabled: !readOnly });

  const save = async () => {
    const v = form.getFieldsValue(true) as MovementValues;
    const checked = checkMovement(v, agreement);
    form.setFields(checked.fields as unknown as Parameters<typeof form.setFields>[0]);
    if (checked.messages.length > 0) {
      toast.error(checked.messages.join('\n'));
      return;
    }
    const plot = (plots.data ?? []).find((p) => p.field_crop_id === v.field_crop_id);
    if (!plan || !plot) return;
    const payload: MovementPayload = {
      season_id: plan.season.season_id,
      company_id: plan.company.company_id,
      farm_id: plan.farm.farm_id,
      field_id: plot.field_id,
      field_crop_id: plot.field_crop_id,
      crop_id: plot.crop_id,
      crop_sequence_id: plot.crop_sequence_id ?? null,
      destination_id: v.destination_id ?? 0,
      partner_id: agreement ? (v.partner_id ?? null) : null,
      origin_tons: Number(v.origin_tons),
      origin_humidity: Number(v.origin_humidity),
      ...loadTransportPayload(v, 'coerced'),
    };
    try {
      if ((await onSave(payload)) === 'reset') {
        // ready for the next truck of the same plot: keep plan, plot, destination, transport, date and freight
        form.setFieldsValue({ carrier_id: undefined, chassis_patent: undefined, trailer_patent: undefined, grain_traceability_code: undefined, waybill: undefined, origin_tons: null, origin_humidity: null });
      }
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <Form<MovementValues> form={form} onValuesChange={(changed: object) => clearErrors(form, changed)} layout="vertical" name="grain-movement" initialValues={startValues} disabled={readOnly} onFinish={() => void save()}>
      <Card size="small" title="Origen y destino" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <OriginFields keepPlanId={initial?.season_plan_id} />
          <Col xs={24} md={agreement ? 8 : 16}>
            <Form.Item name="destination_id" label="Destino" required>
              <Select
                aria-label="Destino"
                placeholder="Seleccioná el destino"
                loading={destinations.isLoading}
                showSearch={SEARCH_BY_LABEL}
                options={(destinations.data ?? []).map((d) => ({ value: d.destination_id, label: `${d.name} (${d.destination_type})` }))}
              />
            </Form.Item>
          </Col>
          <LoadDateField />
        </Row>
      </Card>
      <LoadCards tons={{ name: 'origin_tons', label: 'Toneladas origen' }} humidity={{ name: 'origin_humidity', label: 'Humedad origen (%)' }} />
      <Space wrap>
        <Button disabled={false} onClick={() => void navigate('/granos/movimientos')}>
          Volver al listado
        </Button>
        {!readOnly && (
          <Button type="primary" htmlType="submit">
            {submitText}
          </Button>
        )}
      </Space>
      
    </Form>
  );
}
