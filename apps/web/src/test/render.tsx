import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app';
import { buildRouteObjects } from '../router/router';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export function renderWithProviders(ui: ReactElement) {
  return render(<AppProviders queryClient={testQueryClient()}>{ui}</AppProviders>);
}

/** Renders the real route table at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
