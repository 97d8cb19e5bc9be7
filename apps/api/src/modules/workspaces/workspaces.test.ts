import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { providers, seasons, users, workspaceEntities, workspaces } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp } from '../../test/app';
import { registerWorkspaceDataCheck } from './data-checks';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

type Ws = { workspace_id: number; name: string; active: boolean; owner: boolean; users_count: number; users: { email: string }[] };

async function provider(userId: number, name = 'Agro SA') {
  const [p] = await app.db.insert(providers).values({ user_id: userId, name }).returning();
  return p.provider_id;
}

describe('GET workspaces', () => {
  it('401 without token', async () => {
    expect((await call(app, 'GET', 'workspaces')).statusCode).toBe(401);
  });

  it('lists own and shared workspaces with owner flag and users count', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    await addMember(app, owner.workspace_id, guest);
    const mine = json<Ws[]>(await call(app, 'GET', 'workspaces', { token: owner.token })).data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ workspace_id: owner.workspace_id, owner: true, users_count: 1 });
    expect(mine[0].users[0].email).toBe(guest.email);
    const theirs = json<Ws[]>(await call(app, 'GET', 'workspaces', { token: guest.token })).data;
    expect(theirs.map((w) => [w.workspace_id, w.owner])).toEqual([
      [guest.workspace_id, true],
      [owner.workspace_id, false],
    ]);
    // a shared member does not see the other people of the workspace
    expect(theirs[1].users).toEqual([]);
    const sharedOnly = json<Ws[]>(
      await call(app, 'GET', `workspaces?pagination=true&page=1&per_page=5&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'owner', condition: 'is', value: false }] }))}`, { token: guest.token }),
    );
    expect(sharedOnly.total).toBe(1);
    expect(sharedOnly.data[0]).toMatchObject({ workspace_id: owner.workspace_id, owner: false });
  });
});

