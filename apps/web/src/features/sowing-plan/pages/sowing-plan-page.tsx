import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Select, Skeleton, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../session/hooks';
import { useSeasons } from '../../seasons/queries';
import { CreatePlanModal } from '../components/create-plan-modal';
import { PlanCard } from '../components/plan-card';
import { useSeasonPlans } from '../queries';

/** Plan de siembra (/plan-de-siembra, module seasons_plans): the season plans of a season with their plots. */
export default function SowingPlanPage() {
  const [params, setParams] = useSearchParams();
  const seasons = useSeasons();
  const canCreate = useCan('seasons_plans', 'create');
  const [creating, setCreating] = useState(false);
  const param = params.get('season_id');
  const seasonId = param === 'todas' ? undefined : Number(param) || undefined;
  const plans = useSeasonPlans(seasonId ? { season_id: seasonId } : {});

  // default: the newest active season
  useEffect(() => {
    if (param || !seasons.data?.length) return;
    const first = seasons.data.find((s) => s.active) ?? seasons.data[0];
    setParams({ season_id: String(first.season_id) }, { replace: true });
  }, [param, seasons.data, setParams]);

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Plan de siembra
        </Typography.Title>
        <Space wrap>
          <Select
            style={{ minWidth: 160 }}
            aria-label="Filtrar por campaña"
            loading={seasons.isLoading}
            value={seasonId ?? 'todas'}
            onChange={(v: number | 'todas') => setParams({ season_id: String(v) }, { replace: true })}
            options={[{ value: 'todas' as const, label: 'Todas las campañas' }, ...(seasons.data ?? []).map((s) => ({ value: s.season_id, label: `Campaña ${s.name}` }))]}
          />
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              Crear plan de campaña
            </Button>
          )}
        </Space>
      </Flex>
      {plans.isLoading ? (
        <Skeleton active />
      ) : (plans.data ?? []).length === 0 ? (
        <Empty description="Sin resultados" />
      ) : (
        <Flex vertical gap={16}>
          {(plans.data ?? []).map((p) => (
            <PlanCard key={p.season_plan_id} plan={p} />
          ))}
        </Flex>
      )}
      <CreatePlanModal
        open={creating}
        seasonId={seasonId}
        onClose={(created) => {
          setCreating(false);
          // show the season of the plan just created
          if (created && seasonId && created !== seasonId) setParams({ season_id: String(created) }, { replace: true });
        }}
      />
    </div>
  );
}
