import { can, hasAddon } from '@fm/domain';
import type { Session } from '../session/session-store';
import type { PrivateRoute } from './route-types';

export type Access = 'ok' | 'not-found' | 'denied' | 'addons' | 'sso-limited';

/** Paths a mobile single-sign-on session may open (spec doc 1 §2.1); others go to the sowing plan. */
const MOBILE_SSO_PREFIXES = ['/plan-de-siembra', '/home', '/salir'];
export const MOBILE_SSO_HOME = '/plan-de-siembra';

/**
 * Route access rule (spec doc 1 §2.3): module read missing => ¡Acceso denegado!, flag off => 404!,
 * add-on missing on reports/recipes => add-ons screen (doc 1 §6).
 * The permission is checked first: a user without the module is told to ask the owner for it
 * whether or not that module is switched on in this installation.
 */
export function routeAccess(route: PrivateRoute, session: Session | null): Access {
  if (!session) return 'denied';
  if (session.sso?.mobile && !MOBILE_SSO_PREFIXES.some((p) => route.path.startsWith(p))) return 'sso-limited';
  if (route.module && !can(session.permission, route.module, 'read')) return 'denied';
  if (!session.flags[route.flag]) return 'not-found';
  if (route.addon && !hasAddon(session.addons, route.addon)) return 'addons';
  return 'ok';
}

/** A menu entry shows only when its route would open (the add-on redirect still counts as reachable). */
export function isVisible(route: PrivateRoute, session: Session | null): boolean {
  const access = routeAccess(route, session);
  return access === 'ok' || access === 'addons';
}
