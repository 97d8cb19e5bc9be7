import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EnvironmentOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { SeasonPlan } from '@fm/domain';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { usePlanFieldCrops, useSowingMutations } from '../queries';
import { CropTotals, FieldCropsTable } from './field-crops-table';

/** One season plan of the sowing plan: its plots with crop, sequence and hectares, and totals per crop. */
export function PlanCard({ plan }: { plan: SeasonPlan }) {
  const crops = usePlanFieldCrops(plan.season_plan_id);
  const { removePlan } = useSowingMutations();
  const canCreate = useCan('seasons_plans', 'create');
  const canDelete = useCan('seasons_plans', 'delete');
  const rows = crops.data ?? [];

  const onDelete = () =>
    confirmAction({
      confirm: { title: `¿Eliminar el plan de campaña ${plan.label}?`, content: 'Esta acción no se puede deshacer.', danger: true },
      run: () => removePlan.mutateAsync(plan.season_plan_id),
      success: 'Eliminado',
    });

  return (
    <Card
      size="small"
      // long labels wrap instead of being cut (phones)
      styles={{ header: { flexWrap: 'wrap', rowGap: 4, paddingBlock: 8 }, title: { whiteSpace: 'normal', overflow: 'visible' } }}
      data-testid={`season-plan-${plan.season_plan_id}`}
      title={
        <Space wrap>
          <span>{plan.label}</span>
          {plan.active ? <Tag color="green">Activo</Tag> : <Tag>Inactivo</Tag>}
          {plan.company.is_an_agreement && <Tag color="blue">Convenio</Tag>}
        </Space>
      }
      extra={
        <Space size={4} wrap>
          {canCreate && (
            <Link to={`/plan-de-siembra/${plan.season_plan_id}/asignar-cultivo`}>
              <Button size="small" type="primary" ghost icon={<PlusCircleOutlined />}>
                Asignar cultivo
              </Button>
            </Link>
          )}
          <Tooltip title="Ver lotes del plan">
            <Link to={`/parcelas/${plan.season.season_id}/${plan.company.company_id}/${plan.farm.farm_id}`}>
              <Button size="small" icon={<EnvironmentOutlined />} aria-label="Ver lotes" />
            </Link>
          </Tooltip>
          {canDelete && (
            <Tooltip title="Eliminar plan">
              <Button size="small" danger icon={<DeleteOutlined />} aria-label="Eliminar plan" onClick={() => void onDelete()} />
            </Tooltip>
          )}
        </Space>
      }
    >
      <FieldCropsTable rows={rows} loading={crops.isLoading} />
      {rows.length > 0 && (
        <div style={{ marginTop: 8 }}>
          <CropTotals rows={rows} />
        </div>
      )}
    </Card>
  );
}
