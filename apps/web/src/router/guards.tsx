import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { Skeleton } from 'antd';
import { useSession } from '../session/hooks';
import { NotFound } from '../components/status/not-found';
import { AccessDenied } from '../components/status/access-denied';
import { MOBILE_SSO_HOME, routeAccess } from './access';
import { pageComponent } from './page-loader';
import type { AppRoute, PrivateRoute, RouteHandle } from './route-types';

const APP_NAME = 'Gestión Agro';

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);
}

export function PageFallback() {
  return <Skeleton active paragraph={{ rows: 6 }} style={{ padding: 24 }} />;
}

/** Renders the lazy page of a route. */
export function RoutePage({ route }: { route: AppRoute }) {
  useDocumentTitle(route.title);
  const Page = pageComponent(route);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page />
    </Suspense>
  );
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
      return <RoutePage route={route} />;
  }
}

function fromState(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) {
    return state.from;
  }
  return undefined;
}

/** Public routes: a signed-in user is sent home (or back to the page that asked for sign-in). */
export function PublicOnly() {
  const session = useSession();
  const location = useLocation();
  if (session) return <Navigate to={fromState(location.state) ?? '/home'} replace />;
  return <Outlet />;
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
