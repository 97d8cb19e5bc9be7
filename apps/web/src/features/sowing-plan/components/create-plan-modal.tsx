import { useEffect } from 'react';
import { Form, Modal, Select } from 'antd';
import { LAND_MSG } from '@fm/domain';
import { requiredRule } from '../../../components/form';
import { saveForm } from '../../land/components/record-actions';
import { useCompanies, useFarms } from '../../land/queries';
import { useSeasons } from '../../seasons/queries';
import { useSowingMutations } from '../queries';

type Values = { season_id?: number; company_id?: number; farm_id?: number };
const search = { optionFilterProp: 'label' as const };

/** Crear plan de campaña: a season of the workspace and a company and farm shared into it (active ones). */
export function CreatePlanModal({ open, seasonId, onClose }: { open: boolean; seasonId?: number; onClose: (createdSeasonId?: number) => void }) {
  const [form] = Form.useForm<Values>();
  const seasons = useSeasons();
  const companies = useCompanies('workspace');
  const farms = useFarms('workspace');
  const { createPlan } = useSowingMutations();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ season_id: seasonId });
  }, [open, seasonId, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.season_id || !values.company_id || !values.farm_id) return;
    const body = { season_id: values.season_id, company_id: values.company_id, farm_id: values.farm_id };
    await saveForm(form, () => createPlan.mutateAsync(body), () => onClose(body.season_id));
  };

  return (
    <Modal open={open} title="Crear plan de campaña" okText="Guardar" cancelText="Cancelar" onOk={() => void submit()} onCancel={() => onClose()} confirmLoading={createPlan.isPending} forceRender>
      <Form form={form} layout="vertical" name="season-plan-form" onFinish={() => void submit()}>
        <Form.Item name="season_id" label="Campaña" rules={[requiredRule(LAND_MSG.seasonRequired)]}>
          <Select showSearch={search} aria-label="Campaña" placeholder="Seleccione la campaña" loading={seasons.isLoading} options={(seasons.data ?? []).filter((s) => s.active).map((s) => ({ value: s.season_id, label: s.name }))} />
        </Form.Item>
        <Form.Item name="company_id" label="Empresa" rules={[requiredRule(LAND_MSG.companyRequired)]}>
          <Select showSearch={search} aria-label="Empresa" placeholder="Seleccione la empresa" loading={companies.isLoading} options={(companies.data ?? []).filter((c) => c.active).map((c) => ({ value: c.company_id, label: c.name }))} />
        </Form.Item>
        <Form.Item name="farm_id" label="Establecimiento" rules={[requiredRule(LAND_MSG.farmRequired)]}>
          <Select showSearch={search} aria-label="Establecimiento" placeholder="Seleccione el establecimiento" loading={farms.isLoading} options={(farms.data ?? []).filter((f) => f.active).map((f) => ({ value: f.farm_id, label: f.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
