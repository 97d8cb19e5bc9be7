import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVENTORY_CATALOGUE_MSG as MSG, type Warehouse } from '@fm/domain';
import { stocks, supplies, workspaces } from '../../db/schema/index';
import { NOT_OWNER_SHARING } from '../../http/sharing';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { insertCompany, insertStock, memberWithout } from './catalogue.test-helpers';

let app: TestApp;
let owner: TestUser;
let secondWs: number;
let token2: string;
let companyId: number;
let supplyId: number;
let unitId: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const [ws2] = await app.db.insert(workspaces).values({ name: 'Campo 2', user_id: owner.user_id }).returning();
  secondWs = ws2.workspace_id;
  token2 = (await app.tokens.sign(owner.user_id, secondWs)).token;
  companyId = await insertCompany(app, owner.user_id);
  const [glifo] = await app.db.select().from(supplies).where(eq(supplies.name, 'Glifosato 48% SL'));
  supplyId = glifo.supply_id;
  unitId = glifo.unit_id;
});
afterAll(() => app.cleanup());

const post = (body: unknown, token = owner.token) => call(app, 'POST', 'warehouses', { token, body });
const list = async (token = owner.token, query = '') => json<Warehouse[]>(await call(app, 'GET', `warehouses${query}`, { token }));

