import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { CopyOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatDate, hasAddon, workOrderActions } from '@fm/domain';
import { formatApiError, isApiError } from '../../../api/errors';
import { toast } from '../../../components/feedback';
import { useCan, useFlag, useSession } from '../../../session/hooks';
import { RecipeRequestModal } from '../../recipes';
import { SyncOrderPlotsButton } from '../../field-mapping';
import { HistoryPanel } from '../components/history-panel';
import { ContributionsIndicator, StockIndicator } from '../components/indicators';
import { StatusModal } from '../components/status-modal';
import { WorkOrderForm } from '../components/work-order-form';
import { valuesFromOrder } from '../form-values';
import { useWorkOrder, useWorkOrderMutations } from '../queries';
import { WO_TEXT } from '../texts';
import { withStockConfirm } from '../stock-confirm';
import { useOrderCommands } from '../use-order-commands';
import { useWorkOrderIdParam } from '../use-work-order-id';
import styles from '../components/work-orders.module.css';
import type { WorkOrder } from '../types';

function Header({ order, onStatus, onRecipe }: { order: WorkOrder; onStatus: () => void; onRecipe: () => void }) {
  const navigate = useNavigate();
  const session = useSession();
  const recipesRead = useCan('agro_recipes', 'read');
  const recipesOn = useFlag('agro_recipes');
  const canCreate = useCan('work_orders', 'create');
  const canUpdate = useCan('work_orders', 'update');
  const canDelete = useCan('work_orders', 'delete');
  const commands = useOrderCommands();
  const allowed = workOrderActions(order, recipesRead && recipesOn && hasAddon(session?.addons, 'Recetas'));
  const back = (done: boolean) => done && void navigate('/orden-de-trabajo');
  return (
    <Card size="small" className={styles.section}>
      <div className={styles.header}>
        <Space wrap>
          <Tag color={order.deleted_at ? 'default' : order.status_id === 3 ? 'green' : order.status_id === 7 ? 'blue' : 'gold'} data-testid="wo-status">
            {order.status.name}
          </Tag>
          {order.deleted_at && <Tag color="red">Deshabilitada</Tag>}
          <StockIndicator order={order} prefix="Depósitos: " />
          {order.company.is_an_agreement && <ContributionsIndicator order={order} prefix="Aportes: " />}
        </Space>
        <Space wrap>
          <Button icon={<FilePdfOutlined />} loading={commands.downloading === order.work_order_id} onClick={() => void commands.pdf(order)}>
            Descargar PDF
          </Button>
          {canCreate && (
            <Button icon={<CopyOutlined />} onClick={() => void navigate(`/orden-de-trabajo/duplicar?work_order_id=${order.work_order_id}`)}>
              Duplicar
            </Button>
          )}
          {allowed.changeStatus && canUpdate && <Button onClick={onStatus}>Cambiar estado</Button>}
          {allowed.toCreated && canUpdate && <Button onClick={() => void commands.toCreated(order)}>Pasar a creada</Button>}
          {allowed.contributions && canUpdate && <Button onClick={() => void navigate(`/aportes?work_order_id=${order.work_order_id}`)}>Aportes</Button>}
          {allowed.recipes && <Button onClick={onRecipe}>Recetas agronómicas</Button>}
          <SyncOrderPlotsButton plots={order.field_crops.map((fc) => fc.field)} />
          {allowed.disable && canDelete && (
            <Button danger onClick={() => void commands.disableOrder(order).then(back)}>
              Deshabilitar
            </Button>
          )}
          {allowed.enable && canUpdate && <Button onClick={() => void commands.restoreOrder(order).then(back)}>Habilitar</Button>}
        </Space>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'created', label: 'Creada', children: formatDate(order.created_at) },
          { key: 'done', label: 'Fecha de realización', children: order.labor_date ? formatDate(order.labor_date) : '-' },
          { key: 'company', label: 'Empresa', children: order.company.name },
          { key: 'farm', label: 'Establecimiento', children: order.farm.name },
        ]}
      />
    </Card>
  );
}

/** Detalle (/orden-de-trabajo/detalle?work_order_id=N): edit, status, PDF, history; read-only when disabled (spec doc 2 §2.7). */
export default function WorkOrderDetailPage() {
  const id = useWorkOrderIdParam();
  const order = useWorkOrder(id);
  const canUpdate = useCan('work_orders', 'update');
  const { update } = useWorkOrderMutations();
  const [statusOpen, setStatusOpen] = useState(false);
  const [recipeOpen, setRecipeOpen] = useState(false);
  const o = order.data;
  const initial = useMemo(() => (o ? valuesFromOrder(o) : undefined), [o]);

  if (!id || (order.error && isApiError(order.error) && order.error.status === 404)) {
    return <Result status="404" title={WO_TEXT.notFound} />;
  }
  const readOnly = Boolean(o?.deleted_at) || !canUpdate;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Orden de trabajo {id}
      </Typography.Title>
      {order.error && <Alert type="warning" showIcon title={formatApiError(order.error)} style={{ whiteSpace: 'pre-line' }} />}
      {order.isLoading && <Skeleton active />}
      {o && initial && (
        <>
          <Header order={o} onStatus={() => setStatusOpen(true)} onRecipe={() => setRecipeOpen(true)} />
          {o.deleted_at && <Alert type="info" showIcon title={WO_TEXT.readOnly} style={{ marginBottom: 16 }} />}
          <WorkOrderForm
            key={o.updated_at}
            initial={initial}
            readOnly={readOnly}
            saving={update.isPending}
            onSave={async (payload) => {
              const message = await withStockConfirm((confirmStock) => update.mutateAsync({ id: o.work_order_id, body: payload, confirmStock }));
              if (message !== null) toast.success(message ?? WO_TEXT.edited);
            }}
          />
          {workOrderActions(o, false).history && (
            <Card title="Historial" size="small" style={{ marginTop: 16 }}>
              <HistoryPanel workOrderId={o.work_order_id} />
            </Card>
          )}
          <StatusModal target={statusOpen ? o : null} onClose={() => setStatusOpen(false)} />
          <RecipeRequestModal workOrder={recipeOpen ? o : null} onClose={() => setRecipeOpen(false)} />
        </>
      )}
    </div>
  );
}
