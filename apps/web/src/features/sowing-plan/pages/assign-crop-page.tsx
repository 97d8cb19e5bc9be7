import { useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Select, Skeleton, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { formatHectares, LAND_MSG, type Field, type FieldCrop } from '@fm/domain';
import { emptyText } from '../../../components/data-table';
import { applyServerErrors, DecimalInput, requiredRule } from '../../../components/form';
import { confirmAction, toast } from '../../../components/feedback';
import { useFarmPlots } from '../../land/queries';
import { EditFieldCropModal } from '../components/edit-field-crop-modal';
import { cropColor } from '../components/field-crops-table';
import { useCrops, usePlanFieldCrops, useSeasonPlans, useSequences, useSowingMutations } from '../queries';

type Values = { crop_id?: number; crop_sequence_id?: number; hectares?: number | null };

/** Asignar cultivo (/plan-de-siembra/:season_plan_id/asignar-cultivo): one crop to many selected plots in one call. */
export default function AssignCropPage() {
  const seasonPlanId = Number(useParams().season_plan_id);
  const [form] = Form.useForm<Values>();
  const filter = useMemo(() => ({ filters: JSON.stringify({ AND: [{ field: 'season_plan_id', condition: 'is', value: seasonPlanId }] }) }), [seasonPlanId]);
  const plans = useSeasonPlans(filter, Number.isInteger(seasonPlanId) && seasonPlanId > 0);
  const plan = plans.data?.[0];
  const farmId = plan?.farm.farm_id ?? 0;
  const plots = useFarmPlots(farmId);
  const assigned = usePlanFieldCrops(plan?.season_plan_id);
  const crops = useCrops();
  const sequences = useSequences();
  const { assign, removeCrop } = useSowingMutations();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<FieldCrop | null>(null);

  const byField = useMemo(() => {
    const map = new Map<number, FieldCrop[]>();
    for (const fc of assigned.data ?? []) map.set(fc.field_id, [...(map.get(fc.field_id) ?? []), fc]);
    return map;
  }, [assigned.data]);

  if (plans.isLoading) return <Skeleton active />;
  if (!plan) return <Alert type="warning" showIcon title="El plan de campaña no existe en este espacio de trabajo." />;

  const apply = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values?.crop_id) return;
    const chosen = (plots.data ?? []).filter((p) => selected.includes(p.field_id));
    if (!chosen.length) {
      toast.warning(LAND_MSG.atLeastOnePlot);
      return;
    }
    const rows = chosen.map((p) => ({
      season_plan_id: plan.season_plan_id,
      field_id: p.field_id,
      crop_id: values.crop_id ?? 0,
      crop_sequence_id: values.crop_sequence_id ?? 0,
      hectares: values.hectares ?? p.hectares,
    }));
    try {
      const res = await assign.mutateAsync(rows);
      toast.success(`${res.message ?? 'Cultivo asignado correctamente'} (${rows.length} ${rows.length === 1 ? 'lote' : 'lotes'})`);
      setSelected([]);
    } catch (error) {
      applyServerErrors(form, error);
    }
  };

  const loadingPlots = plots.isLoading || assigned.isLoading;

  const onRemove = (fc: FieldCrop) =>
    confirmAction({
      confirm: { title: `¿Quitar ${fc.crop_name} del lote ${fc.field.name}?`, danger: true },
      run: () => removeCrop.mutateAsync(fc.field_crop_id),
      success: 'Eliminado',
    });

  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Link to="/plan-de-siembra">
          <Button type="text" icon={<ArrowLeftOutlined />}>
            Plan de siembra
          </Button>
        </Link>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Asignar cultivo
      </Typography.Title>
      <Typography.Paragraph type="secondary">{plan.label}</Typography.Paragraph>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form form={form} layout="inline" name="assign-crop-form" initialValues={{ crop_sequence_id: 2 }} onFinish={() => void apply()}>
          <Form.Item name="crop_id" label="Cultivo" rules={[requiredRule(LAND_MSG.cropRequired)]}>
            <Select style={{ width: 180 }} aria-label="Cultivo" placeholder="Seleccioná el cultivo" options={(crops.data ?? []).map((c) => ({ value: c.crop_id, label: c.name }))} />
          </Form.Item>
          <Form.Item name="crop_sequence_id" label="Secuencia">
            <Select style={{ width: 170 }} aria-label="Secuencia" options={(sequences.data ?? []).map((s) => ({ value: s.crop_sequence_id, label: s.name || '(sin secuencia)' }))} />
          </Form.Item>
          <Form.Item name="hectares" label="Hectáreas" tooltip="Vacío: las hectáreas de cada lote" rules={[{ type: 'number', min: 0.01, message: LAND_MSG.hectaresPositive }]}>
            <DecimalInput min={0} step={0.01} suffix="ha" placeholder="las del lote" style={{ width: 150 }} aria-label="Hectáreas" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={assign.isPending} disabled={!selected.length}>
              Asignar a {selected.length} {selected.length === 1 ? 'lote' : 'lotes'}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Table<Field>
        rowKey={(p) => p.field_id}
        size="middle"
        loading={loadingPlots}
        dataSource={(plots.data ?? []).filter((p) => p.active)}
        pagination={false}
        locale={{ emptyText: emptyText(loadingPlots) }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        columns={[
          { title: 'Lote', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name, 'es', { numeric: true }), defaultSortOrder: 'ascend' },
          { title: 'Hectáreas', dataIndex: 'hectares', align: 'right', render: (v: number) => formatHectares(v) },
          {
            title: 'Cultivos asignados',
            key: 'crops',
            render: (_: unknown, p: Field) => (
              <Space wrap size={[4, 4]}>
                {(byField.get(p.field_id) ?? []).map((fc) => (
                  <Tag key={fc.field_crop_id} color={cropColor(fc.crop_name)}>
                    {fc.crop_name}
                    {fc.crop_sequence_name ? ` ${fc.crop_sequence_name}` : ''} · {formatHectares(fc.hectares)} ha
                    <Tooltip title="Editar">
                      <EditOutlined aria-label={`Editar ${fc.crop_name} de ${p.name}`} style={{ marginLeft: 6, cursor: 'pointer' }} onClick={() => setEditing(fc)} />
                    </Tooltip>
                    <Tooltip title="Quitar">
                      <CloseOutlined aria-label={`Quitar ${fc.crop_name} de ${p.name}`} style={{ marginLeft: 4, cursor: 'pointer' }} onClick={() => void onRemove(fc)} />
                    </Tooltip>
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <EditFieldCropModal record={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
