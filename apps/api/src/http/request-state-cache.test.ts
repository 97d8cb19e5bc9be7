import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { revokedTokens, users, workspacePermissions, workspaces, workspaceUsers } from '../db/schema/index';
import { ACCESS_CHANNEL, AccessChanges, LISTENER_NAME } from '../db/access-changes';
import { ok } from './envelope';
import { requireWorkspace } from './guard';
import type { RequestState } from './access';
import { RequestStateCache } from './request-state-cache';
import { addMember, buildUser, call, createTestApp, permissionsWith, statusOf, type TestApp, type TestUser } from '../test/app';
import { countStatements } from '../test/statements';

// Decision 0038: the auth state of a request is remembered, and forgotten when the database reports a change.
const guardedRoute = (a: FastifyInstance) =>
  a.get('/fm/v1/test/guarded', { config: { permission: { module: 'costs', action: 'read' } } }, async (request) => ok(requireWorkspace(request)));

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, guardedRoute);
  await new Promise((r) => setTimeout(r, 500));
});
afterAll(() => app.cleanup());

const withCosts = (read: boolean) => permissionsWith('costs', { read });

/** Asks twice: the second answer must come from memory (no statement), so a later refusal proves it was forgotten. */
async function remembered(on: FastifyInstance, url: string, token: string): Promise<void> {
  expect(await statusOf(on, url, token)).toBe(200);
  const again = await countStatements(on, () => call(on, 'GET', url, { token }));
  expect(again.result.statusCode).toBe(200);
  expect(again.count, again.sql.join('\n')).toBe(0);
}

async function ownerAndMember(): Promise<{ owner: TestUser; member: TestUser; token: string; url: string }> {
  const owner = await buildUser(app);
  const member = await buildUser(app);
  const token = await addMember(app, owner.workspace_id, member, withCosts(true));
  return { owner, member, token, url: `test/guarded?workspace_id=${owner.workspace_id}` };
}

describe('a change written by any code, not only by a service, is effective on the next request', () => {
  it('a permission row updated in SQL', async () => {
    const { owner, member, token, url } = await ownerAndMember();
    await remembered(app, url, token);
    await app.db
      .update(workspacePermissions)
      .set({ read: false })
      .where(and(eq(workspacePermissions.workspace_id, owner.workspace_id), eq(workspacePermissions.user_id, member.user_id), eq(workspacePermissions.module, 'costs')));
    expect(await statusOf(app, url, token)).toBe(403);
  });

  it('a membership deleted in SQL, inside a transaction', async () => {
    const { owner, member, token, url } = await ownerAndMember();
    await remembered(app, url, token);
    await app.db.transaction(async (tx) => {
      await tx.delete(workspaceUsers).where(and(eq(workspaceUsers.workspace_id, owner.workspace_id), eq(workspaceUsers.user_id, member.user_id)));
    });
    expect(await statusOf(app, url, token)).toBe(403);
  });

  it('a token revoked in SQL, and every token of an account made invalid in SQL', async () => {
    const { owner, token, url } = await ownerAndMember();
    await remembered(app, url, token);
    const claims = await app.tokens.verify(token);
    if (!claims) throw new Error('the member token does not verify');
    await app.db.insert(revokedTokens).values({ jti: claims.jti, expires_at: new Date(Date.now() + 3_600_000) });
    expect(await statusOf(app, url, token)).toBe(401);

    await remembered(app, url, owner.token);
    await app.db.update(users).set({ tokens_valid_after: new Date(Date.now() + 1000) }).where(eq(users.user_id, owner.user_id));
    expect(await statusOf(app, url, owner.token)).toBe(401);
  });

  it('a workspace given to another owner in SQL', async () => {
    const { owner, member, url } = await ownerAndMember();
    await remembered(app, url, owner.token);
    await app.db.update(workspaces).set({ user_id: member.user_id }).where(eq(workspaces.workspace_id, owner.workspace_id));
    expect(await statusOf(app, url, owner.token)).toBe(403);
  });

  it('a change to rows auth state is not read from keeps what is remembered', async () => {
    const { owner, token, url } = await ownerAndMember();
    await remembered(app, url, token);
    await app.db.update(users).set({ name: 'Otro nombre' }).where(eq(users.user_id, owner.user_id));
    const again = await countStatements(app, () => call(app, 'GET', url, { token }));
    expect(again.result.statusCode).toBe(200);
    expect(again.count).toBe(0);
  });
});

