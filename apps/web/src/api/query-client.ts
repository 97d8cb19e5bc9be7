import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

/** Server data lives in TanStack Query only (CONVENTIONS "Web"). A 4xx is never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
