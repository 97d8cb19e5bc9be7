import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { envelope, mockApi, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { getSession } from '../../../session/session-store';

const TOKEN = 'Zm9vYmFyYmF6cXV4LXF1dXgtX2NvZGVfMTIzNDU2Nzg';
const CONFIRM = '/fm/v1/users/email/confirm';

describe('/confirmar-mail/:token (the link mailed to a new address)', () => {
  it('confirms once, signed in or not, and drops the session the change revoked', async () => {
    signIn();
    const api = mockApi((url, init) => (url.pathname === CONFIRM && init?.method === 'POST' ? { body: envelope([{ email: 'nueva@campo.test' }]) } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(`/confirmar-mail/${TOKEN}`);
    expect(await screen.findByText('¡Tu email se cambió!')).toBeInTheDocument();
    expect(screen.getByText('Ingresá con nueva@campo.test.')).toBeInTheDocument();
    const calls = api.calls.filter((c) => c.url.pathname === CONFIRM);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ token: TOKEN });
    // the public call carries no bearer token
    expect(new Headers(calls[0].init?.headers).get('Authorization')).toBeNull();
    await waitFor(() => expect(getSession()).toBeNull());
  });

  it('shows the server message when the link is spent or expired', async () => {
    const message = 'El enlace para confirmar el email no es válido o ha expirado';
    const api = mockApi((url) => (url.pathname === CONFIRM ? { status: 400, body: { success: false, status: 400, data: null, message } } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(`/confirmar-mail/${TOKEN}`);
    expect(await screen.findByText('No pudimos confirmar tu nuevo email')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(message))).toBeInTheDocument();
  });
});
