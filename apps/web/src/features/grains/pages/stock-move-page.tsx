import { Alert, Button, Card, Col, Descriptions, Form, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { AGREEMENT_TYPE_ID, GRAIN_MSG, stockActions } from '@fm/domain';
import { applyServerErrors } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useCompanies } from '../../land/queries';
import { loadTransportPayload, useDefaultFreightRate } from '../components/load-transport';
import { LoadCards, LoadDateField } from '../components/transport-fields';
import { companyName, cropName, destinationName, seasonName, tons } from '../format';
import { useDestinations, useGrainMutations, useGrainStock } from '../queries';
import { GRAIN_TEXT } from '../texts';
import { clearErrors, checkStockMove, type MovementDraft } from '../validation';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = MovementDraft & { carrier_id?: number; load_date?: Dayjs | null };

/** Mover stock (/granos/stocks/mover/{stock_id}): a Silo or Silobolsa's tons leave in a new in-transit movement (doc 3 §5 "Move stock"). */
export default function GrainStockMovePage() {
  const navigate = useNavigate();
  const stockId = Number(useParams().stock_id);
  const stock = useGrainStock(stockId);
  const [form] = Form.useForm<Values>();
  const destinations = useDestinations();
  const companies = useCompanies('workspace');
  const { moveStock } = useGrainMutations();
  const s = stock.data;
  const company = (companies.data ?? []).find((c) => c.company_id === s?.company_id);
  const agreement = company?.company_type_id === AGREEMENT_TYPE_ID;
  const available = Number(s?.tons ?? 0);

  useDefaultFreightRate(form);

  if (stock.isLoading) return <Spin />;
  if (!s) return <Typography.Text type="secondary">No se encontró el stock.</Typography.Text>;

  const save = async () => {
    const v = form.getFieldsValue(true) as Values;
    const checked = checkStockMove(v, available, agreement);
    form.setFields(checked.fields as unknown as Parameters<typeof form.setFields>[0]);
    if (checked.messages.length > 0) {
      toast.error(checked.messages.join('\n'));
      return;
    }
    try {
      const message = await moveStock.mutateAsync({
        stockId,
        body: {
          destination_id: v.destination_id,
          partner_id: agreement ? (v.partner_id ?? null) : null,
          ...loadTransportPayload(v, 'as-entered'),
          tons: v.origin_tons,
          humidity: v.origin_humidity,
        },
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
        Mover stock
      </Typography.Title>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, md: 5 }}>
          <Descriptions.Item label="Campaña">{seasonName(s)}</Descriptions.Item>
          <Descriptions.Item label="Empresa">{companyName(s)}</Descriptions.Item>
          <Descriptions.Item label="Origen">{`${destinationName(s)} (${s.destination_type})`}</Descriptions.Item>
          <Descriptions.Item label="Producto">{cropName(s)}</Descriptions.Item>
          <Descriptions.Item label="Stock (tn)">
            <span data-testid="stock-tons">{tons(s.tons)}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {!stockActions({ destination_type: s.destination_type, tons: s.tons }).move && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={GRAIN_MSG.stockNotMovable} />}
      <Form<Values> form={form} onValuesChange={(changed: object) => clearErrors(form, changed)} layout="vertical" name="grain-stock-move" initialValues={{ load_date: dayjs() }} onFinish={() => void save()}>
        <Card size="small" title="Destino" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col xs={24} md={agreement ? 8 : 16}>
              <Form.Item name="destination_id" label="Destino" required>
                <Select
                  aria-label="Destino"
                  placeholder="Seleccioná el destino"
                  loading={destinations.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={(destinations.data ?? []).filter((d) => d.destination_id !== s.destination_id).map((d) => ({ value: d.destination_id, label: `${d.name} (${d.destination_type})` }))}
                />
              </Form.Item>
            </Col>
            {agreement && (
              <Col xs={24} md={8}>
                <Form.Item name="partner_id" label="Socio" required>
                  <Select
                    aria-label="Socio"
                    placeholder="Seleccioná el socio"
                    showSearch={SEARCH_BY_LABEL}
                    options={(company?.partners ?? []).map((p) => ({ value: p.partner.company_id, label: p.partner.name }))}
                  />
                </Form.Item>
              </Col>
            )}
            <LoadDateField />
          </Row>
        </Card>
        <LoadCards tons={{ name: 'origin_tons', label: 'Toneladas', extra: `Disponible: ${tons(s.tons)} tn` }} humidity={{ name: 'origin_humidity', label: 'Humedad (%)' }} />
        <Space>
          <Button onClick={() => void navigate('/granos/stocks')}>Cancelar</Button>
          <Button type="primary" htmlType="submit" loading={moveStock.isPending}>
            {GRAIN_TEXT.save}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
