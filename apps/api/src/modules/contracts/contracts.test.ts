import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, createTestApp, json, memberWithout, type TestApp, type TestUser } from '../../test/app';
import { contractBody, contractFixture, createContract, deliver, q, receivedMovement, type ContractFixture } from './contracts.test-helpers';

let app: TestApp;
let owner: TestUser;
let other: TestUser;
let f: ContractFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  other = await buildUser(app);
  f = await contractFixture(app, owner);
});
afterAll(() => app.cleanup());

type Contract = { contract_id: number; status: string; tons: string; tons_delivered: string; pending: string; price: string; season_name: string; company_name: string; crop_name: string; buyer_name: string; destination: string | null };
const post = (body: unknown, user = owner) => call(app, 'POST', `grains/contracts?${q(user)}`, { token: user.token, body });
const messages = (res: { json: () => unknown }) => ((res.json() as { detail?: { msg: string }[] }).detail ?? []).map((d) => d.msg);

describe('contract validation (spec §5 Contract)', () => {
  it('an empty body answers 422 with every message of the table', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(422);
    const msgs = messages(res);
    for (const m of [
      'El campo Empresa es obligatorio',
      'El campo Producto es obligatorio',
      'El campo Comprador es obligatorio',
      'El campo Campaña es obligatorio',
      'El campo Tn comprometidas debe ser mayor a 0',
      'El campo Precio (US$/tn) debe ser mayor a 0',
    ]) {
      expect(msgs).toContain(m);
    }
  });

  it('tons and price at 0 or below are refused with their messages', async () => {
    const res = await post(contractBody(f, { tons: '0', price: '-5' }));
    expect(res.statusCode).toBe(422);
    expect(messages(res)).toEqual(expect.arrayContaining(['El campo Tn comprometidas debe ser mayor a 0', 'El campo Precio (US$/tn) debe ser mayor a 0']));
  });

  it('agreement_id must be an agreement whose partners include the company', async () => {
    const ok = await post(contractBody(f, { agreement_id: f.agreement }));
    expect(ok.statusCode).toBe(201);
    const notAgreement = await post(contractBody(f, { agreement_id: f.company }));
    expect(notAgreement.statusCode).toBe(422);
    expect(json(notAgreement).message).toBe('El convenio elegido no tiene a la empresa entre sus socios');
  });

  it("another workspace's company, buyer or season answers 404", async () => {
    const g = await contractFixture(app, other);
    for (const over of [{ company_id: g.company }, { buyer_id: g.buyer }, { season_id: g.season }]) {
      expect((await post(contractBody(f, over))).statusCode).toBe(404);
    }
  });
});

