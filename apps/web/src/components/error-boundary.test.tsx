import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ErrorBoundary } from './error-boundary';
import { mockApi } from '../test/fixtures';
import { renderWithProviders } from '../test/render';

function Broken(): never {
  throw new Error('falla de prueba');
}

describe('ErrorBoundary', () => {
  it('shows the spec dialog and reports the error to POST users/errors', async () => {
    const api = mockApi((url) => (url.pathname === '/fm/v1/users/errors' ? { body: { success: true, status: 200, data: [] } } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Ha ocurrido un error')).toBeInTheDocument();
    expect(screen.getByText('Por favor cierre sesión e intente nuevamente')).toBeInTheDocument();
    expect(screen.getByText('Cerrar sesión')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((c) => c.url.pathname === '/fm/v1/users/errors')).toBe(true));
    const call = api.calls.find((c) => c.url.pathname === '/fm/v1/users/errors');
    expect(JSON.parse(String(call?.init?.body))).toMatchObject({ message: 'falla de prueba', path: '/' });
  });
});
