import { useEffect } from 'react';
import { Button, Card, Col, Divider, Form, Input, Radio, Row, Select, Space, Spin, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { CONTRACT_CONDITIONS, ContractBody } from '@fm/domain';
import { useReferenceList } from '../../../api/use-list';
import { DateInput, DecimalInput, applyServerErrors, warnValidation, zodRule } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useCompanies } from '../../land/queries';
import { useResourceOptions } from '../../resources/queries';
import { useSeasons } from '../../seasons/queries';
import { linkPrices, type PriceFields } from '../price-link';
import { useExchangeVenta } from '../../../api/market';
import { useContract, useContractMutations } from '../queries';
import { CONTRACT_UI } from '../texts';
import type { ContractPayload } from '../types';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = {
  company_id?: number;
  crop_id?: number;
  buyer_id?: number;
  season_id?: number;
  tons?: number;
  price?: number;
  price_ars?: number;
  exchange_rate?: number;
  condition?: string;
  deadline?: Dayjs | null;
  contract_number?: string;
  trade?: boolean;
  observations?: string;
  agreement_id?: number | null;
};

const shape = ContractBody.shape;
const NONE = '';
const str = (v: number | undefined | null, decimals: number) => (v === undefined || v === null ? null : Number(v).toFixed(decimals));
const asNumber = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : Number(v));