describe('warehouses', () => {
  it('401 without token; 422 "El nombre es requerido"; 201 "Deposito Creado Correctamente" shared into the workspace', async () => {
    expect((await call(app, 'GET', 'warehouses')).statusCode).toBe(401);
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const bad = await post(body);
      expect(bad.statusCode).toBe(422);
      expect(json(bad).message).toBe(MSG.nameRequired);
      expect(json(bad).detail?.[0].loc).toEqual(['body', 'name']);
    }
    const res = await post({ name: 'Depósito Central' });
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('Deposito Creado Correctamente');
    expect(json<Warehouse[]>(res).data[0]).toMatchObject({ name: 'Depósito Central', stock_count: 0, workspaces: [{ workspace_id: owner.workspace_id }] });
    // not shared into the owner's other workspace
    expect((await list(token2)).data).toEqual([]);
  });

  it('shares into the chosen workspaces of the owner only; a member may not choose workspaces', async () => {
    const stranger = await buildUser(app);
    const res = await post({ name: 'Galpón Norte', workspaces: [secondWs, stranger.workspace_id] });
    expect(res.statusCode).toBe(201);
    const w = json<Warehouse[]>(res).data[0];
    expect(w.workspaces.map((x) => x.workspace_id).sort()).toEqual([owner.workspace_id, secondWs].sort());
    expect((await list(token2)).data.map((x) => x.name)).toEqual(['Galpón Norte']);
    expect((await list(stranger.token)).data).toEqual([]);
    expect((await call(app, 'GET', `warehouses?warehouse_id=${w.warehouse_id}`, { token: stranger.token })).json()).toMatchObject({ data: [] });

    const member = await buildUser(app);
    const memberToken = await addMember(app, owner.workspace_id, member, [{ module: 'stock_supplies', read: true, create: true, update: true, delete: true }]);
    const refused = await post({ name: 'Del miembro', workspaces: [secondWs] }, memberToken);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(NOT_OWNER_SHARING);
    // naming only the current workspace is no sharing choice at all
    const mine = await post({ name: 'Del miembro', workspaces: [owner.workspace_id] }, memberToken);
    expect(mine.statusCode).toBe(201);
    expect(json<Warehouse[]>(mine).data[0].workspaces.map((x) => x.workspace_id)).toEqual([owner.workspace_id]);
    // the member lists the workspace's warehouses but not the whole account
    expect((await call(app, 'GET', 'warehouses?scope=account', { token: memberToken })).statusCode).toBe(403);
    const all = await list(owner.token, '?scope=account');
    expect(all.data.map((x) => x.name)).toEqual(['Del miembro', 'Depósito Central', 'Galpón Norte']);
  });

  it('lists paged with the name filter and one by warehouse_id', async () => {
    const page = await list(owner.token, '?pagination=true&page=1&per_page=2');
    expect(page.total).toBe(3);
    expect(page.data.map((w) => w.name)).toEqual(['Del miembro', 'Depósito Central']);
    const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'name', condition: 'contains', value: 'galp' }] }));
    const found = await list(owner.token, `?filters=${filters}`);
    expect(found.data.map((w) => w.name)).toEqual(['Galpón Norte']);
    const one = await list(owner.token, `?warehouse_id=${found.data[0].warehouse_id}`);
    expect(one.data.map((w) => w.name)).toEqual(['Galpón Norte']);
    const bad = await call(app, 'GET', `warehouses?filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'user_id', condition: 'is', value: 1 }] }))}`, { token: owner.token });
    expect(bad.statusCode).toBe(400);
  });

  it('renames and reshares (owner), 404 from a workspace it is not shared into', async () => {
    const [central] = (await list()).data.filter((w) => w.name === 'Depósito Central');
    expect((await call(app, 'PUT', `warehouses?warehouse_id=${central.warehouse_id}`, { token: token2, body: { name: 'X' } })).statusCode).toBe(404);
    const res = await call(app, 'PUT', `warehouses?warehouse_id=${central.warehouse_id}`, { token: owner.token, body: { name: 'Depósito Central 1', workspaces: [owner.workspace_id, secondWs] } });
    expect(res.statusCode).toBe(200);
    expect(json<Warehouse[]>(res).data[0].name).toBe('Depósito Central 1');
    expect((await list(token2)).data.map((w) => w.name)).toEqual(['Depósito Central 1', 'Galpón Norte']);
  });

  it('refuses deleting a warehouse while it holds stock (409), deletes it when empty ("Eliminado")', async () => {
    const [galpon] = (await list()).data.filter((w) => w.name === 'Galpón Norte');
    const stockId = await insertStock(app, { workspace_id: owner.workspace_id, company_id: companyId, warehouse_id: galpon.warehouse_id, supply_id: supplyId, unit_id: unitId, quantity: '12.5' });
    expect((await list()).data.find((w) => w.warehouse_id === galpon.warehouse_id)?.stock_count).toBe(1);
    // each warehouse counts its own stocks only: the other one of the workspace holds none
    const others = (await list()).data.filter((w) => w.warehouse_id !== galpon.warehouse_id);
    expect(others.length).toBeGreaterThan(0);
    expect(others.map((w) => w.stock_count)).toEqual(others.map(() => 0));
    // the stock belongs to workspace 1: the second workspace, where the warehouse is shared too, does not count it
    expect((await list(token2)).data.find((w) => w.warehouse_id === galpon.warehouse_id)?.stock_count).toBe(0);

    for (const token of [owner.token, token2]) {
      const refused = await call(app, 'DELETE', `warehouses?warehouse_id=${galpon.warehouse_id}`, { token });
      expect(refused.statusCode).toBe(409);
      expect(json(refused).message).toBe('No se puede eliminar el depósito porque tiene stock.');
    }
    // at zero, the stock row still keeps its history
    await app.db.update(stocks).set({ quantity: '0' }).where(eq(stocks.stock_id, stockId));
    const history = await call(app, 'DELETE', `warehouses?warehouse_id=${galpon.warehouse_id}`, { token: owner.token });
    expect(history.statusCode).toBe(409);
    expect(json(history).message).toBe(MSG.warehouseHasHistory);
    await app.db.delete(stocks).where(eq(stocks.stock_id, stockId));

    const stranger = await buildUser(app);
    expect((await call(app, 'DELETE', `warehouses?warehouse_id=${galpon.warehouse_id}`, { token: stranger.token })).statusCode).toBe(404);
    const res = await call(app, 'DELETE', `warehouses?warehouse_id=${galpon.warehouse_id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Eliminado');
    expect((await list(owner.token, '?scope=account')).data.map((w) => w.name)).not.toContain('Galpón Norte');
    expect((await list(token2)).data.map((w) => w.name)).toEqual(['Depósito Central 1']);
  });

  it('403 without the stock_supplies permission', async () => {
    const token = await memberWithout(app, owner.workspace_id, 'stock_supplies');
    expect((await call(app, 'GET', 'warehouses', { token })).statusCode).toBe(403);
    expect((await post({ name: 'X' }, token)).statusCode).toBe(403);
    expect((await call(app, 'PUT', 'warehouses?warehouse_id=1', { token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', 'warehouses?warehouse_id=1', { token })).statusCode).toBe(403);
  });
});
