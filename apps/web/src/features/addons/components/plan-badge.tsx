import { Button, Flex, Tag, Typography } from 'antd';
import { CalendarOutlined, CrownOutlined } from '@ant-design/icons';
import { PLAN, PLAN_NAMES, SUBSCRIPTION_MSG, daysLeft } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { isApiError } from '../../../api/errors';
import { useSession } from '../../../session/hooks';
import { usePlanInfo, useRenewTrial, useSubscriptionRequest } from '../queries';

/** Page reload after a renewal (spec doc 1 §9). */
export const RENEW_RELOAD_MS = 2000;

/**
 * Home plan badge (spec doc 1 §2.7): PRO, or 'PRO prueba' with the days left, an 'Extender prueba'
 * button and an 'Agendar demo' button. Reads GET users/plan, falling back to the session's plan.
 */
/** Darker text than antd's preset tags (gold 2.75:1, green 3.3:1 on their backgrounds): ≥ 4.5:1 (WCAG AA). */
const TAG_TEXT = { gold: '#874d00', green: '#135200' };

export function PlanBadge() {
  const session = useSession();
  const info = usePlanInfo();
  const renew = useRenewTrial();
  const demo = useSubscriptionRequest();
  const planId = info.data?.plan.plan_id ?? session?.plan?.plan_id;
  const endDate = info.data?.plan.end_date ?? session?.plan?.end_date ?? null;
  if (planId !== PLAN.PRO && planId !== PLAN.TRIAL) return null;

  if (planId === PLAN.PRO) {
    return (
      <Tag color="gold" icon={<CrownOutlined />} data-testid="plan-badge" style={{ color: TAG_TEXT.gold }}>
        {PLAN_NAMES[PLAN.PRO]}
      </Tag>
    );
  }

  const left = info.data?.days_left ?? daysLeft(endDate);
  const onRenew = async () => {
    try {
      await renew.mutateAsync();
      toast.success(SUBSCRIPTION_MSG.renewed);
      window.setTimeout(() => window.location.reload(), RENEW_RELOAD_MS);
    } catch (err) {
      // a refusal (409) says why: the trial is still running, or its extensions are used up
      if (isApiError(err) && err.status === 409 && err.message) toast.warning(err.message, SUBSCRIPTION_MSG.renewError);
      else toast.warning(SUBSCRIPTION_MSG.renewError);
    }
  };
  const onDemo = async () => {
    try {
      await demo.mutateAsync('demo');
      toast.success(SUBSCRIPTION_MSG.demo);
    } catch {
      toast.warning(SUBSCRIPTION_MSG.error);
    }
  };

  return (
    <Flex align="center" gap={8} wrap data-testid="plan-badge">
      <Tag color={left > 0 ? 'green' : 'red'} icon={<CrownOutlined />} style={{ marginInlineEnd: 0, color: left > 0 ? TAG_TEXT.green : undefined }}>
        {PLAN_NAMES[PLAN.TRIAL]}
      </Tag>
      <Typography.Text type={left > 0 ? 'secondary' : 'danger'}>
        {left === 0 ? 'Tu prueba finalizó' : left === 1 ? 'Queda 1 día' : `Quedan ${left} días`}
      </Typography.Text>
      <Button size="small" type="primary" loading={renew.isPending} onClick={() => void onRenew()}>
        Extender prueba
      </Button>
      <Button size="small" icon={<CalendarOutlined />} loading={demo.isPending} onClick={() => void onDemo()}>
        Agendar demo
      </Button>
    </Flex>
  );
}
