import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ACCESS_MSG, PLAN, defaultPermissions, type PermissionEntry } from '@fm/domain';
import { notifications, outbox, userAddons, users, workspaceInvitations, workspacePermissions, workspaceUsers } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

const withCosts = (): PermissionEntry[] => defaultPermissions().map((p) => (p.module === 'costs' ? { ...p, read: true, update: true, create: true, delete: true } : p));
const entry = (rows: PermissionEntry[], module: string) => rows.find((r) => r.module === module);

describe('POST workspaces/users', () => {
  it('401 without token, 422 Spanish messages, 403 for a member, 403 for a stranger', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    const stranger = await buildUser(app);
    const guestToken = await addMember(app, owner.workspace_id, guest);
    const url = `workspaces/users?workspace_id=${owner.workspace_id}`;
    expect((await call(app, 'POST', url, { body: { email: 'x@test.local' } })).statusCode).toBe(401);
    const empty = await call(app, 'POST', url, { token: owner.token, body: { email: '', permissions: [] } });
    expect(empty.statusCode).toBe(422);
    expect(json(empty).message).toBe('El email es obligatorio');
    const bad = await call(app, 'POST', url, { token: owner.token, body: { email: 'no-es-email' } });
    expect(json(bad).message).toBe('El formato del email es incorrecto');
    const noWs = await call(app, 'POST', 'workspaces/users', { token: owner.token, body: { email: 'x@test.local' } });
    expect(noWs.statusCode).toBe(422);
    expect(json(noWs).message).toBe('El espacio de trabajo es obligatorio');
    expect((await call(app, 'POST', url, { token: guestToken, body: { email: 'x@test.local' } })).statusCode).toBe(403);
    expect((await call(app, 'POST', url, { token: stranger.token, body: { email: 'x@test.local' } })).statusCode).toBe(403);
  });

  it('gives an existing account access with permissions (base modules forced on) and notifies it', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    const perms = defaultPermissions().map((p) => ({ ...p, read: false, update: false, create: false, delete: false }));
    const res = await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { email: guest.email.toUpperCase(), role_id: 1, permissions: perms } });
    expect(res.statusCode).toBe(201);
    expect(json<{ kind: string }[]>(res).data[0].kind).toBe('added');
    const rows = await app.db.select().from(workspacePermissions).where(and(eq(workspacePermissions.workspace_id, owner.workspace_id), eq(workspacePermissions.user_id, guest.user_id)));
    expect(rows.find((r) => r.module === 'seasons')?.read).toBe(true);
    expect(rows.find((r) => r.module === 'costs')?.read).toBe(false);
    const [n] = await app.db.select().from(notifications).where(eq(notifications.user_id, guest.user_id));
    expect(n.title).toBe('Nuevo espacio de trabajo');

    // the same e-mail again saves permissions (spec: "saved by e-mail and workspace")
    const again = await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { email: guest.email, permissions: withCosts() } });
    expect(again.statusCode).toBe(200);
    expect(json(again).message).toBe('Permisos guardados correctamente!');
    const mine = json<PermissionEntry[]>(await call(app, 'GET', `workspaces/users/permissions?workspace_id=${owner.workspace_id}&user_id=${guest.user_id}`, { token: owner.token })).data;
    expect(entry(mine, 'costs')?.read).toBe(true);
  });

  it('refuses inviting oneself (the owner)', async () => {
    const owner = await buildUser(app);
    const res = await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { email: owner.email } });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('No podés invitarte a vos mismo');
  });

  it('invites an unknown e-mail: stores the invitation, mails a /register link; access starts once the address is validated', async () => {
    const owner = await buildUser(app);
    const email = `nuevo_${Date.now()}@test.local`;
    const res = await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { email, permissions: withCosts() } });
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe(ACCESS_MSG.invited);
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, email)).orderBy(desc(outbox.mail_id));
    expect(mail.body_text).toMatch(/\/register/);

    const list = json<{ email: string; pending: boolean }[]>(await call(app, 'GET', 'workspaces/users', { token: owner.token })).data;
    expect(list.find((r) => r.email === email)?.pending).toBe(true);
    const pendingPerms = json<PermissionEntry[]>(await call(app, 'GET', `workspaces/users/permissions?workspace_id=${owner.workspace_id}&email=${email}`, { token: owner.token })).data;
    expect(entry(pendingPerms, 'costs')?.read).toBe(true);

    const signup = await call(app, 'POST', 'users/signup', {
      body: { email, name: 'Nuevo', last_name: 'Invitado', password: 'secreto1', repeat_password: 'secreto1', phone: '011 15-1234-5678', occupation: 'Asesor' },
    });
    expect(signup.statusCode).toBe(201);
    const userId = json<{ user_id: number }[]>(signup).data[0].user_id;
    const membership = () => app.db.select().from(workspaceUsers).where(and(eq(workspaceUsers.workspace_id, owner.workspace_id), eq(workspaceUsers.user_id, userId)));
    // typing the address at sign-up proves nothing: no access until the mailed link is used
    expect(await membership()).toHaveLength(0);
    const [validation] = await app.db.select().from(outbox).where(eq(outbox.to_email, email)).orderBy(desc(outbox.mail_id)).limit(1);
    const token = /validar-mail-ok\/([\w-]+)/.exec(validation.body_text)?.[1];
    expect((await call(app, 'GET', `emails/user/validation?token=${token}`)).statusCode).toBe(200);
    expect(await membership()).toHaveLength(1);
  });

  it('an account that has not validated its e-mail gets an invitation, not access, until it validates', async () => {
    const owner = await buildUser(app);
    const squatter = await buildUser(app);
    await app.db.update(users).set({ email_validated_at: null }).where(eq(users.user_id, squatter.user_id));
    const url = `workspaces/users?workspace_id=${owner.workspace_id}`;
    const res = await call(app, 'POST', url, { token: owner.token, body: { email: squatter.email, permissions: withCosts() } });
    expect(res.statusCode).toBe(201);
    expect(json<{ kind: string; user_id: number | null }[]>(res).data[0]).toMatchObject({ kind: 'invited', user_id: null });
    expect(await app.db.select().from(workspaceUsers).where(eq(workspaceUsers.user_id, squatter.user_id))).toHaveLength(0);
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, squatter.email)).orderBy(desc(outbox.mail_id)).limit(1);
    expect(mail.body_text).toContain('Validá tu email para acceder');
    // the owner sees a pending invitation with its permissions, and may update it
    const list = json<{ email: string; pending: boolean }[]>(await call(app, 'GET', 'workspaces/users', { token: owner.token })).data;
    expect(list.find((r) => r.email === squatter.email)?.pending).toBe(true);
    const perms = json<PermissionEntry[]>(await call(app, 'GET', `workspaces/users/permissions?workspace_id=${owner.workspace_id}&email=${squatter.email}`, { token: owner.token })).data;
    expect(entry(perms, 'costs')?.read).toBe(true);
    expect(json<{ kind: string }[]>(await call(app, 'POST', url, { token: owner.token, body: { email: squatter.email } })).data[0].kind).toBe('updated');

    // proving the mailbox (here through the reset link) turns the invitation into access
    await call(app, 'GET', `emails/user/password/reset?email=${squatter.email}`);
    const [reset] = await app.db.select().from(outbox).where(eq(outbox.to_email, squatter.email)).orderBy(desc(outbox.mail_id)).limit(1);
    const resetToken = /restablecer-password-confirmar\/([\w-]+)/.exec(reset.body_text)?.[1];
    expect((await call(app, 'POST', 'users/password/change', { token: resetToken, body: { password: 'nueva1234' } })).statusCode).toBe(200);
    expect(await app.db.select().from(workspaceUsers).where(eq(workspaceUsers.user_id, squatter.user_id))).toHaveLength(1);
  });

  it('refuses past the plan capacity (free plan: 1 person) until the Usuarios add-on is bought', async () => {
    const owner = await buildUser(app, { plan_id: PLAN.FREE });
    const url = `workspaces/users?workspace_id=${owner.workspace_id}`;
    expect((await call(app, 'POST', url, { token: owner.token, body: { email: 'cap1@test.local' } })).statusCode).toBe(201);
    const over = await call(app, 'POST', url, { token: owner.token, body: { email: 'cap2@test.local' } });
    expect(over.statusCode).toBe(409);
    expect(json(over).message).toBe('Alcanzaste el límite de usuarios de tu plan. Adquirí el adicional Usuarios para sumar más.');
    // re-saving a person already counted is not a new user
    expect((await call(app, 'POST', url, { token: owner.token, body: { email: 'cap1@test.local' } })).statusCode).toBe(200);
    await app.db.insert(userAddons).values({ user_id: owner.user_id, addon_id: 1, quantity: 1 });
    expect((await call(app, 'POST', url, { token: owner.token, body: { email: 'cap2@test.local' } })).statusCode).toBe(201);
    // two people: the one the free plan includes plus the add-on unit
    const plan = json<{ addons: { addon_id: number; used: number; available: number }[] }[]>(await call(app, 'GET', `users/auth?renew=true`, { token: owner.token })).data[0];
    expect(plan.addons.find((a) => a.addon_id === 1)).toMatchObject({ used: 2, available: 0 });
  });
});

