import { useMemo } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { GRAIN_MSG } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { useSeasonPlans } from '../../sowing-plan/queries';
import { MovementForm, movementValues } from '../components/movement-form';
import { originLabel } from '../format';
import { useGrainMutations, useMovement } from '../queries';
import { GRAIN_TEXT } from '../texts';

/** Nuevo movimiento (/granos/movimiento) and Editar movimiento (/granos/movimiento/{movement_id}), spec doc 3 "Movement forms". */
export default function MovementFormPage() {
  const navigate = useNavigate();
  const params = useParams();
  const id = params.movement_id ? Number(params.movement_id) : undefined;
  const movement = useMovement(id);
  const plans = useSeasonPlans();
  const { createMovements, updateMovement } = useGrainMutations();
  const initial = useMemo(() => (movement.data && plans.data ? movementValues(movement.data, plans.data) : undefined), [movement.data, plans.data]);

  if (id === undefined) {
    return (
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Nuevo movimiento
        </Typography.Title>
        <MovementForm
          submitText={GRAIN_TEXT.saveAndContinue}
          onSave={async (payload) => {
            toast.success((await createMovements.mutateAsync([payload])) ?? GRAIN_TEXT.saved);
            return 'reset';
          }}
        />
      </div>
    );
  }

  if (movement.isLoading || plans.isLoading) return <Spin />;
  if (!movement.data) {
    return <Typography.Text type="secondary">No se encontró el movimiento.</Typography.Text>;
  }
  const fromStock = Boolean(movement.data.origin_stock_id);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Editar movimiento #{id}
      </Typography.Title>
      {movement.data.status !== GRAIN_TEXT.inTransit && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={GRAIN_MSG.movementReceived} />}
      {fromStock && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`Movimiento de stock desde ${originLabel(movement.data)}: para cambiarlo, eliminalo y volvé a mover el stock.`} />}
      <MovementForm
        key={id}
        initial={initial}
        readOnly={movement.data.status !== GRAIN_TEXT.inTransit || fromStock}
        submitText={GRAIN_TEXT.save}
        onSave={async (payload) => {
          toast.success((await updateMovement.mutateAsync({ id, body: payload })) ?? GRAIN_TEXT.saved);
          void navigate('/granos/movimientos');
        }}
      />
    </div>
  );
}
