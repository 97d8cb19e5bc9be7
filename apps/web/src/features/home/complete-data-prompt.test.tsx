import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@fm/domain';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { getSession, type Session } from '../../session/session-store';
import { COMPLETE_DATA_TEXT, CompleteDataPrompt } from './components/complete-data-prompt';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function signInAs(user: Partial<Session['user']>) {
  const base = signIn();
  signIn({ session: { user: { ...base.user, ...user } } });
}

/** PUT users answers `answers` in turn. */
function server(answers: { status?: number; body: unknown }[]) {
  return mockApi((url, init) => (url.pathname === '/fm/v1/users' && init?.method === 'PUT' ? answers.shift() : undefined));
}

const saved = (phone: string) => envelope([{ user_id: 7, name: 'Ana', last_name: 'Pérez', phone, sign_in_method: 'Local' }], { message: MSG.profileOk });

describe('Completá tus datos on home (spec doc 1 §2.7)', () => {
  it.each([
    ['Local', null, true],
    ['Google', null, true],
    ['Google', '', true],
    ['Apple', null, false],
    ['SSO', null, false],
    ['Local', '+5492494123456', false],
  ])('sign-in method %s with phone %j: shown %s', (method, phone, shown) => {
    signInAs({ sign_in_method: method, phone });
    renderWithProviders(<CompleteDataPrompt />);
    expect(screen.queryByText(COMPLETE_DATA_TEXT) !== null).toBe(shown);
  });

  it('is not shown while the sign-up is pending: Completá tu registro asks for the phone then', () => {
    signInAs({ sign_in_method: 'Google', phone: null, signup_completed: false });
    renderWithProviders(<CompleteDataPrompt />);
    expect(screen.queryByText(COMPLETE_DATA_TEXT)).not.toBeInTheDocument();
  });

  it('Cerrar hides it for the rest of the session', async () => {
    signInAs({ phone: null });
    const first = renderWithProviders(<CompleteDataPrompt />);
    fireEvent.click(within(screen.getByTestId('complete-data-prompt')).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByText(COMPLETE_DATA_TEXT)).not.toBeInTheDocument());
    expect(sessionStorage.getItem('fm.complete-data.later')).toBe('1');
    first.unmount();
    renderWithProviders(<CompleteDataPrompt />);
    expect(screen.queryByText(COMPLETE_DATA_TEXT)).not.toBeInTheDocument();
  });

  it('validates the phone, says the failure text on a server error, then saves it normalised and disappears', async () => {
    signInAs({ phone: null });
    const api = server([{ status: 500, body: { success: false, status: 500, data: null, message: 'Error interno' } }, { body: saved('+5492214567890') }]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<CompleteDataPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar teléfono' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MSG.phoneEmpty)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Teléfono'), { target: { value: '0221 15-456-7890' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.profileError)).toBeInTheDocument();
    expect(getSession()?.user.phone).toBeNull();
    expect(screen.getByText(COMPLETE_DATA_TEXT)).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.profileOk)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(COMPLETE_DATA_TEXT)).not.toBeInTheDocument());
    expect(getSession()?.user.phone).toBe('+5492214567890');
    const puts = api.calls.filter((c) => c.init?.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(JSON.parse(String(puts[1].init?.body))).toEqual({ phone: '+5492214567890' });
  });

  it('puts a 422 under the phone field and keeps the dialog open', async () => {
    signInAs({ phone: null });
    const api = server([{ status: 422, body: { success: false, status: 422, data: null, message: 'Datos inválidos', detail: [{ loc: ['body', 'phone'], msg: MSG.phoneEmpty }] } }]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<CompleteDataPrompt />);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar teléfono' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Teléfono'), { target: { value: '2494 123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(MSG.phoneEmpty)).toBeInTheDocument();
    expect(screen.queryByText(MSG.profileError)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
