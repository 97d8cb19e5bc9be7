import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { contributionsExceed, formatNumber, WORK_ORDER_MSG, type ContributionsBodyInput } from '@fm/domain';
import { api } from '../../../api/client';
import { formatApiError, isApiError } from '../../../api/errors';
import { listKeys } from '../../../api/use-list';
import { confirm, confirmAction, toast } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { ContributionsIndicator } from '../components/indicators';
import { useWorkOrder, woKeys, WO_RESOURCE } from '../queries';
import { useWorkOrderIdParam } from '../use-work-order-id';
import type { WorkOrder } from '../types';
import { amountOf, incomplete, newRow, payloadOf, rowsOf, type ContributionRow } from './contributions-model';
import { ContributionsSection } from './contributions-section';

/** Contribution calls (spec doc 2 §7 "Costs"; contract). */
const contributionsApi = {
  save: async (id: number, body: ContributionsBodyInput) => (await api.post<WorkOrder[]>('costs/work-orders/contributions', body, { query: { work_order_id: id }, overlay: true })).message,
  remove: async (row: ContributionRow) =>
    (await api.del<unknown>('costs/work-orders/contributions', { query: row.kind === 'labor' ? { labor_contribution_id: row.id } : { supply_contribution_id: row.id } })).message,
};

/** A failure toast: the spec's text, plus the server's reason when it gave one. */
function failed(title: string, error: unknown) {
  toast.warning(isApiError(error) && error.status !== 510 ? `${title}\n${formatApiError(error)}` : title);
}

/**
 * Aportes (/aportes?work_order_id=N; spec doc 2 §2.3, §5; issue 10 item 6): the partners of an agreement company
 * contribute to the labor and to each supply, as an amount or a percentage of that total; Guardar sends new and
 * changed rows in one request, after the spec's confirmation when they would pass the order's total cost.
 */
export default function ContributionsPage() {
  const id = useWorkOrderIdParam();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canUpdate = useCan('work_orders', 'update');
  const orderQuery = useWorkOrder(id);
  const order = orderQuery.data;
  const [rows, setRows] = useState<ContributionRow[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (order) setRows(rowsOf(order));
  }, [order]);

  if (!id) return <Result status="404" title="Orden de trabajo no encontrada" />;
  if (orderQuery.isLoading) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!order) return <Result status="404" title={isApiError(orderQuery.error) ? orderQuery.error.message : WORK_ORDER_MSG.notFound} />;

  const back = () => void navigate('/orden-de-trabajo');
  const readOnly = !canUpdate || order.deleted_at !== null;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: woKeys.all() });
    await queryClient.invalidateQueries({ queryKey: listKeys.all(WO_RESOURCE) });
  };
  const change = (key: string, patch: Partial<ContributionRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = (kind: ContributionRow['kind']) => {
    const partner = order.company.partners.length === 1 ? order.company.partners[0].partner.company_id : undefined;
    const supply = kind === 'supply' && order.supplies.length === 1 ? order.supplies[0].supply_id : undefined;
    setRows((rs) => [...rs, newRow(kind, order.exchange_rate, partner, supply)]);
  };
  const remove = async (row: ContributionRow) => {
    if (row.id === undefined) {
      setRows((rs) => rs.filter((r) => r.key !== row.key));
      return;
    }
    await confirmAction({
      confirm: { title: '¿Eliminar este aporte?', okText: 'Eliminar', danger: true },
      run: () => contributionsApi.remove(row),
      success: WORK_ORDER_MSG.contributionDeleted,
      after: async () => {
        setRows((rs) => rs.filter((r) => r.key !== row.key));
        await refresh();
      },
      onError: (error) => failed(WORK_ORDER_MSG.contributionDeleteFailed, error),
    });
  };
  const save = async () => {
    if (incomplete(order, rows)) {
      toast.warning(`${WORK_ORDER_MSG.contributionPositive}\nElegí el socio${rows.some((r) => r.kind === 'supply') ? ' y el insumo' : ''} de cada aporte.`);
      return;
    }
    if (contributionsExceed(rows.map((r) => amountOf(order, r)), order.total_cost) && !(await confirm(WORK_ORDER_MSG.contributionExceeds))) return;
    setSaving(true);
    try {
      toast.success((await contributionsApi.save(order.work_order_id, payloadOf(order, rows))) ?? WORK_ORDER_MSG.contributionSaved);
      await refresh();
    } catch (error) {
      failed(WORK_ORDER_MSG.contributionSaveFailed, error);
    } finally {
      setSaving(false);
    }
  };

  const pending = rows.reduce((s, r) => s + (Number(amountOf(order, r)) || 0), 0);
  const pendingPct = Number(order.total_cost) > 0 ? (pending * 100) / Number(order.total_cost) : 0;

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Aportes · Orden de trabajo N° {order.work_order_id}
        </Typography.Title>
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          Volver al listado
        </Button>
      </Space>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="contributions-summary">
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'company', label: 'Empresa', children: order.company.name },
            { key: 'farm', label: 'Establecimiento', children: order.farm.name },
            { key: 'season', label: 'Campaña', children: order.season.name },
            { key: 'labor', label: 'Labor', children: order.labor.name },
            { key: 'cost', label: 'Costo total', children: `$ ${formatNumber(order.total_cost, 2)} (US$ ${formatNumber(order.total_cost_usd, 2)})` },
            { key: 'sum', label: 'Aportado', children: `$ ${formatNumber(order.total_contributions, 2)}` },
            { key: 'pct', label: 'Aportes', children: <ContributionsIndicator order={order} /> },
            { key: 'draft', label: 'Con lo cargado', children: `${formatNumber(pendingPct, 2)} %` },
          ]}
        />
      </Card>
      {!order.company.is_an_agreement ? (
        <Alert type="warning" showIcon message={WORK_ORDER_MSG.contributionsUnavailable} />
      ) : (
        <>
          {order.deleted_at !== null && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={WORK_ORDER_MSG.disabledReadOnly} />}
          {order.company.partners.length === 0 && <Alert type="info" showIcon style={{ marginBottom: 16 }} message="La empresa no tiene socios cargados: agregalos en Mis recursos." />}
          {(['labor', 'supply'] as const).map((kind) => (
            <ContributionsSection
              key={kind}
              order={order}
              kind={kind}
              rows={rows.filter((r) => r.kind === kind)}
              readOnly={readOnly}
              onChange={change}
              onAdd={() => add(kind)}
              onRemove={(r) => void remove(r)}
            />
          ))}
          {!readOnly && (
            <Space>
              <Button onClick={() => setRows(rowsOf(order))}>Descartar cambios</Button>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                Guardar
              </Button>
            </Space>
          )}
        </>
      )}
    </div>
  );
}
