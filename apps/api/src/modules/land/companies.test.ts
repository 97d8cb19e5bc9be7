import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_ID, CAPACITY_MSG, CUIT_MESSAGE, LAND_MSG, type Company } from '@fm/domain';
import { workspaces } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { addonsOf, setAddonQuantity } from '../plans/index';
import { memberWithout } from './land.test-helpers';

let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  await setAddonQuantity(app.db, owner.user_id, ADDON_ID.COMPANIES, 10);
});
afterAll(() => app.cleanup());

const agro = { name: 'Agro Los Álamos S.A.', tax_identifier: '30-71234567-1', company_type_id: 1 };
const post = (body: unknown, token = owner.token) => call(app, 'POST', 'companies', { token, body });

describe('companies', () => {
  it('401 without token, 422 with the CUIT message, 201 with digits stored and shared into the workspace', async () => {
    expect((await call(app, 'GET', 'companies')).statusCode).toBe(401);
    const bad = await post({ ...agro, tax_identifier: '30-71234567-2' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe(CUIT_MESSAGE);
    expect(json(bad).detail?.[0].loc).toEqual(['body', 'tax_identifier']);
    const noName = await post({ ...agro, name: ' ' });
    expect(json(noName).message).toBe(LAND_MSG.nameRequired);

    const res = await post(agro);
    expect(res.statusCode).toBe(201);
    const c = json<Company[]>(res).data[0];
    expect(c).toMatchObject({ name: agro.name, tax_identifier: '30712345671', active: true, is_an_agreement: false, partners: [] });
    expect(c.workspaces.map((w) => w.workspace_id)).toEqual([owner.workspace_id]);

    const dup = await post({ ...agro, name: 'Otra' });
    expect(dup.statusCode).toBe(422);
    expect(json(dup).message).toBe(LAND_MSG.taxIdTaken);
  });

  it('agreements: partners with contributions up to 100%', async () => {
    const a = json<Company[]>(await post({ name: 'Socio A', tax_identifier: '30709988774', company_type_id: 3 })).data[0];
    const b = json<Company[]>(await post({ name: 'Socio B', tax_identifier: '33711122236', company_type_id: 3 })).data[0];
    const over = await post({ name: 'Convenio X', tax_identifier: '30695522114', company_type_id: 2, partners: [{ partner_id: a.company_id, contribution: 60 }, { partner_id: b.company_id, contribution: 50 }] });
    expect(over.statusCode).toBe(422);
    expect(json(over).message).toBe(LAND_MSG.contributionsOver100);

    const stranger = await buildUser(app);
    const foreign = json<Company[]>(await post({ name: 'Ajena', tax_identifier: '30612345674' }, stranger.token)).data[0];
    const notMine = await post({ name: 'Convenio X', tax_identifier: '30695522114', company_type_id: 2, partners: [{ partner_id: foreign.company_id, contribution: 10 }] });
    expect(notMine.statusCode).toBe(422);
    expect(json(notMine).message).toBe(LAND_MSG.partnerNotFound);

    const ok = await post({ name: 'Convenio X', tax_identifier: '30695522114', company_type_id: 2, partners: [{ partner_id: a.company_id, contribution: 60 }, { partner_id: b.company_id, contribution: 40 }] });
    expect(ok.statusCode).toBe(201);
    const conv = json<Company[]>(ok).data[0];
    expect(conv.is_an_agreement).toBe(true);
    expect(conv.partners.map((p) => [p.partner.name, p.contribution])).toEqual([['Socio A', 60], ['Socio B', 40]]);

    // a partner cannot be deleted, nor an agreement that has partners
    const delA = await call(app, 'DELETE', `companies?company_id=${a.company_id}`, { token: owner.token });
    expect(delA.statusCode).toBe(409);
    expect(json(delA).message).toBe('No se puede eliminar la empresa: es socia del convenio Convenio X');
    expect((await call(app, 'DELETE', `companies?company_id=${conv.company_id}`, { token: owner.token })).statusCode).toBe(409);
    // clearing partners (type change) then deleting works
    const edited = await call(app, 'PUT', `companies?company_id=${conv.company_id}`, { token: owner.token, body: { company_type_id: 1 } });
    expect(json<Company[]>(edited).data[0].partners).toEqual([]);
    expect((await call(app, 'DELETE', `companies?company_id=${conv.company_id}`, { token: owner.token })).statusCode).toBe(200);
  });

  it('lists with filters (active, contains on name) and pagination; toggles active', async () => {
    const list = await call(app, 'GET', `companies?pagination=true&page=1&per_page=2`, { token: owner.token });
    expect(json(list).total).toBe(3);
    expect(json<Company[]>(list).data).toHaveLength(2);
    const socio = json<Company[]>(await call(app, 'GET', `companies?filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'name', condition: 'contains', value: 'socio' }] }))}`, { token: owner.token })).data;
    expect(socio.map((c) => c.name)).toEqual(['Socio A', 'Socio B']);
    const id = socio[0].company_id;
    await call(app, 'PUT', `companies?company_id=${id}`, { token: owner.token, body: { active: false } });
    const active = json<Company[]>(await call(app, 'GET', `companies?filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'active', condition: 'is', value: true }] }))}`, { token: owner.token })).data;
    expect(active.map((c) => c.name)).not.toContain('Socio A');
    expect((await call(app, 'GET', `companies?filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'user_id', condition: 'is', value: 1 }] }))}`, { token: owner.token })).statusCode).toBe(400);
  });

  it('workspace visibility and sharing; scope=account for the owner only', async () => {
    const [ws2] = await app.db.insert(workspaces).values({ name: 'Campo 2', user_id: owner.user_id }).returning();
    const token2 = (await app.tokens.sign(owner.user_id, ws2.workspace_id)).token;
    // nothing is shared into the second workspace yet
    expect(json<Company[]>(await call(app, 'GET', 'companies', { token: token2 })).data).toEqual([]);
    const all = json<Company[]>(await call(app, 'GET', 'companies?scope=account', { token: token2 })).data;
    expect(all.length).toBe(3);
    const agroId = all.find((c) => c.name === agro.name)?.company_id ?? 0;
    // invisible in W2: editing there without scope=account is a 404
    expect((await call(app, 'PUT', `companies?company_id=${agroId}`, { token: token2, body: { name: 'X' } })).statusCode).toBe(404);
    // share into both workspaces (a workspace of another account is ignored)
    const stranger = await buildUser(app);
    const shared = await call(app, 'PUT', `companies?company_id=${agroId}&scope=account`, { token: token2, body: { workspaces: [owner.workspace_id, ws2.workspace_id, stranger.workspace_id] } });
    expect(json<Company[]>(shared).data[0].workspaces.map((w) => w.workspace_id).sort()).toEqual([owner.workspace_id, ws2.workspace_id].sort());
    expect(json<Company[]>(await call(app, 'GET', 'companies', { token: token2 })).data.map((c) => c.name)).toEqual([agro.name]);
    // a stranger never sees it
    expect(json<Company[]>(await call(app, 'GET', 'companies', { token: stranger.token })).data.map((c) => c.name)).not.toContain(agro.name);
    expect((await call(app, 'DELETE', `companies?company_id=${agroId}`, { token: stranger.token })).statusCode).toBe(404);

    // a member: scope=account is refused; creating makes the workspace's owner the owner
    const member = await buildUser(app);
    const memberToken = await addMember(app, owner.workspace_id, member);
    expect((await call(app, 'GET', 'companies?scope=account', { token: memberToken })).statusCode).toBe(403);
    const made = await post({ name: 'Del miembro', tax_identifier: '20251234567' }, memberToken);
    expect(made.statusCode).toBe(201);
    const ownerAll = json<Company[]>(await call(app, 'GET', 'companies?scope=account', { token: owner.token })).data;
    expect(ownerAll.map((c) => c.name)).toContain('Del miembro');
  });

  it('403 without the resources permission', async () => {
    const token = await memberWithout(app, owner.workspace_id, 'resources');
    expect((await call(app, 'GET', 'companies', { token })).statusCode).toBe(403);
    expect((await post(agro, token)).statusCode).toBe(403);
    expect((await call(app, 'PUT', 'companies?company_id=1', { token, body: {} })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', 'companies?company_id=1', { token })).statusCode).toBe(403);
  });

  it('counts the account companies for the Empresas add-on and refuses creating beyond its capacity', async () => {
    const addons = await addonsOf(app.db, owner.user_id);
    expect(addons.find((a) => a.addon_id === ADDON_ID.COMPANIES)?.used).toBe(4);
    const pro = await buildUser(app); // PRO includes 2 companies
    expect((await post({ name: 'Uno', tax_identifier: '30709988774' }, pro.token)).statusCode).toBe(201);
    expect((await post({ name: 'Dos', tax_identifier: '33711122236' }, pro.token)).statusCode).toBe(201);
    const third = await post({ name: 'Tres', tax_identifier: '30695522114' }, pro.token);
    expect(third.statusCode).toBe(409);
    expect(json(third).message).toBe(CAPACITY_MSG.companies);
  });
});
