import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { isFeatureOn } from '../../../session/session-store';
import { useSession } from '../../../session/hooks';
import { RESOURCE_TABS } from '../tabs';

/** Mis recursos (/mis-recursos): one tab per account resource type; `?tab=` keeps the open tab. */
export default function ResourcesPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = RESOURCE_TABS.filter((t) => !t.flag || isFeatureOn(session, t.flag));
  const active = tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]?.key;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Mis recursos
      </Typography.Title>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={tabs.map((t) => ({ key: t.key, label: t.label, children: <t.component /> }))}
      />
    </div>
  );
}
