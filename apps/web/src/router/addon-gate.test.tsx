import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { REPORT_ADDONS, type SessionAddon } from '@fm/domain';
import { envelope, flags, mockApi, signIn } from '../test/fixtures';
import { renderApp } from '../test/render';
import { routeAccess } from './access';
import { routeByPath } from './routes';
import { isPrivate, type PrivateRoute } from './route-types';

function privateRoute(path: string): PrivateRoute {
  const r = routeByPath(path);
  if (!r || !isPrivate(r)) throw new Error(`no private route ${path}`);
  return r;
}

const addon = (name: string, quantity: number): SessionAddon => ({ addon_id: 1, name, quantity, available: quantity, used: 0 });
const ON = flags(['home', 'store', 'logout', 'addons', 'reports', 'agro_recipes', 'notifications', 'profile']);

afterEach(() => vi.unstubAllGlobals());

describe('add-on gate of reports and recipes (spec doc 1 §6, doc 3 §6)', () => {
  it('sends reports and recipes to the add-ons screen while their add-on quantity is 0', () => {
    const base = signIn({ flags: ON });
    for (const path of ['/reportes', '/reportes/:report']) {
      expect(routeAccess(privateRoute(path), { ...base, addons: [] })).toBe('addons');
      expect(routeAccess(privateRoute(path), { ...base, addons: [addon('Reportes', 0), addon(REPORT_ADDONS[0].name, 0)] })).toBe('addons');
      expect(routeAccess(privateRoute(path), { ...base, addons: [addon(REPORT_ADDONS[0].name, 1)] })).toBe('ok');
      expect(routeAccess(privateRoute(path), { ...base, addons: [addon('Reportes', 2)] })).toBe('ok');
    }
    for (const path of ['/recetas-agronomicas', '/iniciar-sesion-recetas-agronomicas']) {
      expect(routeAccess(privateRoute(path), { ...base, addons: [addon('Recetas', 0)] })).toBe('addons');
      expect(routeAccess(privateRoute(path), { ...base, addons: [addon('Recetas', 1)] })).toBe('ok');
    }
  });

  it('redirects the page to /adquirir-adicionales', { timeout: 60_000 }, async () => {
    signIn({ flags: ON });
    const api = mockApi((url) => (url.pathname === '/fm/v1/notifications/web' ? { body: envelope([], { unread_count: 0 }) } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    const { router } = renderApp('/reportes');
    await waitFor(() => expect(router.state.location.pathname).toBe('/adquirir-adicionales'));
    expect(await screen.findByRole('button', { name: 'Adquirir Reportes' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
