import { FEATURES, ownerPermissions, type FlagSet, type PermissionEntry, type SessionPayload } from '@fm/domain';
import { setSession, type Session } from '../session/session-store';

export function flags(on: readonly string[]): Partial<FlagSet> {
  return Object.fromEntries(FEATURES.map((f) => [f, on.includes(f)]));
}

export function sessionPayload(overrides: Partial<SessionPayload> = {}): SessionPayload {
  return {
    token: 'test-token',
    user: {
      user_id: 7,
      email: 'ana@campo.com.ar',
      name: 'Ana',
      last_name: 'Pérez',
      phone: '+5492494123456',
      occupation: 'Productor',
      city_id: 10,
      sign_in_method: 'Local',
      workspaces: [
        { workspace_id: 3, name: 'La Esperanza', active: true, owner: true },
        { workspace_id: 9, name: 'Campo vecino', active: true, owner: false },
      ],
      last_workspace_id: 3,
      field_mapping_token: null,
      signup_completed: true,
      onboarding_completed: true,
    },
    plan: { plan_id: 2, end_date: '2099-01-01' },
    addons: [],
    permission: ownerPermissions(),
    flags: flags(['home', 'store', 'logout', 'profile', 'notifications', 'workspaces', 'users', 'team', 'resources', 'seasons', 'sowing_plan', 'addons']),
    workspace_id: 3,
    ...overrides,
  };
}

/** Signs a test user in (memory + storage) with the given permissions and flags. */
export function signIn(opts: { permission?: PermissionEntry[]; flags?: Partial<FlagSet>; session?: Partial<Session> } = {}): Session {
  const p = sessionPayload({
    ...(opts.permission ? { permission: opts.permission } : {}),
    ...(opts.flags ? { flags: opts.flags } : {}),
  });
  const { workspace_id: _w, ...rest } = p;
  const session: Session = { ...rest, workspaceId: 3, remember: true, ...opts.session };
  setSession(session);
  return session;
}

type JsonHandler = (url: URL, init?: RequestInit) => { status?: number; body: unknown } | undefined;

/** Stubs fetch: the handler answers by URL; anything unhandled is a 404 envelope. Returns the call log. */
export function mockApi(handler: JsonHandler) {
  const calls: { url: URL; init?: RequestInit }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    calls.push({ url, init });
    const res = handler(url, init) ?? { status: 404, body: { success: false, status: 404, data: null, message: 'Ruta no encontrada' } };
    return new Response(JSON.stringify(res.body), { status: res.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { calls, fetchMock };
}

export function envelope<T>(data: T[], extra: Record<string, unknown> = {}) {
  return { success: true, status: 200, data, ...extra };
}
