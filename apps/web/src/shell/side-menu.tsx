import { useMemo } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../session/hooks';
import { isGroup, linkTarget, visibleMenu, type MenuEntry, type MenuLink } from '../router/menu';

type MenuItem = Required<MenuProps>['items'][number];

function flatten(entries: MenuEntry[]): MenuLink[] {
  return entries.flatMap((e) => (isGroup(e) ? e.children : [e]));
}

/** The link whose route is the longest prefix of the current path. */
function selectedLink(links: MenuLink[], pathname: string): MenuLink | undefined {
  let best: MenuLink | undefined;
  for (const l of links) {
    if (!l.route) continue;
    const hit = pathname === l.route || pathname.startsWith(`${l.route}/`);
    if (hit && (!best?.route || l.route.length > best.route.length)) best = l;
  }
  return best;
}

/** Left menu (spec doc 1 §2.5): only items whose route is enabled and permitted; empty groups hidden. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => (session ? visibleMenu(session) : []), [session]);
  const links = useMemo(() => flatten(entries), [entries]);
  if (!session) return null;

  const selected = selectedLink(links, pathname);
  const openGroup = entries.find((e) => isGroup(e) && selected && e.children.includes(selected));
  const items: MenuItem[] = entries.map((e) =>
    isGroup(e)
      ? { key: e.key, label: e.label, icon: e.icon, children: e.children.map((c) => ({ key: c.key, label: c.label })) }
      : { key: e.key, label: e.label, icon: e.icon },
  );

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const link = links.find((l) => l.key === key);
    if (!link) return;
    onNavigate?.();
    if (link.external) {
      window.open(link.external(session), '_blank', 'noopener,noreferrer');
      return;
    }
    navigate(linkTarget(link, session));
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected.key] : []}
      defaultOpenKeys={openGroup ? [openGroup.key] : []}
      onClick={onClick}
      style={{ borderInlineEnd: 'none' }}
      aria-label="Menú principal"
    />
  );
}
