import { Card, Col, Form, Input, Row, Select } from 'antd';
import { normalizePlate } from '@fm/domain';
import { DateInput, DecimalInput } from '../../../components/form';
import { useCarriers, useTransports } from '../queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** Transporte, Chofer (plates default from the driver) and Patente chasis / acoplado (normalised on leaving the field). */
export function TransportFields({ span = 8 }: { span?: number }) {
  const form = Form.useFormInstance();
  const transportId = Form.useWatch('transport_id', form) as number | undefined;
  const transports = useTransports();
  const carriers = useCarriers(transportId);

  const pickCarrier = (id: number | undefined) => {
    const c = (carriers.data ?? []).find((x) => x.carrier_id === id);
    form.setFieldsValue({ chassis_patent: c?.chassis_patent ?? undefined, trailer_patent: c?.trailer_patent ?? undefined });
  };
  const plate = (name: string) => ({
    onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
      if (e.target.value) form.setFieldValue(name, normalizePlate(e.target.value));
    },
  });

  return (
    <>
      <Col xs={24} md={span}>
        <Form.Item name="transport_id" label="Transporte" required>
          <Select
            aria-label="Transporte"
            placeholder="Seleccioná el transporte"
            loading={transports.isLoading}
            showSearch={SEARCH_BY_LABEL}
            options={(transports.data ?? []).map((t) => ({ value: t.transport_id, label: t.name }))}
            onChange={() => form.setFieldsValue({ carrier_id: undefined, chassis_patent: undefined, trailer_patent: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={span}>
        <Form.Item name="carrier_id" label="Chofer">
          <Select
            aria-label="Chofer"
            placeholder={transportId ? 'Seleccioná el chofer' : 'Elegí primero el transporte'}
            allowClear
            disabled={transportId ? undefined : true}
            loading={carriers.isLoading && Boolean(transportId)}
            showSearch={SEARCH_BY_LABEL}
            options={(carriers.data ?? []).map((c) => ({ value: c.carrier_id, label: c.name }))}
            onChange={pickCarrier}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={span / 2}>
        <Form.Item name="chassis_patent" label="Patente chasis">
          <Input aria-label="Patente chasis" maxLength={10} placeholder="AA123BB" {...plate('chassis_patent')} />
        </Form.Item>
      </Col>
      <Col xs={12} md={span / 2}>
        <Form.Item name="trailer_patent" label="Patente acoplado">
          <Input aria-label="Patente acoplado" maxLength={10} placeholder="AAA123" {...plate('trailer_patent')} />
        </Form.Item>
      </Col>
    </>
  );
}

/** Precio flete (US$/tn) and its tipo de cambio. */
export function FreightFields({ span = 6 }: { span?: number }) {
  return (
    <>
      <Col xs={12} md={span}>
        <Form.Item name="freight_price" label="Precio flete (US$/tn)" required>
          <DecimalInput aria-label="Precio flete (US$/tn)" min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={span}>
        <Form.Item name="freight_exchange_rate" label="Tipo de cambio">
          <DecimalInput aria-label="Tipo de cambio" min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}

/** CTG and Carta de porte. */
export function DocumentFields({ span = 8 }: { span?: number }) {
  return (
    <>
      <Col xs={12} md={span}>
        <Form.Item name="grain_traceability_code" label="CTG">
          <Input aria-label="CTG" inputMode="numeric" maxLength={11} placeholder="11 dígitos" />
        </Form.Item>
      </Col>
      <Col xs={12} md={span}>
        <Form.Item name="waybill" label="Carta de porte">
          <Input aria-label="Carta de porte" maxLength={40} />
        </Form.Item>
      </Col>
    </>
  );
}

/** Fecha de carga (today by default, set by the form). */
export function LoadDateField({ span = 8 }: { span?: number }) {
  return (
    <Col xs={24} md={span}>
      <Form.Item name="load_date" label="Fecha de carga">
        <DateInput aria-label="Fecha de carga" allowClear={false} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
}

type LoadCardsProps = { tons: { name: string; label: string; extra?: string }; humidity: { name: string; label: string } };

/** The 'Transporte' and 'Carga y flete' cards every load form shares (movement, new stock, stock move). */
export function LoadCards({ tons, humidity }: LoadCardsProps) {
  return (
    <>
      <Card size="small" title="Transporte" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <TransportFields />
          <DocumentFields />
        </Row>
      </Card>
      <Card size="small" title="Carga y flete" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={12} md={6}>
            <Form.Item name={tons.name} label={tons.label} required extra={tons.extra}>
              <DecimalInput aria-label={tons.label} decimals={3} min={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name={humidity.name} label={humidity.label} required>
              <DecimalInput aria-label={humidity.label} min={0} max={100} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <FreightFields />
        </Row>
      </Card>
    </>
  );
}
