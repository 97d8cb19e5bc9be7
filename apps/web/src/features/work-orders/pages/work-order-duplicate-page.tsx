import { useMemo } from 'react';
import { Alert, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatApiError } from '../../../api/errors';
import { toast } from '../../../components/feedback';
import { WorkOrderForm } from '../components/work-order-form';
import { emptyValues, valuesFromOrder } from '../form-values';
import { useWorkOrder, useWorkOrderMutations } from '../queries';
import { WO_TEXT } from '../texts';
import { useWorkOrderIdParam } from '../use-work-order-id';

/** Duplicar (/orden-de-trabajo/duplicar?work_order_id=N): a new order prefilled from an existing one (spec doc 2 §2.7). */
export default function WorkOrderDuplicatePage() {
  const navigate = useNavigate();
  const id = useWorkOrderIdParam();
  const order = useWorkOrder(id);
  const { create } = useWorkOrderMutations();
  // a copy is a new order: its labor runs from today, as a new one would (spec doc 2 §9)
  const initial = useMemo(() => {
    if (!order.data) return undefined;
    const { labor_start_date, labor_end_date } = emptyValues(null);
    return { ...valuesFromOrder(order.data), labor_start_date, labor_end_date };
  }, [order.data]);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Nueva orden de trabajo
      </Typography.Title>
      {id && <Typography.Paragraph type="secondary">Copia de la orden {id}: revisá los datos y guardala como una orden nueva.</Typography.Paragraph>}
      {order.error && <Alert type="warning" showIcon title={formatApiError(order.error)} style={{ whiteSpace: 'pre-line' }} />}
      {order.isLoading && <Skeleton active />}
      {initial && (
        <WorkOrderForm
          initial={initial}
          allowPlanned
          saving={create.isPending}
          onSave={async (payload) => {
            const res = await create.mutateAsync(payload);
            toast.success(res.message ?? WO_TEXT.created);
            void navigate(res.id ? `/orden-de-trabajo/detalle?work_order_id=${res.id}` : '/orden-de-trabajo');
          }}
        />
      )}
    </div>
  );
}
