// antd's prebuilt component styles (zero-runtime mode, APP_THEME.zeroRuntime): this chunk's CSS, which Vite loads
// before the chunk runs, so no antd screen draws unstyled; the login page, drawn without antd, never loads it
import 'antd/dist/antd.css';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { FeedbackBridge } from './components/feedback/feedback-bridge';
import { markAntdHostReady, requestAntdHost } from './components/feedback/antd-host';
import { LoadingOverlay } from './components/loading-overlay/loading-overlay';
import { ErrorBoundary } from './components/error-boundary';
import { createQueryClient } from './api/query-client';
import { APP_LOCALE } from './app-locale';

dayjs.locale('es');

const PICKERS = new Set(['Select', 'Cascader', 'TreeSelect', 'AutoComplete']);

/** Empty states: pickers 'No hay opciones', lists and tables 'Sin resultados' (spec doc 1 §2.5). */
function renderEmpty(componentName?: string): ReactNode {
  return <div style={{ textAlign: 'center', padding: 8 }}>{componentName && PICKERS.has(componentName) ? 'No hay opciones' : 'Sin resultados'}</div>;
}

const SELECTED_BG = '#e8f5e9';

/** People who ask the system for less motion get none: antd's slides, fades and zooms are switched off. */
const PREFERS_REDUCED_MOTION = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export const APP_THEME = {
  algorithm: theme.defaultAlgorithm,
  // styles come from antd/dist/antd.css instead of being generated and injected while the first screen renders
  // (about half of the main-thread work of a signed-in load); our tokens still apply, as CSS variables
  zeroRuntime: true,
  token: {
    colorPrimary: '#2e7d32',
    colorLink: '#2e7d32',
    borderRadius: 8,
    controlItemBgActive: SELECTED_BG,
    controlItemBgActiveHover: '#dcedc8',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    // secondary text (Typography type="secondary", descriptions): antd's 0.45 gives 3.4:1 on white, below WCAG AA
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // warning text (Typography type="warning", e.g. 'Datos de ejemplo' on home): gold-6 is 1.9:1 on white; gold-9 is 7:1
    colorWarningText: '#874d00',
    motion: !PREFERS_REDUCED_MOTION,
  },
  components: {
    Menu: { itemSelectedBg: SELECTED_BG, itemSelectedColor: '#1b5e20', itemActiveBg: '#f1f8e9', subMenuItemBg: 'transparent' },
    Select: { optionSelectedBg: SELECTED_BG },
  },
};

const NOTIFICATION = { placement: 'bottomRight', maxCount: 4 } as const;
const MESSAGE = { maxCount: 3 };

/** es_ES locale in our voice and the theme. */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={APP_LOCALE} theme={APP_THEME} renderEmpty={renderEmpty}>
      {children}
    </ConfigProvider>
  );
}

/** Providers every screen needs: es_ES locale in our voice, theme, toasts at bottom-right, TanStack Query, overlay. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <AntdTheme>
      <AntApp notification={NOTIFICATION} message={MESSAGE}>
        <FeedbackBridge />
        <QueryClientProvider client={client}>
          <ErrorBoundary>{children}</ErrorBoundary>
          <LoadingOverlay />
        </QueryClientProvider>
      </AntApp>
    </AntdTheme>
  );
}

function HostReady() {
  useEffect(() => markAntdHostReady(), []);
  return null;
}

/**
 * Mounted once beside the router (main.tsx) when antd is first needed: the toasts and confirm dialogs every
 * screen raises through `toast`/`confirm`, and the CARGANDO... overlay. Outside the route tree, a toast outlives
 * the screen that raised it (a sign-in screen without antd hands over to the antd area).
 */
export function FeedbackHost() {
  return (
    <AntdTheme>
      <AntApp notification={NOTIFICATION} message={MESSAGE}>
        <FeedbackBridge />
        <LoadingOverlay />
        <HostReady />
      </AntApp>
    </AntdTheme>
  );
}

const queryClient = createQueryClient();

/**
 * Layout route of every screen built with antd: theme, TanStack Query and the error boundary. Under
 * <AppProviders> (the tests) those are already there.
 */
export function AntdRoot() {
  const outer = useContext(QueryClientContext);
  useEffect(() => {
    if (!outer) void requestAntdHost();
  }, [outer]);
  if (outer) return <Outlet />;
  return (
    <AntdTheme>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary>
            <Outlet />
          </ErrorBoundary>
        </QueryClientProvider>
      </AntApp>
    </AntdTheme>
  );
}
