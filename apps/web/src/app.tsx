import { useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { FeedbackBridge } from './components/feedback/feedback-bridge';
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

export const APP_THEME = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#2e7d32',
    colorLink: '#2e7d32',
    borderRadius: 8,
    controlItemBgActive: SELECTED_BG,
    controlItemBgActiveHover: '#dcedc8',
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
  },
  components: {
    Menu: { itemSelectedBg: SELECTED_BG, itemSelectedColor: '#1b5e20', itemActiveBg: '#f1f8e9', subMenuItemBg: 'transparent' },
    Select: { optionSelectedBg: SELECTED_BG },
  },
};

/** Providers every screen needs: es_ES locale in our voice, theme, toasts at bottom-right, TanStack Query, overlay. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ConfigProvider locale={APP_LOCALE} theme={APP_THEME} renderEmpty={renderEmpty}>
      <AntApp notification={{ placement: 'bottomRight', maxCount: 4 }} message={{ maxCount: 3 }}>
        <FeedbackBridge />
        <QueryClientProvider client={client}>
          <ErrorBoundary>{children}</ErrorBoundary>
          <LoadingOverlay />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
