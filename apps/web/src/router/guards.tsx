import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/hooks';
import { pageComponent } from './page-loader';
import type { AppRoute } from './route-types';

/**
 * Guards the entry chunk holds: no antd here (the sign-in screen loads without it). The signed-in area's guards
 * are in antd-area.tsx.
 */

const APP_NAME = 'Gestión Agro';

function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${APP_NAME}`;
  }, [title]);
}

/**
 * Renders the lazy page of a route. The boundary is keyed by the route so that a navigation between two routes
 * shows the fallback instead of keeping the previous page on screen under the new URL (a transition keeps revealed
 * content of the same boundary).
 */
export function RoutePage({ route, fallback = null }: { route: AppRoute; fallback?: ReactNode }) {
  useDocumentTitle(route.title);
  const Page = pageComponent(route);
  return (
    <Suspense key={route.path} fallback={fallback}>
      <Page />
    </Suspense>
  );
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
