import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCESS_DENIED_WARNING, ownerPermissions } from '@fm/domain';
import { envelope, flags, mockApi, signIn } from '../test/fixtures';
import { renderApp } from '../test/render';
import { routeAccess } from './access';
import { routeByPath } from './routes';
import { isPrivate, type PrivateRoute } from './route-types';
import { visibleMenu, isGroup } from './menu';

function privateRoute(path: string): PrivateRoute {
  const r = routeByPath(path);
  if (!r || !isPrivate(r)) throw new Error(`no private route ${path}`);
  return r;
}

function stubApi() {
  const api = mockApi((url) => (url.pathname === '/fm/v1/notifications/web' ? { body: envelope([]) } : undefined));
  vi.stubGlobal('fetch', api.fetchMock);
}

const withoutSeasons = ownerPermissions().map((p) => (p.module === 'seasons' ? { ...p, read: false } : p));

describe('route access rule (spec doc 1 §2.3)', () => {
  it('flag off => not-found; permission missing => denied; else ok', () => {
    const base = signIn();
    expect(routeAccess(privateRoute('/campanas'), base)).toBe('ok');
    expect(routeAccess(privateRoute('/campanas'), { ...base, flags: { ...base.flags, seasons: false } })).toBe('not-found');
    expect(routeAccess(privateRoute('/campanas'), { ...base, permission: withoutSeasons })).toBe('denied');
    // routes without a module are not checked
    expect(routeAccess(privateRoute('/equipo'), { ...base, permission: withoutSeasons })).toBe('ok');
    // an empty stored list allows everything (spec doc 1 §6)
    expect(routeAccess(privateRoute('/campanas'), { ...base, permission: [] })).toBe('ok');
  });

  it('shows 404! when the flag is off', async () => {
    stubApi();
    signIn({ flags: flags(['home', 'store', 'logout']) });
    renderApp('/campanas');
    expect(await screen.findByText('404!')).toBeInTheDocument();
  });

  it('shows ¡Acceso denegado! when the module permission is missing, and Ir al inicio goes home with the warning', async () => {
    stubApi();
    signIn({ permission: withoutSeasons });
    const { router } = renderApp('/campanas');
    expect(await screen.findByText('¡Acceso denegado!')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Ir al inicio'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(await screen.findByText(ACCESS_DENIED_WARNING)).toBeInTheDocument();
    expect(await screen.findByText('Hola, Ana')).toBeInTheDocument();
  });

  it('shows 404! on an unknown path, signed in or not', async () => {
    stubApi();
    renderApp('/no-existe');
    expect(await screen.findByText('404!')).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a private route to sign-in, and a signed-in visitor of a public route home', async () => {
    stubApi();
    const first = renderApp('/campanas');
    expect(await screen.findByText('Inicia sesión', { selector: 'h2' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/');
    first.unmount();
    signIn();
    const second = renderApp('/register');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/home'));
  });
});

describe('left menu (spec doc 1 §2.5)', () => {
  it('hides items whose route is off or not permitted, and groups left empty', () => {
    const session = signIn({ permission: withoutSeasons.map((p) => (p.module === 'seasons_plans' ? { ...p, read: false } : p)) });
    const menu = visibleMenu(session);
    const labels = menu.map((e) => e.label);
    expect(labels).not.toContain('Planificación');
    expect(labels).not.toContain('Comercialización de granos');
    expect(labels).toEqual(['Home', 'Configuración', 'Tienda de insumos', 'Cerrar sesión']);
    const settings = menu.find((e) => e.label === 'Configuración');
    expect(settings && isGroup(settings) ? settings.children.map((c) => c.label) : []).toEqual([
      'Mis recursos',
      'Equipo',
      'Usuarios',
      'Espacios de trabajo',
      'Mi perfil',
    ]);
  });

  it('shows Planificación with the permitted items only', () => {
    const session = signIn();
    const planning = visibleMenu(session).find((e) => e.label === 'Planificación');
    expect(planning && isGroup(planning) ? planning.children.map((c) => c.label) : []).toEqual(['Campañas', 'Plan de siembra']);
  });
});
