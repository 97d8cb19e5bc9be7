import { Button, Card, Col, Form, Input, Row, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { applyServerErrors, DecimalInput } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useResourceOptions } from '../../resources/queries';
import { OriginFields, useOrigin } from '../components/origin-fields';
import { loadTransportPayload, useDefaultFreightRate } from '../components/load-transport';
import { LoadCards, LoadDateField } from '../components/transport-fields';
import { useDestinations, useGrainMutations } from '../queries';
import { GRAIN_TEXT } from '../texts';
import { clearErrors, checkNewStock, type StockDraft } from '../validation';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** The destination choice that creates a Silobolsa first (doc 3 §4 "Silo bag"). */
const CREATE_SILOBAG = -1;
/** The labor's exchange rate defaults to the venta like the freight's. */
const LABOR_RATE = ['labor_exchange_rate'];

type Values = Omit<StockDraft, 'create_silobag'> & {
  carrier_id?: number;
  load_date?: Dayjs | null;
  contractor_id?: number;
  labor_price?: number | null;
  labor_exchange_rate?: number | null;
  observations?: string;
};

/** Nuevo stock de granos (/granos/stock, spec doc 3 "Grain stock screens", §5 "New stock"). */
export default function GrainStockFormPage() {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { plan, agreement } = useOrigin(form);
  const destinationId = Form.useWatch('destination_id', form);
  const destinations = useDestinations();
  const contractors = useResourceOptions('contractors', 'contractor_id', 'workspace');
  const { createStock } = useGrainMutations();

  useDefaultFreightRate(form, { otherFields: LABOR_RATE });

  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    const draft: StockDraft = { ...v, create_silobag: v.destination_id === CREATE_SILOBAG };
    const checked = checkNewStock(draft, agreement);
    form.setFields(checked.fields as unknown as Parameters<typeof form.setFields>[0]);
    if (checked.messages.length > 0) {
      toast.error(checked.messages.join('\n'));
      return;
    }
    try {
      const message = await createStock.mutateAsync({
        season_plan_id: v.season_plan_id,
        season_id: plan?.season.season_id,
        company_id: plan?.company.company_id,
        farm_id: plan?.farm.farm_id,
        field_crop_id: v.field_crop_id,
        partner_id: agreement ? (v.partner_id ?? null) : null,
        destination_id: draft.create_silobag ? null : v.destination_id,
        create_silobag: draft.create_silobag,
        silobag_name: draft.create_silobag ? v.silobag_name?.trim() : null,
        ...loadTransportPayload(v, 'as-entered'),
        destination_tons: v.destination_tons,
        destination_humidity: v.destination_humidity,
        contractor_id: v.contractor_id ?? null,
        labor_price: v.labor_price ?? null,
        labor_exchange_rate: v.labor_exchange_rate ?? null,
        observations: v.observations?.trim() || null,
      });
      toast.success(message ?? GRAIN_TEXT.ok);
      void navigate('/granos/stocks');
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Nuevo stock de granos
      </Typography.Title>
      <Form<Values> form={form} onValuesChange={(changed: object) => clearErrors(form, changed)} layout="vertical" name="grain-stock" initialValues={{ load_date: dayjs() }} onFinish={() => void save()}>
        <Card size="small" title="Origen y destino" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <OriginFields />
            <Col xs={24} md={agreement ? 8 : 16}>
              <Form.Item name="destination_id" label="Destino" required>
                <Select
                  aria-label="Destino"
                  placeholder="Seleccioná el destino"
                  loading={destinations.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={[
                    { value: CREATE_SILOBAG, label: GRAIN_TEXT.createSiloBag },
                    ...(destinations.data ?? []).map((d) => ({ value: d.destination_id, label: `${d.name} (${d.destination_type})` })),
                  ]}
                />
              </Form.Item>
            </Col>
            {destinationId === CREATE_SILOBAG && (
              <Col xs={24} md={8}>
                <Form.Item name="silobag_name" label="Nombre de Silobolsa" required>
                  <Input aria-label="Nombre de Silobolsa" maxLength={120} />
                </Form.Item>
              </Col>
            )}
            <LoadDateField />
          </Row>
        </Card>
        <LoadCards tons={{ name: 'destination_tons', label: 'Toneladas' }} humidity={{ name: 'destination_humidity', label: 'Humedad (%)' }} />
        <Card size="small" title="Labor" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="contractor_id" label="Contratista">
                <Select aria-label="Contratista" allowClear placeholder="Seleccioná el contratista" showSearch={SEARCH_BY_LABEL} options={contractors.data ?? []} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="labor_price" label="Precio labor (US$/tn)">
                <DecimalInput aria-label="Precio labor (US$/tn)" min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item name="labor_exchange_rate" label="Tipo de cambio labor">
                <DecimalInput aria-label="Tipo de cambio labor" min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="observations" label="Observaciones">
                <Input.TextArea aria-label="Observaciones" maxLength={500} rows={2} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Space>
          <Button onClick={() => void navigate('/granos/stocks')}>Cancelar</Button>
          <Button type="primary" htmlType="submit" loading={createStock.isPending}>
            {GRAIN_TEXT.save}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
