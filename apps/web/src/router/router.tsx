import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, type RouteObject } from 'react-router';
import { ROUTES } from './routes';
import { isPrivate, type AppRoute, type PrivateRoute, type RouteHandle } from './route-types';
import { PublicOnly, RoutePage } from './guards';
import { setUnauthorizedHandler } from '../api/client';
import { getSession } from '../session/session-store';
import { resolvePage } from './page-loader';
import { SignedInFrame } from './signed-in-frame';
import { prefetchScreen } from './prefetch';
import { AfterFirstPaint, afterFirstPaint } from './first-paint';

function handle(h: RouteHandle): RouteHandle {
  return h;
}

/**
 * The entry chunk holds React, the router, the session and the sign-in screen; antd (AntdRoot and the guards of
 * antd-area.tsx) and the signed-in shell load with the first route that needs them. Keep antd imports out of
 * this file and of guards.tsx.
 */
const antdArea = () => import('./antd-area');
const AntdRoot = lazy(() => import('../app').then((m) => ({ default: m.AntdRoot })));
const AppLayout = lazy(() => import('../shell/app-layout').then((m) => ({ default: m.AppLayout })));
const AntdRoutePage = lazy(() => antdArea().then((m) => ({ default: m.AntdRoutePage })));
const PrivatePage = lazy(() => antdArea().then((m) => ({ default: m.PrivatePage })));
const RequireAuth = lazy(() => antdArea().then((m) => ({ default: m.RequireAuth })));
const NotFound = lazy(() => antdArea().then((m) => ({ default: m.NotFound })));
const RouteError = lazy(() => antdArea().then((m) => ({ default: m.RouteError })));

function later(element: ReactNode): ReactNode {
  return <Suspense fallback={null}>{element}</Suspense>;
}

/**
 * The signed-in layers draw the shell's plain frame while they load (signed-in-frame.tsx); their code starts
 * loading once that frame is on screen (first-paint.ts).
 */
function framed(element: ReactNode): ReactNode {
  return (
    <Suspense fallback={<SignedInFrame />}>
      <AfterFirstPaint>{element}</AfterFirstPaint>
    </Suspense>
  );
}

/** Public screens drawn without antd (the sign-in screen: login-page.tsx). */
const WITHOUT_ANTD = new Set(['/']);

function page(route: AppRoute): RouteObject {
  return { path: route.path, element: later(<AntdRoutePage route={route} />), handle: handle({ route }) };
}

function privatePage(route: PrivateRoute): RouteObject {
  return { path: route.path, element: later(<PrivatePage route={route} />), handle: handle({ route }) };
}

/** React-router objects built from the route table (shared by the app and the tests). */
export function buildRouteObjects(): RouteObject[] {
  const publicRoutes = ROUTES.filter((r) => r.access === 'public');
  const openRoutes = ROUTES.filter((r) => r.access === 'open');
  const privateRoutes = ROUTES.filter(isPrivate);
  return [
    {
      element: <Outlet />,
      errorElement: later(<RouteError />),
      children: [
        {
          element: <PublicOnly />,
          children: [
            ...publicRoutes
              .filter((route) => WITHOUT_ANTD.has(route.path))
              .map((route) => ({ path: route.path, element: <RoutePage route={route} />, handle: handle({ route }) })),
            { element: later(<AntdRoot />), children: publicRoutes.filter((route) => !WITHOUT_ANTD.has(route.path)).map(page) },
          ],
        },
        {
          element: framed(<AntdRoot />),
          children: [
            ...openRoutes.map(page),
            {
              element: framed(<RequireAuth />),
              children: [
                {
                  element: framed(<AppLayout />),
                  children: [...privateRoutes.map(privatePage), { path: '*', element: later(<NotFound />), handle: handle({ notFound: true }) }],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * A signed-in load fetches the antd root, the guards, the shell and the page's feature in parallel instead of one
 * after the other as each lazy layout renders (the lazy components reuse these same imports), and starts the
 * screen's first API calls alongside (prefetch.ts), as soon as the frame is painted (first-paint.ts).
 */
function preloadSignedIn(routes: RouteObject[]): void {
  const session = getSession();
  if (!session) return;
  const matched = matchRoutes(routes, window.location);
  const route = matched?.map((m) => (m.route.handle as RouteHandle | undefined)?.route).find(Boolean);
  if (!route || route.access === 'public') return;
  const ignore = () => undefined; // a failed preload fails again, visibly, when the lazy component renders
  void afterFirstPaint().then(() => {
    import('../app').catch(ignore);
    antdArea().catch(ignore);
    if (route.access !== 'open') {
      import('../shell/app-layout').catch(ignore);
      prefetchScreen(route.path, session);
    }
    resolvePage(route).catch(ignore);
  });
}

export function createAppRouter() {
  const routes = buildRouteObjects();
  preloadSignedIn(routes);
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler(() => {
    void router.navigate('/salir', { replace: true });
  });
  return router;
}
