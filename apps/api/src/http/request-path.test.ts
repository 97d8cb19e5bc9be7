import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { PermissionEntry } from '@fm/domain';
import { outbox } from '../db/schema/index';
import { ok } from './envelope';
import { requireWorkspace } from './guard';
import { addMember, buildUser, call, createTestApp, json, permissionsWith, statusOf, type TestApp } from '../test/app';
import { countStatements } from '../test/statements';

// A guarded route whose handler reads nothing: every statement it costs is the auth hook's and the guard's.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({}, (a) => {
    a.get('/fm/v1/test/guarded', { config: { permission: { module: 'costs', action: 'read' } } }, async (request) => ok(requireWorkspace(request)));
    a.get('/fm/v1/test/signed-in', { config: { auth: 'user' } }, async () => ok([]));
  });
  // the periodic jobs' first run starts with the app: let it end so that only the requests' statements are counted
  await new Promise((r) => setTimeout(r, 500));
});
afterAll(() => app.cleanup());

const withCosts = (read: boolean, update = false) => permissionsWith('costs', { read, update });
const status = (url: string, token: string) => statusOf(app, url, token);

describe('the request path costs one statement, and none when its auth state is remembered', () => {
  it('a guarded GET: token, revocation, plan, membership and permissions in one statement (owner and member)', async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const memberToken = await addMember(app, owner.workspace_id, member, withCosts(true));
    for (const [token, isOwner] of [
      [owner.token, true],
      [memberToken, false],
    ] as const) {
      const { result, count, sql } = await countStatements(app, () => call(app, 'GET', `test/guarded?workspace_id=${owner.workspace_id}`, { token }));
      expect(result.statusCode).toBe(200);
      expect(json<{ is_owner: boolean }[]>(result).data[0].is_owner).toBe(isOwner);
      expect(count, sql.join('\n')).toBe(1);
      // the same token in the same workspace again: remembered (decision 0038)
      const again = await countStatements(app, () => call(app, 'GET', `test/guarded?workspace_id=${owner.workspace_id}`, { token }));
      expect(again.result.statusCode).toBe(200);
      expect(json<{ is_owner: boolean }[]>(again.result).data[0].is_owner).toBe(isOwner);
      expect(again.count, again.sql.join('\n')).toBe(0);
    }
    // an account-level route (no workspace) is another state: one statement, then none
    expect((await countStatements(app, () => call(app, 'GET', 'test/signed-in', { token: memberToken }))).count).toBe(1);
    expect((await countStatements(app, () => call(app, 'GET', 'test/signed-in', { token: memberToken }))).count).toBe(0);
    // the workspace of the token when the query names none is the one already remembered
    expect((await countStatements(app, () => call(app, 'GET', 'test/guarded', { token: memberToken }))).count).toBe(0);
  });

  it('a refusal costs the same one statement, and a bad workspace_id none beyond it', async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const refused = await countStatements(app, () => call(app, 'GET', `test/guarded?workspace_id=${owner.workspace_id}`, { token: stranger.token }));
    expect(refused.result.statusCode).toBe(403);
    expect(refused.count).toBe(1);
    const bad = await countStatements(app, () => call(app, 'GET', 'test/guarded?workspace_id=abc', { token: owner.token }));
    expect(bad.result.statusCode).toBe(400);
    expect(bad.count).toBeLessThanOrEqual(1);
    expect(await status('test/guarded?workspace_id=99999999999', owner.token)).toBe(400);
  });

  it('a GET of a real list: the auth and guard part is one of its statements', async () => {
    const owner = await buildUser(app);
    const { result, sql } = await countStatements(app, () => call(app, 'GET', `seasons?workspace_id=${owner.workspace_id}`, { token: owner.token }));
    expect(result.statusCode).toBe(200);
    expect(sql.filter((s) => /revoked_tokens|workspace_users|workspace_permissions/.test(s))).toHaveLength(1);
  });
});

