import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ownerPermissions } from '@fm/domain';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useResourceMutations } from '../../features/resources/queries';
import { RowActions, recordActions } from '.';

type Provider = { provider_id: number; name: string; active: boolean };

function Row({ row }: { row: Provider }) {
  const { toggle, onDelete } = recordActions<Provider>(useResourceMutations<Provider>('providers', 'provider_id', 'account'), 'el proveedor', (p) => p.provider_id);
  return <RowActions module="resources" active={row.active} onEdit={() => undefined} onToggle={() => void toggle(row)} onDelete={() => void onDelete(row)} />;
}

function server() {
  return mockApi((url, init) => {
    if (url.pathname !== '/fm/v1/providers') return undefined;
    if (init?.method === 'PUT') return { body: envelope([{ provider_id: 5, name: 'Agroinsumos', active: false }], { message: 'Editado correctamente' }) };
    if (init?.method === 'DELETE') return { status: 409, body: { success: false, status: 409, data: null, message: 'No se puede eliminar el proveedor: está en uso' } };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('RowActions with recordActions', () => {
  it('toggles by sending the inverse of active, and shows a refused delete after the confirm', async () => {
    signIn();
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<Row row={{ provider_id: 5, name: 'Agroinsumos', active: true }} />);

    fireEvent.click(screen.getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText('Editado correctamente')).toBeInTheDocument();
    const put = api.calls.find((c) => c.init?.method === 'PUT');
    expect(put?.url.searchParams.get('provider_id')).toBe('5');
    expect(put?.url.searchParams.get('scope')).toBe('account');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ active: false });

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('dialog', { name: '¿Eliminar el proveedor Agroinsumos?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(await screen.findByText(/No se puede eliminar el proveedor: está en uso/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.init?.method === 'DELETE')).toHaveLength(1));
  });

  it('offers Activar for an inactive record and hides what the permissions do not allow', () => {
    signIn({ permission: ownerPermissions().map((p) => (p.module === 'resources' ? { ...p, delete: false } : p)) });
    const { unmount } = renderWithProviders(<RowActions module="resources" active={false} onEdit={vi.fn()} onToggle={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    unmount();

    signIn({ permission: ownerPermissions().map((p) => (p.module === 'resources' ? { ...p, update: false, delete: false } : p)) });
    renderWithProviders(<RowActions module="resources" active onEdit={vi.fn()} onToggle={vi.fn()} onDelete={vi.fn()} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