describe('POST workspaces', () => {
  it('422 with the Spanish message when the name is missing', async () => {
    const u = await buildUser(app);
    const res = await call(app, 'POST', 'workspaces', { token: u.token, body: { active: true } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('El nombre del espacio de trabajo es obligatorio');
  });

  it('creates an owned workspace sharing own resources (both entity shapes)', async () => {
    const u = await buildUser(app);
    const p1 = await provider(u.user_id);
    const p2 = await provider(u.user_id, 'Semillas SRL');
    const res = await call(app, 'POST', 'workspaces', { token: u.token, body: { name: 'Campo norte', active: true, entities: [{ entity_type: 'providers', entity_id: p1 }] } });
    expect(res.statusCode).toBe(201);
    const ws = json<{ workspace_id: number; owner: boolean }[]>(res).data[0];
    expect(ws.owner).toBe(true);
    const ents = json<{ entity_type: string; entity_id: number }[]>(await call(app, 'GET', `workspaces/entities?workspace_id=${ws.workspace_id}`, { token: u.token })).data;
    expect(ents).toEqual([{ entity_type: 'providers', entity_id: p1 }]);

    const res2 = await call(app, 'POST', 'workspaces', { token: u.token, body: { name: 'Campo sur', entities: { providers: [p1, p2] } } });
    expect(res2.statusCode).toBe(201);
    const id2 = json<{ workspace_id: number }[]>(res2).data[0].workspace_id;
    const links = await app.db.select().from(workspaceEntities).where(eq(workspaceEntities.workspace_id, id2));
    expect(links.map((l) => l.entity_id).sort()).toEqual([p1, p2].sort());
  });

  it("refuses another account's resource and an unknown type, creating nothing (one transaction)", async () => {
    const u = await buildUser(app);
    const other = await buildUser(app);
    const foreign = await provider(other.user_id);
    const res = await call(app, 'POST', 'workspaces', { token: u.token, body: { name: 'Ajeno', entities: [{ entity_type: 'providers', entity_id: foreign }] } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('Solo podés compartir recursos de tu cuenta');
    const bad = await call(app, 'POST', 'workspaces', { token: u.token, body: { name: 'Raro', entities: [{ entity_type: 'users', entity_id: 1 }] } });
    expect(bad.statusCode).toBe(422);
    const owned = await app.db.select().from(workspaces).where(eq(workspaces.user_id, u.user_id));
    expect(owned).toHaveLength(1);
  });
});

describe('PUT workspaces', () => {
  it('owner edits name, active and entities; member 403; non-member 403; 422 without workspace_id', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    const stranger = await buildUser(app);
    const guestToken = await addMember(app, owner.workspace_id, guest);
    const p = await provider(owner.user_id);
    const url = `workspaces?workspace_id=${owner.workspace_id}`;
    const ok = await call(app, 'PUT', url, { token: owner.token, body: { name: 'Renombrado', active: false, entities: [{ entity_type: 'providers', entity_id: p }] } });
    expect(ok.statusCode).toBe(200);
    expect(json<{ name: string; active: boolean }[]>(ok).data[0]).toMatchObject({ name: 'Renombrado', active: false });
    expect(json<unknown[]>(await call(app, 'GET', `workspaces/entities?workspace_id=${owner.workspace_id}`, { token: owner.token })).data).toHaveLength(1);

    const member = await call(app, 'PUT', url, { token: guestToken, body: { name: 'Mío' } });
    expect(member.statusCode).toBe(403);
    expect(json(member).message).toBe('Solo el dueño del espacio de trabajo puede realizar esta acción');
    expect((await call(app, 'PUT', url, { token: stranger.token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await call(app, 'GET', `workspaces/entities?workspace_id=${owner.workspace_id}`, { token: stranger.token })).statusCode).toBe(403);
    const missing = await call(app, 'PUT', 'workspaces', { token: owner.token, body: { name: 'X' } });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).message).toBe('El espacio de trabajo es obligatorio');
    expect((await call(app, 'PUT', url, { body: { name: 'X' } })).statusCode).toBe(401);
  });
});

describe('DELETE workspaces', () => {
  it('refuses the last own workspace, one with users, one with business data; deletes an empty one', async () => {
    const owner = await buildUser(app);
    const last = await call(app, 'DELETE', `workspaces?workspace_id=${owner.workspace_id}`, { token: owner.token });
    expect(last.statusCode).toBe(409);
    expect(json(last).message).toBe('No podés eliminar tu único espacio de trabajo propio');

    const second = json<{ workspace_id: number }[]>(await call(app, 'POST', 'workspaces', { token: owner.token, body: { name: 'Segundo' } })).data[0].workspace_id;
    const guest = await buildUser(app);
    const guestToken = await addMember(app, second, guest);
    expect((await call(app, 'DELETE', `workspaces?workspace_id=${second}`, { token: guestToken })).statusCode).toBe(403);
    const withUsers = await call(app, 'DELETE', `workspaces?workspace_id=${second}`, { token: owner.token });
    expect(withUsers.statusCode).toBe(409);
    expect(json(withUsers).message).toMatch(/usuarios con acceso/);
    expect((await call(app, 'DELETE', `workspaces/users?workspace_id=${second}&user_id=${guest.user_id}`, { token: owner.token })).statusCode).toBe(200);

    await app.db.insert(seasons).values({ workspace_id: second, name: '2025/26' });
    const withData = await call(app, 'DELETE', `workspaces?workspace_id=${second}`, { token: owner.token });
    expect(withData.statusCode).toBe(409);
    expect(json(withData).message).toBe('No se puede eliminar el espacio de trabajo porque tiene campañas. Eliminá esos datos primero.');
    await app.db.delete(seasons).where(eq(seasons.workspace_id, second));

    await app.db.update(users).set({ last_workspace_id: second }).where(eq(users.user_id, owner.user_id));
    const done = await call(app, 'DELETE', `workspaces?workspace_id=${second}`, { token: owner.token });
    expect(done.statusCode).toBe(200);
    expect(json(done).message).toBe('Espacio de trabajo eliminado');
    const [u] = await app.db.select().from(users).where(eq(users.user_id, owner.user_id));
    expect(u.last_workspace_id).toBeNull();
  });

  it('honours checks registered by modules', async () => {
    const owner = await buildUser(app);
    const extra = json<{ workspace_id: number }[]>(await call(app, 'POST', 'workspaces', { token: owner.token, body: { name: 'Con rodeos' } })).data[0].workspace_id;
    registerWorkspaceDataCheck(async (_db, id) => (id === extra ? 'rodeos' : null));
    const res = await call(app, 'DELETE', `workspaces?workspace_id=${extra}`, { token: owner.token });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/rodeos/);
  });
});

describe('access rules of the module', () => {
  it('answers 401 without a token on every route', async () => {
    const routes = app.routeTable.filter((r) => /^\/fm\/v1\/(workspaces|teams)/.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const r of routes) {
      const res = await call(app, r.method as 'GET', `${r.url}?workspace_id=1`, { body: r.method === 'POST' || r.method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 422 with the Spanish message when workspace_id is missing on owner routes', async () => {
    const u = await buildUser(app);
    for (const [method, url] of [
      ['DELETE', 'workspaces'],
      ['GET', 'workspaces/entities'],
      ['GET', 'workspaces/users/permissions'],
      ['DELETE', 'workspaces/users?user_id=1'],
    ] as const) {
      const res = await call(app, method, url, { token: u.token });
      expect(res.statusCode, `${method} ${url}`).toBe(422);
      expect(json(res).message).toBe('El espacio de trabajo es obligatorio');
    }
  });
});
