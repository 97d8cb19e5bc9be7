import { Alert, Empty, Flex, Select, Skeleton, Tag, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatHectares, type FieldCrop } from '@fm/domain';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { cropColor, CropTotals } from '../components/field-crops-table';
import { usePlanFieldCrops, useSeasonPlans } from '../queries';

const columns: DataColumn<FieldCrop>[] = [
  { title: 'Lote', key: 'field', sortField: 'field.name', render: (_: unknown, r: FieldCrop) => r.field.name },
  { title: 'Cultivo', key: 'crop', sortField: 'crop.name', render: (_: unknown, r: FieldCrop) => <Tag color={cropColor(r.crop_name)}>{r.crop_name}</Tag> },
  { title: 'Secuencia', dataIndex: 'crop_sequence_name', sortField: 'crop_sequence_id' },
  { title: 'Hectáreas', dataIndex: 'hectares', align: 'right', sortField: 'hectares', render: (v: number) => formatHectares(v) },
];

/**
 * Parcelas (plots/:season_id/:company_id/:farm_id and /parcelas): the plots of one season plan.
 * The plan comes from the route parameters or the query string; without them, a picker.
 */
export default function PlotsPage() {
  const navigate = useNavigate();
  const route = useParams();
  const [query] = useSearchParams();
  const pick = (k: 'season_id' | 'company_id' | 'farm_id') => Number(route[k] ?? query.get(k) ?? 0) || undefined;
  const seasonId = pick('season_id');
  const companyId = pick('company_id');
  const farmId = pick('farm_id');
  const complete = Boolean(seasonId && companyId && farmId);
  const all = useSeasonPlans();
  const plan = complete ? all.data?.find((p) => p.season.season_id === seasonId && p.company.company_id === companyId && p.farm.farm_id === farmId) : undefined;
  const crops = usePlanFieldCrops(plan?.season_plan_id);

  return (
    <div>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Parcelas
        </Typography.Title>
        <Select
          style={{ minWidth: 320 }}
          aria-label="Plan de campaña"
          placeholder="Seleccioná un plan de campaña"
          loading={all.isLoading}
          value={plan?.season_plan_id}
          onChange={(id: number) => {
            const p = all.data?.find((x) => x.season_plan_id === id);
            if (p) navigate(`/parcelas/${p.season.season_id}/${p.company.company_id}/${p.farm.farm_id}`);
          }}
          options={(all.data ?? []).map((p) => ({ value: p.season_plan_id, label: p.label }))}
        />
      </Flex>
      {all.isLoading ? (
        <Skeleton active />
      ) : !plan ? (
        complete ? <Alert type="warning" showIcon title="No existe un plan de campaña para esa campaña, empresa y establecimiento." /> : <Empty description="Seleccioná un plan de campaña" />
      ) : (
        <>
          <Typography.Title level={5}>{plan.label}</Typography.Title>
          <DataTable<FieldCrop>
            key={plan.season_plan_id}
            stateKey={`plots-${plan.season_plan_id}`}
            resource="fields/crops"
            extraQuery={{ season_plan_id: plan.season_plan_id }}
            columns={columns}
            rowKey={(r) => r.field_crop_id}
            searchFields={['field.name', 'crop.name']}
            searchPlaceholder="Buscar lote o cultivo"
          />
          {(crops.data ?? []).length > 0 && (
            <div style={{ marginTop: 8 }}>
              <CropTotals rows={crops.data ?? []} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
