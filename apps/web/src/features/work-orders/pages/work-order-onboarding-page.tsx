import { useMemo, useState } from 'react';
import { Button, Modal, Result, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/feedback';
import { usePlanFieldCrops, useSeasonPlans } from '../../sowing-plan/queries';
import { WorkOrderForm } from '../components/work-order-form';
import { emptyValues, type FormValues } from '../form-values';
import { useLabors, useWorkOrderMutations } from '../queries';
import { useOrderCommands } from '../use-order-commands';
import { WO_TEXT } from '../texts';

/** Onboarding's first order: labor price 38 (spec doc 2 §9). */
const ONBOARDING_LABOR_PRICE = 38;

/**
 * First work order of the onboarding (/orden-de-trabajo/onboarding, spec doc 1 §2.11): prefilled with the newest plan,
 * its first lot and a spraying labor; after saving, the congratulations with 'Finalizar' and 'Descargar pdf de la OT'.
 */
export default function WorkOrderOnboardingPage() {
  const navigate = useNavigate();
  const { create } = useWorkOrderMutations();
  const commands = useOrderCommands();
  const [savedId, setSavedId] = useState<number | null>(null);
  const plans = useSeasonPlans();
  const plan = useMemo(() => [...(plans.data ?? [])].filter((p) => p.active).sort((a, b) => b.season_plan_id - a.season_plan_id)[0], [plans.data]);
  const plots = usePlanFieldCrops(plan?.season_plan_id);
  const labors = useLabors();
  const ready = !plans.isLoading && !labors.isLoading && (!plan || !plots.isLoading);

  const initial = useMemo<FormValues | undefined>(() => {
    if (!ready) return undefined;
    const base = emptyValues(null);
    const lot = plots.data?.[0];
    const labor = (labors.data ?? []).find((l) => /pulverizaci.n terrestre/i.test(l.name)) ?? (labors.data ?? []).find((l) => /pulverizaci/i.test(l.name)) ?? labors.data?.[0];
    return {
      ...base,
      season_plan_id: plan?.season_plan_id,
      field_crops: lot ? [{ field_crop_id: lot.field_crop_id, hectares_to_apply: Number(lot.hectares), crop_id: lot.crop_id, crop_sequence_id: lot.crop_sequence_id }] : [{}],
      labor_id: labor?.labor_id,
      price: ONBOARDING_LABOR_PRICE,
    };
  }, [ready, plan, plots.data, labors.data]);

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Nueva orden de trabajo
      </Typography.Title>
      <Typography.Paragraph type="secondary">Cargá tu primera orden de trabajo: ya completamos el establecimiento, el lote y la labor con tus datos.</Typography.Paragraph>
      {!initial ? (
        <Skeleton active />
      ) : (
        <WorkOrderForm
          initial={initial}
          saving={create.isPending}
          onSave={async (payload) => {
            const res = await create.mutateAsync(payload);
            toast.success(res.message ?? WO_TEXT.created);
            setSavedId(res.id ?? null);
          }}
        />
      )}
      <Modal open={savedId !== null} footer={null} closable={false} maskClosable={false} width={520}>
        <Result
          status="success"
          title="¡Felicitaciones!"
          subTitle="Creaste tu primera orden de trabajo. Descargá el PDF para enviársela al contratista."
          extra={[
            <Button key="pdf" loading={commands.downloading === savedId} onClick={() => savedId && void commands.pdf({ work_order_id: savedId })}>
              Descargar pdf de la OT
            </Button>,
            <Button key="end" type="primary" onClick={() => void navigate(savedId ? `/orden-de-trabajo/detalle?work_order_id=${savedId}` : '/orden-de-trabajo')}>
              Finalizar
            </Button>,
          ]}
        />
      </Modal>
    </div>
  );
}
