import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/feedback';
import { WorkOrderForm } from '../components/work-order-form';
import { useWorkOrderMutations } from '../queries';
import { WO_TEXT } from '../texts';

/** Nueva orden de trabajo (/orden-de-trabajo/nueva, spec doc 2 §2.7); after saving, its detail. */
export default function WorkOrderCreatePage() {
  const navigate = useNavigate();
  const { create } = useWorkOrderMutations();
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Nueva orden de trabajo
      </Typography.Title>
      <WorkOrderForm
        allowPlanned
        saving={create.isPending}
        onSave={async (payload) => {
          const res = await create.mutateAsync(payload);
          toast.success(res.message ?? WO_TEXT.created);
          void navigate(res.id ? `/orden-de-trabajo/detalle?work_order_id=${res.id}` : '/orden-de-trabajo');
        }}
      />
    </div>
  );
}
