import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { ROUTES } from './routes';
import { isPrivate, type RouteHandle } from './route-types';
import { PrivatePage, PublicOnly, RequireAuth, RoutePage } from './guards';
import { AppLayout } from '../shell/app-layout';
import { NotFound } from '../components/status/not-found';
import { RouteError } from '../components/error-boundary';
import { setUnauthorizedHandler } from '../api/client';

function handle(h: RouteHandle): RouteHandle {
  return h;
}

/** React-router objects built from the route table (shared by the app and the tests). */
export function buildRouteObjects(): RouteObject[] {
  const publicRoutes = ROUTES.filter((r) => r.access === 'public');
  const openRoutes = ROUTES.filter((r) => r.access === 'open');
  const privateRoutes = ROUTES.filter(isPrivate);
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      children: [
        {
          element: <PublicOnly />,
          children: publicRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} />, handle: handle({ route }) })),
        },
        ...openRoutes.map((route) => ({ path: route.path, element: <RoutePage route={route} />, handle: handle({ route }) })),
        {
          element: <RequireAuth />,
          children: [
            {
              element: <AppLayout />,
              children: [
                ...privateRoutes.map((route) => ({ path: route.path, element: <PrivatePage route={route} />, handle: handle({ route }) })),
                { path: '*', element: <NotFound />, handle: handle({ notFound: true }) },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRouteObjects());
  setUnauthorizedHandler(() => {
    void router.navigate('/salir', { replace: true });
  });
  return router;
}
