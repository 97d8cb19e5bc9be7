import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router/router';
import { isAntdHostWanted, subscribeAntdHost } from './components/feedback/antd-host';
import 'antd/dist/reset.css';
import './styles.css';

// antd and the signed-in shell load with the first screen that needs them (src/router/router.tsx): the entry
// holds only React, the router and the sign-in screen's needs.
const FeedbackHost = lazy(() => import('./app').then((m) => ({ default: m.FeedbackHost })));

function AntdHost() {
  const wanted = useSyncExternalStore(subscribeAntdHost, isAntdHostWanted, isAntdHostWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
    <AntdHost />
  </StrictMode>,
);
