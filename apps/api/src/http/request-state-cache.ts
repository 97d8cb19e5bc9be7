import type { AccessChanges } from '../db/access-changes';
import type { RequestState } from './access';

const MAX_ENTRIES = 10_000;

/**
 * Each request's auth state (revocation, plan, membership and permissions: `loadRequestState`) remembered by user,
 * token and workspace, so a repeated request sends no statement for it (decision 0038). Everything is forgotten
 * when the database reports a change to the rows it is read from (migration 0019's triggers), and nothing is
 * remembered while a change could be missed (`AccessChanges.live`). A read that a change overtakes is used for its
 * own request but not kept: it records the generation when it starts and is kept only if that is still current.
 * `ttlMs` bounds an entry's life even so; 0 turns the cache off.
 */
export class RequestStateCache {
  private readonly entries = new Map<string, { state: RequestState; until: number }>();
  private generation = 0;
  /** Stops listening: the database (and its feed) may outlive the app (a test's second instance). */
  readonly close: () => void;

  constructor(
    private readonly changes: AccessChanges,
    private readonly ttlMs: number,
  ) {
    this.close = changes.onChange(() => {
      this.generation += 1;
      this.entries.clear();
    });
  }

  async load(userId: number, jti: string, workspaceId: number | null, read: () => Promise<RequestState | null>): Promise<RequestState | null> {
    if (this.ttlMs <= 0 || !this.changes.live) return read();
    const key = `${userId} ${workspaceId ?? 0} ${jti}`;
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && hit.until > now) return hit.state;
    if (hit) this.entries.delete(key);
    const generation = this.generation;
    const state = await read();
    // refusals are not kept: they are rare, and a user not found yet may be created
    if (state && !state.revoked && generation === this.generation && this.changes.live) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { state: frozen(state), until: now + this.ttlMs });
    }
    return state;
  }

  /** Entries held now (tests). */
  get size(): number {
    return this.entries.size;
  }
}

/** A kept state is shared by later requests: none may change it. */
function frozen(state: RequestState): RequestState {
  if (state.access) {
    for (const p of state.access.permissions) Object.freeze(p);
    Object.freeze(state.access.permissions);
    Object.freeze(state.access);
  }
  return Object.freeze(state);
}