describe('RequestStateCache', () => {
  const state = (): RequestState => ({ tokens_valid_after: null, plan_id: 1, plan_end_date: null, revoked: false, access: null });

  it('a read a change overtakes answers its own request and is not kept', async () => {
    const changes = new AccessChanges(true);
    const cache = new RequestStateCache(changes, 10_000);
    let reads = 0;
    const overtaken = await cache.load(1, 'a', 2, async () => {
      reads += 1;
      changes.changed();
      return state();
    });
    expect(overtaken).toEqual(state());
    await cache.load(1, 'a', 2, async () => (reads += 1, state()));
    await cache.load(1, 'a', 2, async () => (reads += 1, state()));
    expect(reads).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('keeps nothing while changes could be missed, nor refusals, nor past its time; 0 turns it off', async () => {
    const changes = new AccessChanges(false);
    const cache = new RequestStateCache(changes, 30);
    const read = vi.fn(async () => state());
    await cache.load(1, 'a', null, read);
    await cache.load(1, 'a', null, read);
    expect(read).toHaveBeenCalledTimes(2);
    changes.setLive(true);
    await cache.load(1, 'a', null, read);
    await cache.load(1, 'a', null, read);
    expect(read).toHaveBeenCalledTimes(3);
    await new Promise((r) => setTimeout(r, 40));
    await cache.load(1, 'a', null, read);
    expect(read).toHaveBeenCalledTimes(4);
    // losing the feed forgets everything
    changes.setLive(false);
    expect(cache.size).toBe(0);

    const refusals = new RequestStateCache(new AccessChanges(true), 10_000);
    await refusals.load(1, 'a', null, async () => null);
    await refusals.load(1, 'b', null, async () => ({ ...state(), revoked: true }));
    expect(refusals.size).toBe(0);

    const off = new RequestStateCache(new AccessChanges(true), 0);
    await off.load(1, 'a', null, read);
    await off.load(1, 'a', null, read);
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('a remembered state cannot be changed by the request that reads it', async () => {
    const cache = new RequestStateCache(new AccessChanges(true), 10_000);
    const first = await cache.load(1, 'a', 2, async () => ({ ...state(), access: { workspace_id: 2, owner_user_id: 9, is_owner: false, permissions: withCosts(true) } }));
    const permissions = first?.access?.permissions ?? [];
    expect(permissions).toHaveLength(withCosts(true).length);
    expect(() => permissions.push(withCosts(true)[0])).toThrow();
    expect(() => Object.assign(permissions[0], { read: false })).toThrow();
  });
});

let markers = 0;

/**
 * Resolves once `other` has heard every change committed so far: a marker notification sent after them reaches its
 * listener after them (PostgreSQL delivers notifications in commit order). Without it, a change's notification may
 * reach `other` just after a request stored a state (correct, read after the commit) and clear it.
 */
async function heardSoFar(other: FastifyInstance): Promise<void> {
  // its own payload: a change committed before may still be on its way, and hearing that one is not hearing them all
  const payload = `marker-${(markers += 1)}`;
  let heard!: () => void;
  const marker = new Promise<void>((resolve) => (heard = resolve));
  const stop = other.database.accessChanges.onChange((p) => p === payload && heard());
  try {
    await app.db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${payload})`);
    await Promise.race([marker, new Promise((_, reject) => setTimeout(() => reject(new Error('the other instance did not hear the marker in 5 s')), 5000))]);
  } finally {
    stop();
  }
}

describe.runIf(process.env.FM_TEST_DB === 'postgres')('PostgreSQL: another instance, with its own connections', () => {
  it('forgets a change the first instance commits, and refuses the removed member', async () => {
    const other = await app.twin({ ownConnections: true });
    const { owner, member, token, url } = await ownerAndMember();
    await heardSoFar(other);
    await remembered(other, url, token);
    const removed = await call(app, 'DELETE', `workspaces/users?workspace_id=${owner.workspace_id}&user_id=${member.user_id}`, { token: owner.token });
    expect(removed.statusCode).toBe(200);
    // the other instance hears of it when PostgreSQL delivers the commit's notification, a moment after the commit
    await vi.waitFor(async () => expect(await statusOf(other, url, token)).toBe(403), { timeout: 2000, interval: 5 });
  });

  it('while its listening connection is down it remembers nothing; once back, it remembers again', async () => {
    const other = await app.twin({ ownConnections: true });
    const { owner, member, token, url } = await ownerAndMember();
    await heardSoFar(other);
    await remembered(other, url, token);
    await app.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`);
    await vi.waitFor(() => expect(other.database.accessChanges.live).toBe(false), { timeout: 2000 });
    expect((await countStatements(other, () => call(other, 'GET', url, { token }))).count).toBe(1);
    // a change committed meanwhile is seen at once while it is down (the state is read on every request); under load
    // it may have reconnected already (after 500 ms), and then it refuses once it has heard the change
    await app.db
      .update(workspacePermissions)
      .set({ read: false })
      .where(and(eq(workspacePermissions.workspace_id, owner.workspace_id), eq(workspacePermissions.user_id, member.user_id), eq(workspacePermissions.module, 'costs')));
    if (other.database.accessChanges.live) await heardSoFar(other);
    expect(await statusOf(other, url, token)).toBe(403);
    await vi.waitFor(() => expect(other.database.accessChanges.live).toBe(true), { timeout: 5000 });
    await app.db
      .update(workspacePermissions)
      .set({ read: true })
      .where(and(eq(workspacePermissions.workspace_id, owner.workspace_id), eq(workspacePermissions.user_id, member.user_id), eq(workspacePermissions.module, 'costs')));
    await heardSoFar(other);
    await remembered(other, url, token);
  });
});
