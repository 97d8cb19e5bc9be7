import { Tabs } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { isVisible } from '../../../router/access';
import { isPrivate } from '../../../router/route-types';
import { routeByPath } from '../../../router/routes';
import { useSession } from '../../../session/hooks';

/** The tabs of the commercial screens (spec doc 3 "Contracts list": Movimiento de Granos, Stock de Granos, Contratos). */
const TABS = [
  { key: '/granos/movimientos', label: 'Movimiento de Granos' },
  { key: '/granos/stocks', label: 'Stock de Granos' },
  { key: '/contratos', label: 'Contratos' },
] as const;

/** Tab bar linking the three lists; a tab shows only when its route is on and permitted. Shared with features/contracts. */
export function CommercialTabs() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const items = TABS.filter((t) => {
    const route = routeByPath(t.key);
    return route && isPrivate(route) && isVisible(route, session);
  }).map((t) => ({ key: t.key, label: t.label }));
  if (items.length < 2) return null;
  return <Tabs activeKey={pathname} items={items} onChange={(key) => void navigate(key)} style={{ marginBottom: 4 }} />;
}
