import { useMemo } from 'react';
import { Form, Select } from 'antd';
import { LAND_MSG } from '@fm/domain';
import { requiredRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { useCompanies, useFarms } from '../../land/queries';
import { useSeasons } from '../../seasons/queries';
import { useSowingMutations } from '../queries';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = { season_id?: number; company_id?: number; farm_id?: number };
const search = SEARCH_BY_LABEL;

/** Crear plan de campaña: a season of the workspace and a company and farm shared into it (active ones). */
export function CreatePlanModal({ open, seasonId, onClose }: { open: boolean; seasonId?: number; onClose: (createdSeasonId?: number) => void }) {
  const [form] = Form.useForm<Values>();
  const seasons = useSeasons();
  const companies = useCompanies('workspace');
  const farms = useFarms('workspace');
  const { createPlan } = useSowingMutations();
  const initialValues = useMemo<Values>(() => ({ season_id: seasonId }), [seasonId]);

  return (
    <FormModal
      form={form}
      name="season-plan-form"
      title="Crear plan de campaña"
      open={open}
      initialValues={initialValues}
      onSave={(values) => createPlan.mutateAsync({ season_id: values.season_id ?? 0, company_id: values.company_id ?? 0, farm_id: values.farm_id ?? 0 })}
      saving={createPlan.isPending}
      onClose={() => onClose()}
      onSaved={(values) => onClose(values.season_id)}
    >
      <Form.Item name="season_id" label="Campaña" rules={[requiredRule(LAND_MSG.seasonRequired)]}>
        <Select showSearch={search} aria-label="Campaña" placeholder="Seleccioná la campaña" loading={seasons.isLoading} options={(seasons.data ?? []).filter((s) => s.active).map((s) => ({ value: s.season_id, label: s.name }))} />
      </Form.Item>
      <Form.Item name="company_id" label="Empresa" rules={[requiredRule(LAND_MSG.companyRequired)]}>
        <Select showSearch={search} aria-label="Empresa" placeholder="Seleccioná la empresa" loading={companies.isLoading} options={(companies.data ?? []).filter((c) => c.active).map((c) => ({ value: c.company_id, label: c.name }))} />
      </Form.Item>
      <Form.Item name="farm_id" label="Establecimiento" rules={[requiredRule(LAND_MSG.farmRequired)]}>
        <Select showSearch={search} aria-label="Establecimiento" placeholder="Seleccioná el establecimiento" loading={farms.isLoading} options={(farms.data ?? []).filter((f) => f.active).map((f) => ({ value: f.farm_id, label: f.name }))} />
      </Form.Item>
    </FormModal>
  );
}