describe('capacity under concurrency', () => {
  it('two simultaneous invitations cannot both take the last seat', async () => {
    const owner = await buildUser(app, { plan_id: PLAN.FREE });
    const url = `workspaces/users?workspace_id=${owner.workspace_id}`;
    const results = await Promise.all(['seat1@test.local', 'seat2@test.local'].map((email) => call(app, 'POST', url, { token: owner.token, body: { email } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('permissions', () => {
  it('reads own permissions (member and owner), another user (owner only), 404 for a non-member', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    const other = await buildUser(app);
    const guestToken = await addMember(app, owner.workspace_id, guest);
    const base = `workspaces/users/permissions?workspace_id=${owner.workspace_id}`;
    expect((await call(app, 'GET', base)).statusCode).toBe(401);
    const mine = json<PermissionEntry[]>(await call(app, 'GET', base, { token: guestToken })).data;
    expect(mine).toHaveLength(14);
    expect(entry(mine, 'costs')?.read).toBe(false);
    const ownerOwn = json<PermissionEntry[]>(await call(app, 'GET', base, { token: owner.token })).data;
    expect(ownerOwn.every((p) => p.read && p.delete)).toBe(true);
    expect((await call(app, 'GET', `${base}&user_id=${owner.user_id}`, { token: guestToken })).statusCode).toBe(403);
    expect((await call(app, 'GET', `${base}&user_id=${other.user_id}`, { token: owner.token })).statusCode).toBe(404);
    expect((await call(app, 'GET', base, { token: other.token })).statusCode).toBe(403);
  });

  it('PUT replaces permissions (base modules forced on), owner cannot be edited, member 403, 422 without user_id', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    const guestToken = await addMember(app, owner.workspace_id, guest);
    const url = `workspaces/users/permissions?workspace_id=${owner.workspace_id}&user_id=${guest.user_id}`;
    const off = defaultPermissions().map((p) => ({ ...p, read: false, update: false, create: false, delete: false }));
    const res = await call(app, 'PUT', url, { token: owner.token, body: { permissions: [...off.filter((p) => p.module !== 'livestock'), { module: 'livestock', read: true, update: true, create: true, delete: true }] } });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Permisos guardados correctamente!');
    const rows = json<PermissionEntry[]>(res).data;
    expect(entry(rows, 'livestock')?.read).toBe(true);
    expect(entry(rows, 'work_orders')?.delete).toBe(true);
    const n = await app.db.select().from(notifications).where(eq(notifications.user_id, guest.user_id));
    expect(n.some((x) => x.title === 'Permisos actualizados')).toBe(true);

    const self = await call(app, 'PUT', `workspaces/users/permissions?workspace_id=${owner.workspace_id}&user_id=${owner.user_id}`, { token: owner.token, body: { permissions: off } });
    expect(self.statusCode).toBe(409);
    expect(json(self).message).toBe('Los permisos del dueño del espacio de trabajo no se pueden modificar');
    expect((await call(app, 'PUT', url, { token: guestToken, body: { permissions: off } })).statusCode).toBe(403);
    const noUser = await call(app, 'PUT', `workspaces/users/permissions?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { permissions: off } });
    expect(noUser.statusCode).toBe(422);
    const badModule = await call(app, 'PUT', url, { token: owner.token, body: { permissions: [{ module: 'otro', read: true }] } });
    expect(badModule.statusCode).toBe(422);
  });
});

describe('DELETE workspaces/users', () => {
  it('removes access and permissions together; refuses the owner; 404 for a non-member; member 403', async () => {
    const owner = await buildUser(app);
    const guest = await buildUser(app);
    const other = await buildUser(app);
    const guestToken = await addMember(app, owner.workspace_id, guest);
    const url = (id: number) => `workspaces/users?workspace_id=${owner.workspace_id}&user_id=${id}`;
    expect((await call(app, 'DELETE', url(guest.user_id))).statusCode).toBe(401);
    expect((await call(app, 'DELETE', url(owner.user_id), { token: guestToken })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', url(owner.user_id), { token: owner.token })).statusCode).toBe(409);
    expect((await call(app, 'DELETE', url(other.user_id), { token: owner.token })).statusCode).toBe(404);
    const res = await call(app, 'DELETE', url(guest.user_id), { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Permisos eliminados');
    expect(await app.db.select().from(workspacePermissions).where(and(eq(workspacePermissions.workspace_id, owner.workspace_id), eq(workspacePermissions.user_id, guest.user_id)))).toHaveLength(0);
    expect((await call(app, 'GET', `workspaces/entities?workspace_id=${owner.workspace_id}`, { token: guestToken })).statusCode).toBe(403);
  });

  it('removes a pending invitation by e-mail', async () => {
    const owner = await buildUser(app);
    await call(app, 'POST', `workspaces/users?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { email: 'pendiente@test.local' } });
    const res = await call(app, 'DELETE', `workspaces/users?workspace_id=${owner.workspace_id}&email=pendiente@test.local`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(await app.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspace_id, owner.workspace_id))).toHaveLength(0);
  });
});

describe('GET workspaces/users', () => {
  it('lists the people of every owned workspace with their workspaces, searchable and paged', async () => {
    const owner = await buildUser(app, { name: 'Dueña' });
    const second = json<{ workspace_id: number }[]>(await call(app, 'POST', 'workspaces', { token: owner.token, body: { name: 'Zeta' } })).data[0].workspace_id;
    const a = await buildUser(app, { name: 'Ana' });
    const b = await buildUser(app, { name: 'Bruno' });
    await addMember(app, owner.workspace_id, a);
    await addMember(app, second, a);
    await addMember(app, second, b);
    expect((await call(app, 'GET', 'workspaces/users')).statusCode).toBe(401);
    const res = await call(app, 'GET', 'workspaces/users?pagination=true&page=1&per_page=5', { token: owner.token });
    const body = json<{ name: string; workspaces: { name: string }[] }[]>(res);
    expect(body.total).toBe(2);
    expect(body.data.map((r) => r.name)).toEqual(['Ana', 'Bruno']);
    expect(body.data[0].workspaces.map((w) => w.name).sort()).toEqual(['WS Dueña', 'Zeta']);
    const found = json<{ name: string }[]>(await call(app, 'GET', 'workspaces/users?search=brU', { token: owner.token })).data;
    expect(found.map((r) => r.name)).toEqual(['Bruno']);
    // the guest sees nobody (they own no workspace with people)
    expect(json<unknown[]>(await call(app, 'GET', 'workspaces/users', { token: a.token })).data).toEqual([]);
    expect((await call(app, 'GET', 'workspaces/users?order_by=password', { token: owner.token })).statusCode).toBe(400);
  });
});
