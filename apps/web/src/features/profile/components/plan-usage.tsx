import { Button, Card, Descriptions, Progress, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { ADDON_ID, PLAN, PLAN_NAMES, formatDate, formatHectares, type PlanAddon } from '@fm/domain';
import { usePlanInfo } from '../../addons/queries';

/** 'remaining/total' of a capacity add-on (spec doc 1 §9). */
function usage(a: PlanAddon | undefined) {
  if (!a) return '0/0';
  return `${a.available}/${a.quantity}`;
}

/** Plan and add-on usage of Mi perfil (users and companies as remaining/total). */
export function PlanUsage() {
  const { data, isLoading } = usePlanInfo();
  if (isLoading || !data) return <Card title="Mi plan"><Skeleton active paragraph={{ rows: 3 }} /></Card>;
  const byId = new Map(data.addons.map((a) => [a.addon_id, a]));
  const users = byId.get(ADDON_ID.USERS);
  const companies = byId.get(ADDON_ID.COMPANIES);
  const planName = PLAN_NAMES[data.plan.plan_id] ?? PLAN_NAMES[PLAN.FREE];
  const reports = data.report_permissions.filter((r) => r.available).length;
  const percent = (a: PlanAddon | undefined) => (a && a.quantity > 0 ? Math.min(100, Math.round((a.used / a.quantity) * 100)) : 0);
  /** Full capacity reads as a warning, not as a success. */
  const bar = (a: PlanAddon | undefined) => (
    <Progress percent={percent(a)} size="small" showInfo={false} status={a && a.available === 0 ? 'exception' : 'normal'} style={{ width: 120, marginInlineStart: 8 }} />
  );

  return (
    <Card title="Mi plan" extra={<Link to="/adquirir-adicionales"><Button size="small">Adquirir adicionales</Button></Link>} data-testid="plan-usage">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="Plan">
          <Tag color={data.plan.plan_id === PLAN.FREE ? 'default' : 'gold'}>{planName}</Tag>
          {data.plan.plan_id === PLAN.TRIAL && (data.trial_expired ? 'Finalizada' : `Quedan ${data.days_left} días`)}
        </Descriptions.Item>
        {data.plan.end_date && <Descriptions.Item label="Vencimiento">{formatDate(data.plan.end_date)}</Descriptions.Item>}
        <Descriptions.Item label="Usuarios disponibles">
          {usage(users)} {bar(users)}
        </Descriptions.Item>
        <Descriptions.Item label="Empresas disponibles">
          {usage(companies)} {bar(companies)}
        </Descriptions.Item>
        {data.hectares && data.hectares.quantity > 0 && <Descriptions.Item label="Hectáreas">{formatHectares(data.hectares.quantity)}</Descriptions.Item>}
        <Descriptions.Item label="Reportes">{reports > 0 ? `${reports} de ${data.report_permissions.length} habilitados` : 'Sin reportes'}</Descriptions.Item>
        <Descriptions.Item label="Recetas">{(byId.get(ADDON_ID.RECIPES)?.quantity ?? 0) > 0 ? 'Habilitado' : 'No adquirido'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