describe('contracts CRUD', () => {
  it('creates Sin entregar with the list shape and lists it with names, pending and destination', async () => {
    const res = await post(contractBody(f, { contract_number: 'C-001', condition: 'Forward', deadline: '2026-06-30', trade: true, observations: 'Entrega en puerto' }));
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('¡OK!');
    const c = json<Contract[]>(res).data[0];
    expect(c).toMatchObject({ status: 'Sin entregar', tons: '100.000', tons_delivered: '0.000', pending: '100.00', price: '300.00', season_name: '2025/26', crop_name: 'Soja' });
    // no deliveries yet: the buyer's Acopio
    expect(c.destination).toMatch(/^Acopio /);
    const list = await call(app, 'GET', `grains/contracts?${q(owner, `pagination=true&page=1&per_page=5&filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'contract.contract_id', condition: 'is', value: c.contract_id }] }))}`)}`, { token: owner.token });
    expect(list.statusCode).toBe(200);
    expect(json<Contract[]>(list).data.map((r) => r.contract_id)).toEqual([c.contract_id]);
    const byParam = await call(app, 'GET', `grains/contracts?${q(owner, `contract_id=${c.contract_id}`)}`, { token: owner.token });
    expect(json<Contract[]>(byParam).data.map((r) => r.contract_id)).toEqual([c.contract_id]);
    const search = await call(app, 'GET', `grains/contracts?${q(owner, 'search=C-001')}`, { token: owner.token });
    expect(json<Contract[]>(search).data.map((r) => r.contract_id)).toEqual([c.contract_id]);
    const byCrop = await call(app, 'GET', `grains/contracts?${q(owner, `filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'contract.crop_id', condition: 'is', value: 2 }] }))}`)}`, { token: owner.token });
    expect(json<Contract[]>(byCrop).data).toEqual([]);
    const byStatus = await call(app, 'GET', `grains/contracts?${q(owner, `filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'contract.status', condition: 'is', value: 'Sin entregar' }] }))}`)}`, { token: owner.token });
    expect(json<Contract[]>(byStatus).data.length).toBeGreaterThan(0);
  });

  it('edits a contract; committed tons may not go below the delivered ones and the status follows them', async () => {
    const id = await createContract(app, owner, contractBody(f, { tons: '50' }));
    const m = await receivedMovement(app, owner, f, '30');
    expect((await deliver(app, owner, id, [{ movement_id: m.movement_id, tons: '30' }])).statusCode).toBe(201);
    const below = await call(app, 'PUT', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token, body: contractBody(f, { tons: '20' }) });
    expect(below.statusCode).toBe(422);
    const exact = await call(app, 'PUT', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token, body: contractBody(f, { tons: '30' }) });
    expect(exact.statusCode).toBe(200);
    expect(json<Contract[]>(exact).data[0].status).toBe('Cumplido');
    const more = await call(app, 'PUT', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token, body: contractBody(f, { tons: '60', price: '310.5' }) });
    expect(json<Contract[]>(more).data[0]).toMatchObject({ status: 'Entrega parcial', price: '310.50', pending: '30.00' });
    // a contract with deliveries cannot be deleted
    const del = await call(app, 'DELETE', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(409);
    expect(json(del).message).toBe('Solo se puede eliminar un contrato Sin entregar.');
  });

  it('deletes a Sin entregar contract (Eliminado), then it is gone (404)', async () => {
    const id = await createContract(app, owner, contractBody(f));
    const del = await call(app, 'DELETE', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(json(del).message).toBe('Eliminado');
    expect((await call(app, 'DELETE', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token })).statusCode).toBe(404);
  });
});

describe('object-level security', () => {
  it("another workspace's contract is a 404 on every route, and never listed", async () => {
    const id = await createContract(app, owner, contractBody(f));
    const t = other.token;
    expect((await call(app, 'PUT', `grains/contracts?${q(other, `contract_id=${id}`)}`, { token: t, body: contractBody(f) })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `grains/contracts?${q(other, `contract_id=${id}`)}`, { token: t })).statusCode).toBe(404);
    expect((await call(app, 'GET', `grains/contracts/movements?${q(other, `contract_id=${id}`)}`, { token: t })).statusCode).toBe(404);
    expect((await deliver(app, other, id, [{ movement_id: 1, tons: '1' }])).statusCode).toBe(404);
    const list = await call(app, 'GET', `grains/contracts?${q(other)}`, { token: t });
    expect(json<Contract[]>(list).data.map((c) => c.contract_id)).not.toContain(id);
    // the owner's workspace with another user's token: not a member
    expect((await call(app, 'GET', `grains/contracts?${q(owner)}`, { token: t })).statusCode).toBe(403);
  });

  it('a member without commercialization_stock gets 403 on every contract route', async () => {
    const token = await memberWithout(app, owner.workspace_id, 'commercialization_stock');
    const id = await createContract(app, owner, contractBody(f));
    const calls = [
      call(app, 'GET', `grains/contracts?${q(owner)}`, { token }),
      call(app, 'POST', `grains/contracts?${q(owner)}`, { token, body: contractBody(f) }),
      call(app, 'PUT', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token, body: contractBody(f) }),
      call(app, 'DELETE', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token }),
      call(app, 'GET', `grains/contracts/movements?${q(owner, `contract_id=${id}`)}`, { token }),
      call(app, 'POST', `grains/contracts/movements?${q(owner, `contract_id=${id}`)}`, { token, body: { movements: [] } }),
      call(app, 'DELETE', `grains/contracts/movements?${q(owner, 'contract_movement_id=1')}`, { token }),
    ];
    expect((await Promise.all(calls)).map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });
});
