import type { Feature, SessionPayload } from '@fm/domain';

/** What the browser keeps of a signed-in user (spec doc 1 §3 "Local session data"). */
export type Session = Omit<SessionPayload, 'workspace_id'> & {
  /** Selected workspace; every workspace-scoped call carries it. */
  workspaceId: number | null;
  /** Recordar on: localStorage; off: sessionStorage. */
  remember: boolean;
  /** Started through /sso; `mobile` limits the session to the sowing plan, home and logout. */
  sso?: { mobile: boolean };
};

const KEY = 'fm.session';
type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = load();

function storages(): Storage[] {
  const out: Storage[] = [];
  try {
    if (typeof localStorage !== 'undefined') out.push(localStorage);
    if (typeof sessionStorage !== 'undefined') out.push(sessionStorage);
  } catch {
    // storage blocked (private mode): keep the session in memory only
  }
  return out;
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Session>;
  return typeof v.token === 'string' && typeof v.user === 'object' && v.user !== null && Array.isArray(v.permission);
}

function load(): Session | null {
  for (const store of storages()) {
    try {
      const raw = store.getItem(KEY);
      if (!raw) continue;
      const parsed: unknown = JSON.parse(raw);
      if (isSession(parsed)) return parsed;
    } catch (err) {
      console.warn('No se pudo leer la sesión guardada', err);
    }
  }
  return null;
}

function persist(session: Session | null): void {
  for (const store of storages()) {
    try {
      store.removeItem(KEY);
    } catch {
      // ignore
    }
  }
  if (!session) return;
  const target = session.remember ? storages()[0] : storages()[1];
  try {
    target?.setItem(KEY, JSON.stringify(session));
  } catch (err) {
    // Storage full (spec doc 1 §8): log a warning, keep the in-memory session.
    console.warn('No se pudo guardar la sesión', err);
  }
}

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Session | null {
  return current;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Picks the workspace: the one the server answered with, else the last used, else the first active one. */
export function pickWorkspace(payload: SessionPayload): number | null {
  if (payload.workspace_id) return payload.workspace_id;
  const { workspaces, last_workspace_id } = payload.user;
  if (last_workspace_id && workspaces.some((w) => w.workspace_id === last_workspace_id)) return last_workspace_id;
  const first = workspaces.find((w) => w.active) ?? workspaces[0];
  return first ? first.workspace_id : null;
}

/** Stores a sign-in / renewal answer as the current session. */
export function startSession(payload: SessionPayload, opts: { remember: boolean; sso?: Session['sso'] }): Session {
  const { workspace_id: _ignored, ...rest } = payload;
  const session: Session = {
    ...rest,
    addons: payload.addons ?? [],
    permission: payload.permission ?? [],
    flags: payload.flags ?? {},
    workspaceId: pickWorkspace(payload),
    remember: opts.remember,
    sso: opts.sso,
  };
  setSession(session);
  return session;
}

export function setSession(session: Session | null): void {
  current = session;
  persist(session);
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  if (!current) return;
  setSession({ ...current, ...patch });
}

/** Mirrors a user the server answered (profile, finish sign-up) into the session, keeping its workspace list. */
export function mergeSessionUser(user: Partial<Session['user']>): void {
  if (!current) return;
  updateSession({ user: { ...current.user, ...user, workspaces: current.user.workspaces } });
}

export function clearSession(): void {
  setSession(null);
}

export function isFeatureOn(session: Session | null, feature: Feature): boolean {
  return Boolean(session?.flags[feature]);
}

/** Test helper: re-read storage (a test may seed storage before rendering). */
export function reloadSessionFromStorage(): void {
  current = load();
  emit();
}
