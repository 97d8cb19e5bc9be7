import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUIT_MESSAGE, defaultPermissions, MASTER_DATA_MSG, PLATE_MESSAGE } from '@fm/domain';
import { and, eq } from 'drizzle-orm';
import { farms, workspacePermissions, workspaces } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';

let app: TestApp;
let a: TestUser;
let b: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  a = await buildUser(app);
  b = await buildUser(app);
});
afterAll(() => app.cleanup());

type Rec = Record<string, unknown> & { workspaces?: { workspace_id: number }[] };
const ws = (u: TestUser) => `workspace_id=${u.workspace_id}&workspace=true`;
const post = async (path: string, token: string, body: unknown) => call(app, 'POST', `${path}`, { token, body });
async function create(path: string, body: unknown, user = a): Promise<Rec> {
  const res = await post(`${path}?${ws(user)}`, user.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return json<Rec[]>(res).data[0];
}
async function list(path: string, user: TestUser, query = ''): Promise<{ rows: Rec[]; total?: number }> {
  const res = await call(app, 'GET', `${path}?${ws(user)}${query}`, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  const body = json<Rec[]>(res);
  return { rows: body.data, total: body.total };
}
const filters = (...conds: { field: string; condition: string; value: unknown }[]) => `&filters=${encodeURIComponent(JSON.stringify({ AND: conds }))}`;
const messagesOf = (res: { body: string }) => (JSON.parse(res.body) as { detail?: { msg: string }[] }).detail?.map((d) => d.msg) ?? [];

/** Every endpoint of doc 3 §7 "Master data" with a valid body and a field to edit. */
const RESOURCES = [
  { path: 'providers', id: 'provider_id', body: { name: 'Agroinsumos del Sur SA', tax_identifier: '30-70412345-7' } },
  { path: 'buyers', id: 'buyer_id', body: { name: 'Acopio La Pampeana', email: 'compras@pampeana.com.ar' } },
  { path: 'transports', id: 'transport_id', body: { name: 'Transportes Rutas del Oeste', phone: '02392 15-456789' } },
  { path: 'contractors', id: 'contractor_id', body: { name: 'Servicios Agrícolas Gómez' } },
  { path: 'livestock-agents', id: 'livestock_agent_id', body: { name: 'Consignataria Rosales', is_seller: true, is_buyer: true } },
  { path: 'destinations', id: 'destination_id', body: { name: 'Acopio Pehuajó', destination_type: 'Acopio' } },
] as const;

describe('CRUD of every master-data resource', () => {
  for (const r of RESOURCES) {
    it(`${r.path}: 401, create, list, edit, toggle, delete, 404 afterwards`, async () => {
      expect((await call(app, 'GET', `${r.path}?${ws(a)}`)).statusCode).toBe(401);
      const row = await create(r.path, r.body);
      const id = Number(row[r.id]);
      expect(row).toMatchObject({ name: r.body.name, active: true, user_id: a.user_id });

      const listed = await list(r.path, a, '&pagination=true&page=1&per_page=5');
      expect(listed.rows.map((x) => x[r.id])).toContain(id);

      const edit = await call(app, 'PUT', `${r.path}?${r.id}=${id}&${ws(a)}`, { token: a.token, body: { name: `${r.body.name} II` } });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(json<Rec[]>(edit).data[0].name).toBe(`${r.body.name} II`);
      expect(json(edit).message).toMatch(/editado correctamente$/);

      const off = await call(app, 'PUT', `${r.path}?${r.id}=${id}&${ws(a)}`, { token: a.token, body: { active: false } });
      expect(json<Rec[]>(off).data[0].active).toBe(false);
      expect(json(off).message).toMatch(/desactivado$/);

      const del = await call(app, 'DELETE', `${r.path}?${r.id}=${id}&${ws(a)}`, { token: a.token });
      expect(del.statusCode, del.body).toBe(200);
      expect(json(del).message).toMatch(/eliminado correctamente$/);
      expect((await call(app, 'DELETE', `${r.path}?${r.id}=${id}&${ws(a)}`, { token: a.token })).statusCode).toBe(404);
    });
  }

  it('carriers: create under a transport, filter by transport_id, edit, delete', async () => {
    const t1 = await create('transports', { name: 'Logística Bragado' });
    const t2 = await create('transports', { name: 'Fletes Junín' });
    const c1 = await create('carriers', { transport_id: t1.transport_id, name: 'Ramón Ortiz', tax_identifier: '20-23456789-7', chassis_patent: 'ab 123 cd', trailer_patent: 'kjh-456' });
    expect(c1).toMatchObject({ chassis_patent: 'AB123CD', trailer_patent: 'KJH456', tax_identifier: '20234567897', transport_name: 'Logística Bragado' });
    await create('carriers', { transport_id: t2.transport_id, name: 'Hugo Benítez' });

    const byFilter = await list('carriers', a, filters({ field: 'transport_id', condition: 'is', value: t1.transport_id }));
    expect(byFilter.rows.map((c) => c.name)).toEqual(['Ramón Ortiz']);
    const byParam = await list('carriers', a, `&transport_id=${t2.transport_id}`);
    expect(byParam.rows.map((c) => c.name)).toEqual(['Hugo Benítez']);
    // the id parameter narrows the list too, alone and with another parameter (each its own prepared shape)
    expect((await list('carriers', a, `&carrier_id=${c1.carrier_id}`)).rows.map((c) => c.name)).toEqual(['Ramón Ortiz']);
    expect((await list('carriers', a, `&carrier_id=${c1.carrier_id}&transport_id=${t2.transport_id}`)).rows).toEqual([]);
    expect((await list('carriers', a, `&carrier_id=${c1.carrier_id}&transport_id=${t1.transport_id}`)).rows.map((c) => c.name)).toEqual(['Ramón Ortiz']);

    const edit = await call(app, 'PUT', `carriers?carrier_id=${c1.carrier_id}&${ws(a)}`, { token: a.token, body: { trailer_patent: '' } });
    expect(json<Rec[]>(edit).data[0].trailer_patent).toBeNull();
    expect((await call(app, 'DELETE', `carriers?carrier_id=${c1.carrier_id}&${ws(a)}`, { token: a.token })).statusCode).toBe(200);
  });
});

describe('validation messages', () => {
  it('refuses a bad CUIT, e-mail, missing name and long observations', async () => {
    const res = await post(`providers?${ws(a)}`, a.token, { name: '', tax_identifier: '20-12345678-0', email: 'no-es-mail', observations: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(422);
    expect(messagesOf(res)).toEqual(expect.arrayContaining([MASTER_DATA_MSG.nameRequired, CUIT_MESSAGE, MASTER_DATA_MSG.emailFormat, MASTER_DATA_MSG.observationsMax]));
  });

  it('refuses a bad plate and an unknown transport', async () => {
    const t = await create('transports', { name: 'Transporte Patentes' });
    const bad = await post(`carriers?${ws(a)}`, a.token, { transport_id: t.transport_id, name: 'Chofer', chassis_patent: 'AB1234C' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).detail).toEqual([{ loc: ['body', 'chassis_patent'], msg: PLATE_MESSAGE }]);
    const missing = await post(`carriers?${ws(a)}`, a.token, { transport_id: 999999, name: 'Chofer' });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).message).toBe(MASTER_DATA_MSG.transportNotFound);
  });

  it('requires a livestock agent to be seller, buyer or both, on create and on update', async () => {
    const res = await post(`livestock-agents?${ws(a)}`, a.token, { name: 'Sin rol', is_seller: false, is_buyer: false });
    expect(res.statusCode).toBe(422);
    expect(json(res).detail).toEqual([{ loc: ['body', 'is_seller'], msg: MASTER_DATA_MSG.sellerOrBuyer }]);
    const agent = await create('livestock-agents', { name: 'Vendedor solo', is_seller: true });
    expect(agent.label).toBe('Vendedor');
    const upd = await call(app, 'PUT', `livestock-agents?livestock_agent_id=${agent.livestock_agent_id}&${ws(a)}`, { token: a.token, body: { is_seller: false } });
    expect(upd.statusCode).toBe(422);
    const both = await call(app, 'PUT', `livestock-agents?livestock_agent_id=${agent.livestock_agent_id}&${ws(a)}`, { token: a.token, body: { is_buyer: true } });
    expect(json<Rec[]>(both).data[0].label).toBe('Vendedor-Comprador');
  });

  it('requires a visible farm for Silo and Silobolsa, and a visible buyer', async () => {
    const noFarm = await post(`destinations?${ws(a)}`, a.token, { name: 'Silo 1', destination_type: 'Silo' });
    expect(json(noFarm).detail).toEqual([{ loc: ['body', 'farm_id'], msg: MASTER_DATA_MSG.farmRequired }]);
    const badType = await post(`destinations?${ws(a)}`, a.token, { name: 'X', destination_type: 'Puerto' });
    expect(messagesOf(badType)).toContain(MASTER_DATA_MSG.destinationTypeRequired);
    const [farm] = await app.db.insert(farms).values({ user_id: b.user_id, name: 'La de B' }).returning();
    await share(app.db, 'farms', farm.farm_id, [b.workspace_id]);
    const foreignFarm = await post(`destinations?${ws(a)}`, a.token, { name: 'Silo ajeno', destination_type: 'Silo', farm_id: farm.farm_id });
    expect(json(foreignFarm).message).toBe(MASTER_DATA_MSG.farmNotFound);
    const ok = await create('destinations', { name: 'Silo de B', destination_type: 'Silo', farm_id: farm.farm_id }, b);
    expect(ok.farm_name).toBe('La de B');
  });
});

describe('lists: filters and paging', () => {
  it('filters destinations by type, active and contains Silo, and pages with totals', async () => {
    const u = await buildUser(app);
    const [farm] = await app.db.insert(farms).values({ user_id: u.user_id, name: 'El Ombú' }).returning();
    await share(app.db, 'farms', farm.farm_id, [u.workspace_id]);
    const buyer = await create('buyers', { name: 'Cargill' }, u);
    await create('destinations', { name: 'Acopio Cargill Junín', destination_type: 'Acopio', buyer_id: buyer.buyer_id }, u);
    const off = await create('destinations', { name: 'Acopio viejo', destination_type: 'Acopio' }, u);
    await call(app, 'PUT', `destinations?destination_id=${off.destination_id}&${ws(u)}`, { token: u.token, body: { active: false } });
    await create('destinations', { name: 'Silo El Ombú', destination_type: 'Silo', farm_id: farm.farm_id }, u);
    await create('destinations', { name: 'Silobolsa lote 4', destination_type: 'Silobolsa', farm_id: farm.farm_id }, u);

    const activeAcopios = await list('destinations', u, filters({ field: 'destination_type', condition: 'is', value: 'Acopio' }, { field: 'active', condition: 'is', value: true }));
    expect(activeAcopios.rows.map((d) => [d.name, d.buyer_name])).toEqual([['Acopio Cargill Junín', 'Cargill']]);
    const silos = await list('destinations', u, filters({ field: 'destination_type', condition: 'contains', value: 'Silo' }));
    expect(silos.rows.map((d) => d.name)).toEqual(['Silo El Ombú', 'Silobolsa lote 4']);
    const byParam = await list('destinations', u, '&destination_type=Silobolsa');
    expect(byParam.rows.map((d) => d.name)).toEqual(['Silobolsa lote 4']);

    const page2 = await list('destinations', u, '&pagination=true&page=2&per_page=3&order_by=name&order=ASC');
    expect(page2.total).toBe(4);
    expect(page2.rows.map((d) => d.name)).toEqual(['Silobolsa lote 4']);

    const named = await list('buyers', u, filters({ field: 'name', condition: 'contains', value: 'carg' }));
    expect(named.rows).toHaveLength(1);
    for (const value of ['junin', 'JUNÍN', 'ombu']) {
      const found = await list('destinations', u, filters({ field: 'name', condition: 'contains', value }));
      expect(found.rows.map((d) => d.name), value).toEqual([value === 'ombu' ? 'Silo El Ombú' : 'Acopio Cargill Junín']);
    }
    const bad = await call(app, 'GET', `buyers?${ws(u)}${filters({ field: 'password', condition: 'is', value: 'x' })}`, { token: u.token });
    expect(bad.statusCode).toBe(400);
  });
});

describe('workspaces, sharing and permissions', () => {
  it('shows a provider only in the workspaces it is shared into; another account gets 404', async () => {
    const [w2] = await app.db.insert(workspaces).values({ name: 'Segundo campo', user_id: a.user_id }).returning();
    const tokenW2 = (await app.tokens.sign(a.user_id, w2.workspace_id)).token;
    const inW2 = await post(`providers?workspace_id=${w2.workspace_id}`, tokenW2, { name: 'Solo en W2' });
    const id = Number(json<Rec[]>(inW2).data[0].provider_id);
    expect((await list('providers', a)).rows.map((p) => p.provider_id)).not.toContain(id);
    expect((await call(app, 'PUT', `providers?provider_id=${id}&${ws(a)}`, { token: a.token, body: { name: 'x' } })).statusCode).toBe(404);

    // the owner sees the whole account in Mis recursos and shares it into W1 too
    const account = await list('providers', a, '&scope=account');
    expect(account.rows.find((p) => p.provider_id === id)?.workspaces).toEqual([{ workspace_id: w2.workspace_id, name: 'Segundo campo' }]);
    const shared = await call(app, 'PUT', `providers?provider_id=${id}&scope=account&${ws(a)}`, { token: a.token, body: { workspaces: [a.workspace_id, w2.workspace_id, b.workspace_id] } });
    expect(shared.statusCode, shared.body).toBe(200);
    const after = await list('providers', a, '&scope=account');
    expect(after.rows.find((p) => p.provider_id === id)?.workspaces?.map((w) => w.workspace_id).sort()).toEqual([a.workspace_id, w2.workspace_id].sort());
    expect((await list('providers', a)).rows.map((p) => p.provider_id)).toContain(id);

    // B (another account) can neither see, edit nor delete it
    expect((await list('providers', b)).rows.map((p) => p.provider_id)).not.toContain(id);
    expect((await call(app, 'PUT', `providers?provider_id=${id}&${ws(b)}`, { token: b.token, body: { active: false } })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `providers?provider_id=${id}&${ws(b)}`, { token: b.token })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `providers?provider_id=${id}&scope=account&${ws(b)}`, { token: b.token })).statusCode).toBe(404);
  });

  it('carriers are visible where their transport is shared', async () => {
    const t = await create('transports', { name: 'Transporte de A' });
    const c = await create('carriers', { transport_id: t.transport_id, name: 'Chofer de A' });
    expect((await call(app, 'PUT', `carriers?carrier_id=${c.carrier_id}&${ws(b)}`, { token: b.token, body: { name: 'x' } })).statusCode).toBe(404);
    const foreign = await post(`carriers?${ws(b)}`, b.token, { transport_id: t.transport_id, name: 'Intruso' });
    expect(foreign.statusCode).toBe(422);
  });

  it('403 for a member without resources; members work inside the workspace but not on the account', async () => {
    const m = await buildUser(app);
    // 'resources' is a base module the permission screen cannot uncheck; the guard still enforces the stored row
    const denied = await addMember(app, a.workspace_id, m, defaultPermissions());
    const row = and(eq(workspacePermissions.workspace_id, a.workspace_id), eq(workspacePermissions.user_id, m.user_id), eq(workspacePermissions.module, 'resources'));
    await app.db.update(workspacePermissions).set({ read: false, update: false, create: false, delete: false }).where(row);
    for (const path of ['providers', 'buyers', 'livestock-agents', 'transports', 'carriers', 'destinations', 'contractors']) {
      const res = await call(app, 'GET', `${path}?${ws(a)}`, { token: denied });
      expect(res.statusCode).toBe(403);
    }
    expect((await post(`buyers?${ws(a)}`, denied, { name: '' })).statusCode).toBe(403);

    await app.db.update(workspacePermissions).set({ read: true, update: true, create: true, delete: true }).where(row);
    const member = denied;
    const made = await post(`buyers?${ws(a)}`, member, { name: 'Comprador cargado por miembro' });
    expect(json<Rec[]>(made).data[0].user_id).toBe(a.user_id);
    expect((await call(app, 'GET', `buyers?${ws(a)}&scope=account`, { token: member })).statusCode).toBe(403);
    expect((await post(`buyers?${ws(a)}`, member, { name: 'Con espacios', workspaces: [a.workspace_id] })).statusCode).toBe(403);
  });
});

