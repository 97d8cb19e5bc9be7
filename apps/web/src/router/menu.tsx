import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  LogoutOutlined,
  SettingOutlined,
  ShopOutlined,
  ToolOutlined,
  CalendarOutlined,
  GoldOutlined,
  CloudOutlined,
} from '@ant-design/icons';
import { fieldMappingMenuVisible, hasAddon } from '@fm/domain';
import { LINKS } from '../config/links';
import type { Session } from '../session/session-store';
import { isVisible } from './access';
import { routeByPath } from './routes';
import { isPrivate } from './route-types';

export type MenuLink = {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Table path whose access decides visibility. */
  route?: string;
  /** Where the entry goes when it differs from `route` (e.g. recipes). */
  to?: (session: Session) => string;
  /** Opens outside the app in a new tab. */
  external?: (session: Session) => string;
  /** Extra visibility rule on top of the route's. */
  when?: (session: Session) => boolean;
};
export type MenuGroup = { key: string; label: string; icon: ReactNode; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

/** Left menu of spec doc 1 §2.5, in order. */
export const MENU: MenuEntry[] = [
  { key: 'home', label: 'Home', icon: <HomeOutlined />, route: '/home' },
  {
    key: 'planning',
    label: 'Planificación',
    icon: <CalendarOutlined />,
    children: [
      { key: 'seasons', label: 'Campañas', route: '/campanas' },
      { key: 'strategies', label: 'Estrategias de cultivo', route: '/estrategias-de-cultivo' },
      { key: 'sowing-plan', label: 'Plan de siembra', route: '/plan-de-siembra' },
      { key: 'costs', label: 'Costos', route: '/costos' },
    ],
  },
  {
    key: 'operations',
    label: 'Labores e insumos',
    icon: <ToolOutlined />,
    children: [
      { key: 'work-orders', label: 'Órdenes de trabajo', route: '/orden-de-trabajo' },
      {
        key: 'recipes',
        label: 'Recetas agronómicas',
        route: '/recetas-agronomicas',
        // Linked account => list; add-on only => recipe login is decided by the recipes page itself.
        to: (s) => (hasAddon(s.addons, 'Recetas') ? '/recetas-agronomicas' : '/adquirir-adicionales'),
      },
      { key: 'warehouses', label: 'Depósitos', route: '/inventario-depositos' },
      { key: 'supplies', label: 'Listado de insumos', route: '/inventario-insumos' },
      { key: 'stock', label: 'Stock de insumos', route: '/inventario-stock' },
    ],
  },
  {
    key: 'grains',
    label: 'Comercialización de granos',
    icon: <GoldOutlined />,
    children: [
      { key: 'movements', label: 'Movimientos', route: '/granos/movimientos' },
      { key: 'grain-stocks', label: 'Stocks', route: '/granos/stocks' },
      { key: 'contracts', label: 'Contratos', route: '/contratos' },
    ],
  },
  {
    key: 'field-records',
    label: 'Registros de campo',
    icon: <CloudOutlined />,
    children: [
      { key: 'rains', label: 'Lluvias', route: '/lluvias' },
      { key: 'monitorings', label: 'Monitoreos', route: '/monitoreos' },
      { key: 'notes', label: 'Notas', route: '/notas' },
    ],
  },
  { key: 'livestock', label: 'Ganadería', icon: <AppstoreOutlined />, route: '/ganaderia' },
  { key: 'reports', label: 'Reportes', icon: <BarChartOutlined />, route: '/reportes' },
  {
    key: 'settings',
    label: 'Configuración',
    icon: <SettingOutlined />,
    children: [
      { key: 'resources', label: 'Mis recursos', route: '/mis-recursos' },
      { key: 'team', label: 'Equipo', route: '/equipo' },
      { key: 'users', label: 'Usuarios', route: '/usuarios' },
      { key: 'workspaces', label: 'Espacios de trabajo', route: '/espacio-trabajo' },
      { key: 'profile', label: 'Mi perfil', route: '/mi-perfil' },
    ],
  },
  { key: 'store', label: 'Tienda de insumos', icon: <ShopOutlined />, route: '/tienda-de-insumos' },
  {
    key: 'field-mapping',
    label: 'Ambientaciones',
    icon: <EnvironmentOutlined />,
    // token, add-on Ambientaciones, not the trial (doc 1 §2.2)
    when: fieldMappingMenuVisible,
    external: () => LINKS.fieldMapping,
  },
  { key: 'logout', label: 'Cerrar sesión', icon: <LogoutOutlined />, to: () => '/salir' },
];

function linkVisible(link: MenuLink, session: Session): boolean {
  if (link.when && !link.when(session)) return false;
  if (!link.route) return true;
  const route = routeByPath(link.route);
  return Boolean(route && isPrivate(route) && isVisible(route, session));
}

/** The menu this session may see: hidden items dropped, groups without items dropped. */
export function visibleMenu(session: Session, menu: MenuEntry[] = MENU): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of menu) {
    if (isGroup(entry)) {
      const children = entry.children.filter((c) => linkVisible(c, session));
      if (children.length > 0) out.push({ ...entry, children });
    } else if (linkVisible(entry, session)) {
      out.push(entry);
    }
  }
  return out;
}

/** Target path of a menu link. */
export function linkTarget(link: MenuLink, session: Session): string {
  if (link.to) return link.to(session);
  return link.route ?? '/home';
}
