import { Col, Form, Select, type FormInstance } from 'antd';
import { usePlanFieldCrops, useSeasonPlans } from '../../sowing-plan/queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** The chosen season plan, its plots and whether its company is an agreement (Socio required). */
export function useOrigin(own?: FormInstance) {
  const inner = Form.useFormInstance();
  const form = own ?? inner;
  const planId = Form.useWatch('season_plan_id', form) as number | undefined;
  const plans = useSeasonPlans();
  const plots = usePlanFieldCrops(planId);
  const plan = (plans.data ?? []).find((p) => p.season_plan_id === planId);
  return { planId, plans, plots, plan, agreement: Boolean(plan?.company.is_an_agreement) };
}

/** Campaña - Empresa - Establecimiento, Lote (a plot of the plan) and, for agreement companies, Socio. */
export function OriginFields({ keepPlanId }: { keepPlanId?: number }) {
  const form = Form.useFormInstance();
  const { planId, plans, plots, plan, agreement } = useOrigin();
  const planOptions = (plans.data ?? [])
    .filter((p) => p.active || p.season_plan_id === keepPlanId)
    .map((p) => ({ value: p.season_plan_id, label: `${p.season.name} - ${p.company.name} - ${p.farm.name}` }));
  return (
    <>
      <Col xs={24} md={16}>
        <Form.Item name="season_plan_id" label="Campaña - Empresa - Establecimiento" required>
          <Select
            aria-label="Campaña - Empresa - Establecimiento"
            placeholder="Seleccioná campaña, empresa y establecimiento"
            loading={plans.isLoading}
            showSearch={SEARCH_BY_LABEL}
            options={planOptions}
            onChange={() => form.setFieldsValue({ field_crop_id: undefined, partner_id: undefined })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="field_crop_id" label="Lote" required>
          <Select
            aria-label="Lote"
            placeholder={planId ? 'Seleccioná el lote' : 'Elegí primero el establecimiento'}
            disabled={planId ? undefined : true}
            loading={plots.isLoading && Boolean(planId)}
            showSearch={SEARCH_BY_LABEL}
            options={(plots.data ?? []).map((p) => ({ value: p.field_crop_id, label: `${p.field.name} - ${p.crop_name}${p.crop_sequence_name ? ` (${p.crop_sequence_name})` : ''}` }))}
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
              options={(plan?.company.partners ?? []).map((p) => ({ value: p.partner.company_id, label: p.partner.name }))}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}
