import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@fm/domain';
import { envelope, mockApi, sessionPayload } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { getSession } from '../../../session/session-store';

function submit() {
  fireEvent.click(screen.getByText('Ingresar', { selector: 'button span' }));
}

async function renderLogin() {
  const r = renderApp('/');
  await screen.findByText('Inicia sesión', { selector: 'h2' });
  return r;
}

describe('login screen (spec doc 1 §2.6, §5)', () => {
  it('shows the required messages under the fields and in one warning', async () => {
    vi.stubGlobal('fetch', mockApi(() => undefined).fetchMock);
    await renderLogin();
    submit();
    expect(await screen.findAllByText(MSG.emailRequired)).not.toHaveLength(0);
    expect(screen.getAllByText(MSG.passwordRequired)).not.toHaveLength(0);
    await waitFor(() => {
      const toast = document.querySelector('.ant-notification-notice-description');
      expect(toast?.textContent).toBe(`${MSG.emailRequired}\n${MSG.passwordRequired}`);
    });
  });

  it('checks the e-mail format and the 6-character minimum', async () => {
    vi.stubGlobal('fetch', mockApi(() => undefined).fetchMock);
    await renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: '123' } });
    submit();
    expect(await screen.findAllByText(MSG.emailFormat)).not.toHaveLength(0);
    expect(screen.getAllByText(MSG.passwordMinLogin)).not.toHaveLength(0);
  });

  it('has the spec elements', async () => {
    vi.stubGlobal('fetch', mockApi(() => undefined).fetchMock);
    await renderLogin();
    for (const text of ['Recordar', 'Reenviar', 'Reestablecer', 'Ingresar con Google', 'Ingresar con Apple', 'Registrate aquí']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByText('Reestablecer').closest('a')).toHaveAttribute('href', '/restablecer-password');
    expect(screen.getByText('Registrate aquí').closest('a')).toHaveAttribute('href', '/register');
  });

  it('shows the server message on wrong credentials', async () => {
    const api = mockApi((url) =>
      url.pathname === '/fm/v1/users/signin'
        ? { status: 401, body: { success: false, status: 401, data: null, message: MSG.invalidCredentials } }
        : undefined,
    );
    vi.stubGlobal('fetch', api.fetchMock);
    await renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@campo.com.ar' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta1' } });
    submit();
    expect(await screen.findByText(/El email o la contraseña son incorrectos/)).toBeInTheDocument();
    expect(getSession()).toBeNull();
  });

  it('signs in, stores the session (Recordar on => localStorage) and goes home', async () => {
    const api = mockApi((url) => {
      if (url.pathname === '/fm/v1/users/signin') return { body: envelope([sessionPayload()]) };
      if (url.pathname === '/fm/v1/notifications/web') return { body: envelope([]) };
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const { router } = await renderLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ana@Campo.com.ar ' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'secreta1' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const signinCall = api.calls.find((c) => c.url.pathname === '/fm/v1/users/signin');
    expect(JSON.parse(String(signinCall?.init?.body))).toEqual({ email: 'ana@campo.com.ar', password: 'secreta1' });
    expect(signinCall?.url.searchParams.has('workspace_id')).toBe(false);
    expect(getSession()?.workspaceId).toBe(3);
    expect(localStorage.getItem('fm.session')).toContain('test-token');
  });
});
