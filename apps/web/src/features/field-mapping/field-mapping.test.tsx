import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { FIELD_MAPPING_MSG, PLAN, type SessionAddon } from '@fm/domain';
import { ApiError } from '../../api/errors';
import { getSession, type Session } from '../../session/session-store';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { visibleMenu } from '../../router/menu';
import { FieldMappingCard, SyncOrderPlotsButton } from './index';
import { plotsSyncSummary, syncPlots } from './sync-plots';

const ADDON: SessionAddon = { addon_id: 6, name: 'Ambientaciones', quantity: 1, available: 1, used: 0 };
const ON = flags(['home', 'store', 'logout', 'profile', 'field_mapping']);

/** A signed-in user with the add-on on PRO; `over` takes one condition away. */
function user(over: { token?: string | null; addons?: SessionAddon[]; plan_id?: number; flag?: boolean } = {}): Session {
  const base = signIn({ flags: { ...ON, field_mapping: over.flag ?? true } });
  const session: Session = {
    ...base,
    addons: over.addons ?? [ADDON],
    plan: { plan_id: over.plan_id ?? PLAN.PRO, end_date: '2099-01-01' },
    user: { ...base.user, field_mapping_token: over.token === undefined ? 'tok-1' : over.token },
  };
  return signIn({ flags: session.flags, session });
}

afterEach(() => vi.unstubAllGlobals());

describe('Ambientaciones in the left menu (spec doc 1 §2.2)', () => {
  const shown = (s: Session) => visibleMenu(s).some((e) => e.label === 'Ambientaciones');
  it('appears with the token, the add-on and a plan other than 3; each missing condition hides it', () => {
    expect(shown(user())).toBe(true);
    expect(shown(user({ token: null }))).toBe(false);
    expect(shown(user({ addons: [] }))).toBe(false);
    expect(shown(user({ addons: [{ ...ADDON, quantity: 0 }] }))).toBe(false);
    expect(shown(user({ plan_id: PLAN.TRIAL }))).toBe(false);
    expect(shown(user({ plan_id: PLAN.FREE }))).toBe(true);
    expect(shown(user({ flag: false }))).toBe(false);
  });
});

describe('Mi perfil: Sincronizar Ambientaciones', () => {
  it('is offered with the add-on and not on the trial, even before the first synchronisation', () => {
    user({ plan_id: PLAN.TRIAL, token: null });
    const trial = renderWithProviders(<FieldMappingCard />);
    expect(screen.queryByTestId('field-mapping-card')).toBeNull();
    trial.unmount();
    user({ addons: [], token: null });
    const without = renderWithProviders(<FieldMappingCard />);
    expect(screen.queryByTestId('field-mapping-card')).toBeNull();
    without.unmount();
    user({ token: null });
    renderWithProviders(<FieldMappingCard />);
    expect(screen.getByRole('button', { name: /Sincronizar Ambientaciones/ })).toBeInTheDocument();
  });

  it('synchronises: the spec toast, and the token lands in the session (the menu entry shows)', async () => {
    user({ token: null });
    const api = mockApi((url, init) => (url.pathname === '/fm/v1/onesoil/user_synchronize' && init?.method === 'POST' ? { body: envelope([{ user_id: 7, field_mapping_token: 'tok-nuevo' }]) } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<FieldMappingCard />);
    fireEvent.click(screen.getByRole('button', { name: /Sincronizar Ambientaciones/ }));
    expect(await screen.findByText(FIELD_MAPPING_MSG.synchronized)).toBeInTheDocument();
    expect(getSession()?.user.field_mapping_token).toBe('tok-nuevo');
    expect(await screen.findByRole('button', { name: /Volver a sincronizar/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Abrir Ambientaciones/ })).toHaveAttribute('target', '_blank');
  });

  it('a refusal shows the server reason (not configured), and the session keeps no token', async () => {
    user({ token: null });
    const api = mockApi(() => ({ status: 503, body: { success: false, status: 503, data: null, message: FIELD_MAPPING_MSG.notConfigured } }));
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<FieldMappingCard />);
    fireEvent.click(screen.getByRole('button', { name: /Sincronizar Ambientaciones/ }));
    expect(await screen.findByText(FIELD_MAPPING_MSG.notConfigured)).toBeInTheDocument();
    expect(getSession()?.user.field_mapping_token).toBeNull();
  });
});

describe('work order: Sincronizar (spec doc 2 §2.7)', () => {
  const plots = [
    { field_id: 11, name: 'Lote 1' },
    { field_id: 12, name: 'Lote 2' },
    { field_id: 11, name: 'Lote 1' },
  ];

  it('shows only with the access (token, add-on, not the trial) and plots to send', () => {
    for (const over of [{ token: null }, { addons: [] }, { plan_id: PLAN.TRIAL }]) {
      user(over);
      const view = renderWithProviders(<SyncOrderPlotsButton plots={plots} />);
      expect(screen.queryByTestId('field-mapping-sync')).toBeNull();
      view.unmount();
    }
    user();
    const empty = renderWithProviders(<SyncOrderPlotsButton plots={[]} />);
    expect(screen.queryByTestId('field-mapping-sync')).toBeNull();
    empty.unmount();
    user();
    renderWithProviders(<SyncOrderPlotsButton plots={plots} />);
    expect(screen.getByRole('button', { name: /Sincronizar/ })).toBeInTheDocument();
  });

  it('pushes each plot once and says how many went through, naming the one that failed', async () => {
    user();
    const api = mockApi((url) => {
      if (url.pathname !== '/fm/v1/onesoil/fields') return undefined;
      return url.searchParams.get('field_id') === '11'
        ? { body: envelope([{ field_id: 11, field_mapping_id: 'OS-1', field_mapping_synced_at: '2026-11-27T10:00:00.000Z' }]) }
        : { status: 422, body: { success: false, status: 422, data: null, message: 'El lote no tiene un contorno cargado.' } };
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderWithProviders(<SyncOrderPlotsButton plots={plots} />);
    fireEvent.click(screen.getByRole('button', { name: /Sincronizar/ }));
    expect(await screen.findByText(/Se sincronizaron 1 de 2 lotes\./)).toBeInTheDocument();
    expect(screen.getByText(/Lote 2: El lote no tiene un contorno cargado\./)).toBeInTheDocument();
    await waitFor(() => expect(api.calls.filter((c) => c.url.pathname === '/fm/v1/onesoil/fields').map((c) => c.url.searchParams.get('field_id'))).toEqual(['11', '12']));
  });

  it('stops at a problem of the account or the service, goes on past a plot of its own', async () => {
    const fail = (status: number) => () => Promise.reject(new ApiError(status, `error ${status}`));
    const seen: number[] = [];
    const stopping = await syncPlots(plots, (id) => (seen.push(id), fail(503)()));
    expect(seen).toEqual([11]);
    expect(plotsSyncSummary(stopping)).toBe('Se sincronizaron 0 de 2 lotes.\nLote 1: error 503');
    const going = await syncPlots([{ field_id: 1, name: 'A' }, { field_id: 2, name: 'B' }], (id) => (id === 1 ? fail(422)() : Promise.resolve()));
    expect(going).toEqual({ synced: 1, total: 2, failures: [{ name: 'A', message: 'error 422' }] });
    expect(plotsSyncSummary({ synced: 1, total: 1, failures: [] })).toBe('Se sincronizó 1 de 1 lote.');
  });
});