/** Nuevo Contrato (/contrato) and Editar Contrato (/contrato/{contract_id}): sections Contrato, Opcional and the agreement link. */
export default function ContractFormPage() {
  const { contract_id: raw } = useParams();
  const id = raw ? Number(raw) : undefined;
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const contract = useContract(id);
  const exchange = useExchangeVenta();
  const companies = useCompanies('workspace');
  const buyers = useResourceOptions('buyers', 'buyer_id', 'workspace');
  const seasons = useSeasons();
  const crops = useReferenceList<{ crop_id: number; name: string }>('crops');
  const { save } = useContractMutations();
  const companyId = Form.useWatch('company_id', form);

  // agreements offered: companies of type 2 whose partners include the chosen company
  const agreements = (companies.data ?? []).filter((c) => c.company_type_id === 2 && c.partners?.some((p) => p.partner?.company_id === companyId));

  useEffect(() => {
    const c = contract.data;
    if (!c) return;
    const rate = asNumber(c.exchange_rate);
    form.setFieldsValue({
      company_id: c.company_id,
      crop_id: c.crop_id,
      buyer_id: c.buyer_id,
      season_id: c.season_id,
      tons: Number(c.tons),
      price: Number(c.price),
      exchange_rate: rate,
      price_ars: rate === undefined ? undefined : Number((Number(c.price) * rate).toFixed(2)),
      condition: c.condition ?? NONE,
      deadline: c.deadline ? dayjs(c.deadline) : null,
      contract_number: c.contract_number ?? undefined,
      trade: c.trade,
      observations: c.observations ?? undefined,
      agreement_id: c.agreement_id,
    });
  }, [contract.data, form]);

  // a new contract starts with the venta of the first exchange entry, when the service answers
  useEffect(() => {
    if (id || !exchange.data || form.getFieldValue('exchange_rate') !== undefined) return;
    form.setFieldsValue({ exchange_rate: Number(exchange.data) });
  }, [id, exchange.data, form]);

  const onPrice = (changed: keyof PriceFields) => {
    const v = form.getFieldsValue(['price', 'price_ars', 'exchange_rate']) as PriceFields;
    form.setFieldsValue(linkPrices(changed, v));
  };

  const onFinish = async (v: Values) => {
    const body: ContractPayload = {
      company_id: v.company_id ?? 0,
      crop_id: v.crop_id ?? 0,
      buyer_id: v.buyer_id ?? 0,
      season_id: v.season_id ?? 0,
      agreement_id: agreements.some((a) => a.company_id === v.agreement_id) ? (v.agreement_id ?? null) : null,
      tons: str(v.tons, 3) ?? '',
      price: str(v.price, 2) ?? '',
      exchange_rate: str(v.exchange_rate, 2),
      condition: v.condition || null,
      deadline: v.deadline ? v.deadline.format('YYYY-MM-DD') : null,
      contract_number: v.contract_number?.trim() || null,
      trade: v.trade ?? false,
      observations: v.observations?.trim() || null,
    };
    try {
      await save.mutateAsync({ id, body });
      toast.success(CONTRACT_UI.ok);
      void navigate('/contratos');
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  if (id && contract.isLoading) return <Spin />;
  if (id && contract.isSuccess && !contract.data) return <Typography.Text>{CONTRACT_UI.contractNotFound}</Typography.Text>;

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {id ? CONTRACT_UI.editTitle : CONTRACT_UI.newTitle}
      </Typography.Title>
      <Card style={{ maxWidth: 880 }}>
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} onFinishFailed={warnValidation} initialValues={{ trade: false, condition: NONE }} requiredMark={false}>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            {CONTRACT_UI.sectionContract}
          </Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="company_id" label="Empresa" rules={[zodRule(shape.company_id)]}>
                <Select
                  aria-label="Empresa"
                  placeholder="Seleccioná una empresa"
                  showSearch={SEARCH_BY_LABEL}
                  loading={companies.isLoading}
                  options={(companies.data ?? []).filter((c) => c.active !== false).map((c) => ({ value: c.company_id, label: c.name }))}
                  onChange={() => form.setFieldsValue({ agreement_id: null })}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="crop_id" label="Producto" rules={[zodRule(shape.crop_id)]}>
                <Select aria-label="Producto" placeholder="Seleccioná un producto" showSearch={SEARCH_BY_LABEL} options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="buyer_id" label="Comprador" rules={[zodRule(shape.buyer_id)]}>
                <Select aria-label="Comprador" placeholder="Seleccioná un comprador" showSearch={SEARCH_BY_LABEL} loading={buyers.isLoading} options={buyers.data ?? []} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="season_id" label="Campaña" rules={[zodRule(shape.season_id)]}>
                <Select aria-label="Campaña" placeholder="Seleccioná una campaña" options={(seasons.data ?? []).map((s) => ({ value: s.season_id, label: s.name }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="tons" label="Tn comprometidas" rules={[zodRule(shape.tons)]}>
                <DecimalInput aria-label="Tn comprometidas" decimals={3} min={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="exchange_rate" label="Tipo de cambio">
                <DecimalInput aria-label="Tipo de cambio" min={0} style={{ width: '100%' }} onChange={() => onPrice('exchange_rate')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="price" label="Precio (US$/tn)" rules={[zodRule(shape.price)]}>
                <DecimalInput aria-label="Precio (US$/tn)" min={0} style={{ width: '100%' }} onChange={() => onPrice('price')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="price_ars" label="Precio (ARS/tn)">
                <DecimalInput aria-label="Precio (ARS/tn)" min={0} style={{ width: '100%' }} onChange={() => onPrice('price_ars')} />
              </Form.Item>
            </Col>
          </Row>

          <Divider titlePlacement="start">{CONTRACT_UI.sectionOptional}</Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="condition" label="Condición">
                <Select aria-label="Condición" options={[{ value: NONE, label: CONTRACT_UI.noCondition }, ...CONTRACT_CONDITIONS.map((c) => ({ value: c, label: c }))]} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="deadline" label="Fecha de entrega">
                <DateInput aria-label="Fecha de entrega" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="contract_number" label="Número de contrato">
                <Input aria-label="Número de contrato" maxLength={40} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="trade" label="Canje">
                <Radio.Group aria-label="Canje" options={[{ value: true, label: 'Sí' }, { value: false, label: 'No' }]} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="observations" label="Observaciones">
                <Input.TextArea aria-label="Observaciones" maxLength={500} rows={2} />
              </Form.Item>
            </Col>
            {agreements.length > 0 && (
              <Col xs={24} md={12}>
                <Form.Item name="agreement_id" label="Convenio">
                  <Select aria-label="Convenio" allowClear placeholder="Sin convenio" options={agreements.map((a) => ({ value: a.company_id, label: a.name }))} />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Space>
            <Button onClick={() => void navigate('/contratos')}>{CONTRACT_UI.back}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {CONTRACT_UI.save}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
