import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Skeleton } from 'antd';
import { useSession } from '../session/hooks';
import { NotFound } from '../components/status/not-found';
import { AccessDenied } from '../components/status/access-denied';
import { MOBILE_SSO_HOME, routeAccess } from './access';
import { RoutePage } from './guards';
import type { AppRoute, PrivateRoute, RouteHandle } from './route-types';

export { NotFound };
export { RouteError } from '../components/error-boundary';

/** The antd side of the route tree (loaded after the entry, see router.tsx). */

export function PageFallback() {
  return <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 24 }} />;
}

/** A page inside the antd area, with the skeleton while its chunk loads. */
export function AntdRoutePage({ route }: { route: AppRoute }) {
  return <RoutePage route={route} fallback={<PageFallback />} />;
}

/** Applies the access rule (spec doc 1 §2.3) before rendering a signed-in page. */
export function PrivatePage({ route }: { route: PrivateRoute }) {
  const session = useSession();
  switch (routeAccess(route, session)) {
    case 'not-found':
      return <NotFound />;
    case 'denied':
      return <AccessDenied />;
    case 'addons':
      return <Navigate to="/adquirir-adicionales" replace />;
    case 'sso-limited':
      return <Navigate to={MOBILE_SSO_HOME} replace />;
    default:
      return <AntdRoutePage route={route} />;
  }
}

/** Signed-in area: without a session a known route goes to sign-in (and back after it); an unknown one shows 404!. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  if (session) return <Outlet />;
  const notFound = matches.some((m) => (m.handle as RouteHandle | undefined)?.notFound);
  if (notFound) return <NotFound />;
  return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
}
