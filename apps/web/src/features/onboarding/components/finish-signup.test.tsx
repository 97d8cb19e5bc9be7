import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@fm/domain';
import { envelope, mockApi, signIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { pickOption } from '../../../test/antd';
import { getSession } from '../../../session/session-store';

afterEach(() => vi.unstubAllGlobals());

/** A user a first Google sign-in created: name and last name only, sign-up pending. */
function signInExternal() {
  const base = signIn();
  signIn({
    session: {
      user: { ...base.user, name: 'Rocío', last_name: 'Luna', phone: null, occupation: null, city_id: null, sign_in_method: 'Google', signup_completed: false, onboarding_completed: false },
    },
  });
}

/** geo-locations for the pickers; PUT users/signup answers `finish` in turn. */
function server(finish: { status?: number; body: unknown }[]) {
  return mockApi((url, init) => {
    if (url.pathname === '/fm/v1/geo-locations') {
      if (url.searchParams.has('country_id')) return { body: envelope([{ state_id: 6, name: 'Buenos Aires' }]) };
      if (url.searchParams.has('state_id')) return { body: envelope([{ district_id: 623, name: 'Pergamino' }]) };
      if (url.searchParams.has('district_id')) return { body: envelope([{ city_id: 4321, name: 'Pergamino' }]) };
    }
    if (url.pathname === '/fm/v1/users/signup' && init?.method === 'PUT') return finish.shift();
    return undefined;
  });
}

describe('Completá tu registro (spec doc 1 §3 finish signup, §5)', () => {
  // the whole app renders here: on a machine shared by several test runs this takes 30-40 s, so the ceiling is generous
  it('comes before the onboarding offer, maps a 422 onto the field, sends no blank password, then gives way to the onboarding', { timeout: 90_000 }, async () => {
    signInExternal();
    const api = server([
      { status: 422, body: { success: false, status: 422, data: null, message: MSG.localityRequired, detail: [{ loc: ['body', 'city_id'], msg: MSG.localityRequired }] } },
      { body: envelope([{ user_id: 7, name: 'Rocío', last_name: 'Luna', phone: '+5492214567890', occupation: 'Asesor', city_id: 4321, signup_completed: true, onboarding_completed: false }], { message: MSG.signupCompleted }) },
    ]);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/home');

    // the home page is a lazy chunk: the first render transforms it
    const title = await screen.findByText('Completá tu registro', {}, { timeout: 15_000 });
    const modal = title.closest<HTMLElement>('.ant-modal');
    if (!modal) throw new Error('sin modal');
    expect(screen.queryByText('Cargar mis datos')).not.toBeInTheDocument();
    expect(within(modal).getByLabelText('Nombre')).toHaveValue('Rocío');
    expect(within(modal).getByLabelText('Apellido')).toHaveValue('Luna');
    expect(within(modal).getByText('Cerrar sesión').closest('a')).toHaveAttribute('href', '/salir');

    fireEvent.change(within(modal).getByLabelText('Teléfono'), { target: { value: '0221 15-456-7890' } });
    await pickOption('Ocupación', 'Asesor', modal);
    await pickOption('Provincia', 'Buenos Aires', modal);
    await pickOption('Partido o departamento', 'Pergamino', modal);
    await pickOption('Localidad', 'Pergamino', modal);
    // a password typed and cleared again is left out, as if never touched
    fireEvent.change(within(modal).getByLabelText('Contraseña'), { target: { value: 'abc' } });
    fireEvent.change(within(modal).getByLabelText('Contraseña'), { target: { value: '' } });

    fireEvent.click(within(modal).getByRole('button', { name: 'Completar registro' }));
    // the server's 422 lands under Localidad
    await waitFor(() => expect(modal.querySelector('#finish-signup_city_id_help')?.textContent).toBe(MSG.localityRequired));
    expect(getSession()?.user.signup_completed).toBe(false);

    fireEvent.click(within(modal).getByRole('button', { name: 'Completar registro' }));
    expect(await screen.findByText('Cargar mis datos')).toBeInTheDocument();
    expect(await screen.findByText(MSG.signupCompleted)).toBeInTheDocument();
    expect(screen.queryByText('Completá tu registro')).not.toBeInTheDocument();
    expect(getSession()?.user).toMatchObject({ signup_completed: true, phone: '+5492214567890', city_id: 4321 });

    const puts = api.calls.filter((c) => c.url.pathname === '/fm/v1/users/signup');
    expect(puts).toHaveLength(2);
    expect(JSON.parse(String(puts[1].init?.body))).toEqual({
      name: 'Rocío',
      last_name: 'Luna',
      phone: '+5492214567890',
      occupation: 'Asesor',
      city_id: 4321,
      first_login_mobile: false,
    });
  });
});
