import { useState } from 'react';
import { Button, Col, Flex, Form, Input, Modal, Row, Select, Steps } from 'antd';
import { OnboardingBody, ONBOARDING_MSG, campaignForDate, type OnboardingBody as Body } from '@fm/domain';
import { useReferenceList } from '../../../api/use-list';
import { applyServerErrors, DecimalInput, requiredRule, warnValidation, zodRule } from '../../../components/form';
import { LocationPickers, type LocationValues } from '../../../components/location-pickers';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = LocationValues & Omit<Body, 'city_id'>;
type Crop = { crop_id: number; name: string };

const f = OnboardingBody.shape;
const STEP_FIELDS: (keyof Values)[][] = [
  ['season', 'company', 'tax_identifier'],
  ['farm', 'province_id', 'district_id', 'city_id'],
  ['field', 'hectares', 'crop_id'],
];

/** Account setup in 3 steps (spec doc 1 §2.11): campaign + company; farm + locality; plot + hectares + crop. */
export function SetupSteps({ open, onCancel, onSubmit }: { open: boolean; onCancel: () => void; onSubmit: (body: Body) => Promise<void> }) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  const crops = useReferenceList<Crop>('crops', {}, { workspace: false, enabled: open });

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
      setStep((s) => s + 1);
    } catch (info) {
      warnValidation(info as Parameters<typeof warnValidation>[0]);
    }
  };

  const finish = async () => {
    let v: Values;
    try {
      await form.validateFields(STEP_FIELDS[step]);
      v = form.getFieldsValue(true) as Values;
    } catch (info) {
      warnValidation(info as Parameters<typeof warnValidation>[0]);
      return;
    }
    setSending(true);
    try {
      await onSubmit({
        season: v.season.trim(),
        company: v.company.trim(),
        tax_identifier: String(v.tax_identifier).replace(/\D/g, ''),
        farm: v.farm.trim(),
        city_id: Number(v.city_id),
        field: v.field.trim(),
        hectares: Number(v.hectares),
        crop_id: Number(v.crop_id),
      });
    } catch (err) {
      const fieldErr = applyServerErrors(form, err);
      if (fieldErr) {
        const failed = form.getFieldsError().find((e) => e.errors.length > 0)?.name[0];
        const at = STEP_FIELDS.findIndex((s) => s.includes(failed as keyof Values));
        if (at >= 0) setStep(at);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal open={open} title="Configurá tu cuenta" onCancel={onCancel} footer={null} width={640} destroyOnHidden maskClosable={false}>
      <Steps
        current={step}
        size="small"
        style={{ marginBlock: 16 }}
        items={[{ title: 'Campaña y empresa' }, { title: 'Establecimiento' }, { title: 'Lote y cultivo' }]}
      />
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ season: campaignForDate(new Date()) }} data-testid="setup-form">
        <div hidden={step !== 0}>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="season" label="Campaña" rules={[zodRule(f.season)]}>
                <Input maxLength={7} placeholder="2025/26" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={16}>
              <Form.Item name="company" label="Empresa" rules={[zodRule(f.company)]}>
                <Input maxLength={120} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="tax_identifier"
            label="CUIT"
            extra="Solo números, sin guiones"
            rules={[zodRule(f.tax_identifier)]}
            normalize={(value: string) => value.replace(/\D/g, '')}
          >
            <Input inputMode="numeric" maxLength={13} placeholder="30712345671" />
          </Form.Item>
        </div>
        <div hidden={step !== 1}>
          <Form.Item name="farm" label="Establecimiento" rules={[zodRule(f.farm)]}>
            <Input maxLength={120} />
          </Form.Item>
          <LocationPickers />
        </div>
        <div hidden={step !== 2}>
          <Form.Item name="field" label="Lote" rules={[zodRule(f.field)]}>
            <Input maxLength={120} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={10}>
              <Form.Item name="hectares" label="Hectáreas" rules={[zodRule(f.hectares)]}>
                <DecimalInput min={0.01} max={1_000_000} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item name="crop_id" label="Cultivo" rules={[requiredRule(ONBOARDING_MSG.cropRequired)]}>
                <Select
                  showSearch={SEARCH_BY_LABEL}
                  placeholder="Seleccioná el cultivo"
                  loading={crops.isLoading}
                  options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
        </div>
      </Form>
      <Flex justify="space-between">
        <Button onClick={step === 0 ? onCancel : () => setStep((s) => s - 1)}>{step === 0 ? 'Cancelar' : 'Anterior'}</Button>
        {step < 2 ? (
          <Button type="primary" onClick={() => void next()}>
            Siguiente
          </Button>
        ) : (
          <Button type="primary" loading={sending} onClick={() => void finish()}>
            Iniciar prueba
          </Button>
        )}
      </Flex>
    </Modal>
  );
}