describe('deleting what others use', () => {
  it('refuses a transport with carriers and a buyer used by a destination', async () => {
    const t = await create('transports', { name: 'Transporte ocupado' });
    await create('carriers', { transport_id: t.transport_id, name: 'Uno' });
    await create('carriers', { transport_id: t.transport_id, name: 'Dos' });
    const res = await call(app, 'DELETE', `transports?transport_id=${t.transport_id}&${ws(a)}`, { token: a.token });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('No se puede eliminar el transporte: tiene 2 choferes');

    const buyer = await create('buyers', { name: 'Comprador ocupado' });
    await create('destinations', { name: 'Acopio del comprador', destination_type: 'Acopio', buyer_id: buyer.buyer_id });
    const used = await call(app, 'DELETE', `buyers?buyer_id=${buyer.buyer_id}&${ws(a)}`, { token: a.token });
    expect(used.statusCode).toBe(409);
    expect(json(used).message).toBe('No se puede eliminar el comprador: lo usa 1 destino');
  });
});

describe('demo data', () => {
  it('seeds the demo account with master data shared into its workspace', async () => {
    const { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } = await import('../demo-seeders');
    expect(await seedDemo(app.db)).toBe(true);
    const signin = await call(app, 'POST', 'users/signin', { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    const token = json<{ token: string }[]>(signin).data[0].token;
    const count = async (path: string) => json<Rec[]>(await call(app, 'GET', path, { token })).data.length;
    expect(await count('providers')).toBe(4);
    expect(await count('buyers')).toBe(4);
    expect(await count('transports')).toBe(3);
    expect(await count('carriers')).toBe(6);
    expect(await count('contractors')).toBe(2);
    expect(await count('livestock-agents')).toBe(2);
    expect(await count('destinations?destination_type=Acopio')).toBe(2);
  });
});