describe('changes take effect on the next request', () => {
  it('sign-out refuses that token at once (and only that one)', async () => {
    const u = await buildUser(app);
    const other = (await app.tokens.sign(u.user_id, u.workspace_id)).token;
    expect(await status(`test/guarded?workspace_id=${u.workspace_id}`, u.token)).toBe(200);
    expect((await call(app, 'POST', 'users/signout', { token: u.token })).statusCode).toBe(200);
    expect(await status(`test/guarded?workspace_id=${u.workspace_id}`, u.token)).toBe(401);
    expect(await status(`test/guarded?workspace_id=${u.workspace_id}`, other)).toBe(200);
  });

  it('a password change refuses every earlier token at once', async () => {
    const u = await buildUser(app);
    expect(await status('test/signed-in', u.token)).toBe(200);
    await call(app, 'GET', `emails/user/password/reset?email=${u.email}`);
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, u.email)).orderBy(desc(outbox.mail_id)).limit(1);
    const resetToken = mail?.body_text.match(/https?:\/\/\S+/)?.[0]?.split('/').pop() ?? '';
    expect((await call(app, 'POST', 'users/password/change', { token: resetToken, body: { password: 'nueva1234' } })).statusCode).toBe(200);
    expect(await status('test/signed-in', u.token)).toBe(401);
    expect(await status(`test/guarded?workspace_id=${u.workspace_id}`, u.token)).toBe(401);
  });

  it('a removed member is refused at once, with the token of that workspace or any other', async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, member, withCosts(true));
    expect(await status('test/guarded', token)).toBe(200);
    const removed = await call(app, 'DELETE', `workspaces/users?workspace_id=${owner.workspace_id}&user_id=${member.user_id}`, { token: owner.token });
    expect(removed.statusCode).toBe(200);
    expect(await status('test/guarded', token)).toBe(403);
    expect(await status(`test/guarded?workspace_id=${owner.workspace_id}`, member.token)).toBe(403);
    // their own workspace still answers
    expect(await status('test/guarded', member.token)).toBe(200);
  });

  it('a permission change (taken away, given back) is effective at once', async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, member, withCosts(true));
    const put = (permissions: PermissionEntry[]) =>
      call(app, 'PUT', `workspaces/users/permissions?workspace_id=${owner.workspace_id}&user_id=${member.user_id}`, { token: owner.token, body: { permissions } });
    expect(await status('test/guarded', token)).toBe(200);
    expect((await put(withCosts(false))).statusCode).toBe(200);
    expect(await status('test/guarded', token)).toBe(403);
    expect((await put(withCosts(true))).statusCode).toBe(200);
    expect(await status('test/guarded', token)).toBe(200);
  });

  it('a role change through the grant (role and permissions replaced) is effective at once', async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, member, withCosts(true));
    expect(await status('test/guarded', token)).toBe(200);
    const grant = await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, {
      token: owner.token,
      body: { email: member.email, role_id: 2, permissions: withCosts(false) },
    });
    expect(grant.statusCode).toBe(200);
    expect(await status('test/guarded', token)).toBe(403);
  });
});

describe('users/auth?renew costs at most three statements', () => {
  type Session = {
    workspace_id: number;
    permission: PermissionEntry[];
    user: { last_workspace_id: number; workspaces: { workspace_id: number; owner: boolean }[] };
    addons: { addon_id: number; used: number }[];
  };

  it('renewing into the same workspace, into another one (which it records as the last) and with a member', async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    await addMember(app, owner.workspace_id, member, withCosts(true));
    const same = await countStatements(app, () => call(app, 'GET', `users/auth?renew=true&workspace_id=${owner.workspace_id}`, { token: owner.token }));
    expect(same.result.statusCode).toBe(200);
    expect(same.count, same.sql.join('\n')).toBeLessThanOrEqual(2);
    const s = json<Session[]>(same.result).data[0];
    expect(s.workspace_id).toBe(owner.workspace_id);
    // the Usuarios add-on counts the member
    expect(s.addons.find((a) => a.addon_id === 1)?.used).toBe(1);

    const other = await countStatements(app, () => call(app, 'GET', `users/auth?renew=true&workspace_id=${owner.workspace_id}`, { token: member.token }));
    expect(other.result.statusCode).toBe(200);
    expect(other.count, other.sql.join('\n')).toBeLessThanOrEqual(3);
    const m = json<Session[]>(other.result).data[0];
    expect(m.workspace_id).toBe(owner.workspace_id);
    expect(m.user.last_workspace_id).toBe(owner.workspace_id);
    expect(m.user.workspaces.map((w) => [w.workspace_id, w.owner])).toEqual([
      [member.workspace_id, true],
      [owner.workspace_id, false],
    ]);
    expect(m.permission.find((p) => p.module === 'costs')).toMatchObject({ read: true, update: false });
    // the session's token opens the workspace it names
    const token = (m as unknown as { token: string }).token;
    expect(await status('test/guarded', token)).toBe(200);
  });
});
