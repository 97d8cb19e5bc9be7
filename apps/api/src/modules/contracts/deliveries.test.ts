import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinations } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { contractBody, contractFixture, contractRow, createContract, CROP_MAIZ, deliver, q, receivedMovement, stockLedgerSum, stockTons, type ContractFixture } from './contracts.test-helpers';

let app: TestApp;
let owner: TestUser;
let f: ContractFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await contractFixture(app, owner);
});
afterAll(() => app.cleanup());

const TONS_ABOVE = 'La cantidad de toneladas indicada es mayor a la cantidad de toneladas disponibles.';
type Deliveries = { contract_id: number; status: string; tons_delivered: string; pending: string; movements: { contract_movement_id: number; movement_id: number; tons: string; delivery_date: string; waybill: string; company_name: string; season_name: string }[] };
const deliveries = async (contractId: number) => json<Deliveries[]>(await call(app, 'GET', `grains/contracts/movements?${q(owner, `contract_id=${contractId}`)}`, { token: owner.token })).data[0];
const removeDelivery = (id: number) => call(app, 'DELETE', `grains/contracts/movements?${q(owner, `contract_movement_id=${id}`)}`, { token: owner.token });

describe('applying tons to a contract', () => {
  it("refuses an empty list with 'No ha seleccionado ningún movimiento.'", async () => {
    const id = await createContract(app, owner, contractBody(f));
    const res = await deliver(app, owner, id, []);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('No ha seleccionado ningún movimiento.');
  });

  it("refuses a call without a contract with 'No ha seleccionado ningún contrato.'", async () => {
    const m = await receivedMovement(app, owner, f, '1');
    const res = await call(app, 'POST', `grains/contracts/movements?${q(owner)}`, { token: owner.token, body: { movements: [{ movement_id: m.movement_id, tons: '1' }] } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toContain('No ha seleccionado ningún contrato.');
  });

  it("status goes Sin entregar → Entrega parcial → Cumplido and back as deliveries are applied and deleted", async () => {
    const id = await createContract(app, owner, contractBody(f, { tons: '40' }));
    const a = await receivedMovement(app, owner, f, '25');
    const b = await receivedMovement(app, owner, f, '30');
    const before = new Big(await stockTons(app, a.stock_id));

    const first = await deliver(app, owner, id, [{ movement_id: a.movement_id, tons: '25' }]);
    expect(first.statusCode).toBe(201);
    expect(json(first).message).toBe('¡Toneladas aplicadas!');
    expect(await contractRow(app, id)).toMatchObject({ status: 'Entrega parcial', tons_delivered: '25.000' });
    expect(await stockTons(app, a.stock_id)).toBe(before.minus(25).toFixed(3));

    const second = await deliver(app, owner, id, [{ movement_id: b.movement_id, tons: '15', delivery_date: '2026-05-10' }]);
    expect(second.statusCode).toBe(201);
    expect(await contractRow(app, id)).toMatchObject({ status: 'Cumplido', tons_delivered: '40.000' });

    // the deliveries screen: the contract with its movements, newest first
    const d = await deliveries(id);
    expect(d).toMatchObject({ status: 'Cumplido', tons_delivered: '40.000', pending: '0.00' });
    expect(d.movements.map((m) => [m.movement_id, m.tons, m.delivery_date])).toEqual([
      [b.movement_id, '15.000', '2026-05-10'],
      [a.movement_id, '25.000', '2026-05-02'],
    ]);
    expect(d.movements[0]).toMatchObject({ season_name: '2025/26', waybill: expect.stringMatching(/^CP-/) });

    // a Cumplido contract takes no more
    const c = await receivedMovement(app, owner, f, '5');
    expect((await deliver(app, owner, id, [{ movement_id: c.movement_id, tons: '1' }])).statusCode).toBe(409);

    // deleting restores the stock and the status
    const del = await removeDelivery(d.movements[0].contract_movement_id);
    expect(del.statusCode).toBe(200);
    expect(json(del).message).toBe('Eliminado');
    expect(await contractRow(app, id)).toMatchObject({ status: 'Entrega parcial', tons_delivered: '25.000' });
    await removeDelivery(d.movements[1].contract_movement_id);
    expect(await contractRow(app, id)).toMatchObject({ status: 'Sin entregar', tons_delivered: '0.000' });
    expect(await stockTons(app, a.stock_id)).toBe(await stockLedgerSum(app, a.stock_id));
    expect((await removeDelivery(d.movements[1].contract_movement_id)).statusCode).toBe(404);
    // the contract is deletable again
    expect((await call(app, 'DELETE', `grains/contracts?${q(owner, `contract_id=${id}`)}`, { token: owner.token })).statusCode).toBe(200);
  });

  it("refuses tons above the movement's remaining tons, nothing written", async () => {
    const id = await createContract(app, owner, contractBody(f, { tons: '1000' }));
    const m = await receivedMovement(app, owner, f, '10');
    const stockBefore = await stockTons(app, m.stock_id);
    const res = await deliver(app, owner, id, [{ movement_id: m.movement_id, tons: '10.001' }]);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(TONS_ABOVE);
    expect(json(res).detail?.[0]).toMatchObject({ loc: ['body', 'movements', 0, 'tons'], msg: TONS_ABOVE });
    expect((await deliver(app, owner, id, [{ movement_id: m.movement_id, tons: '6' }])).statusCode).toBe(201);
    // 4 left on the movement: two rows of 3 over the same movement exceed it
    const twice = await deliver(app, owner, id, [{ movement_id: m.movement_id, tons: '3' }, { movement_id: m.movement_id, tons: '3' }]);
    expect(twice.statusCode).toBe(422);
    expect(json(twice).detail?.map((d) => d.loc)).toEqual([['body', 'movements', 1, 'tons']]);
    expect(await stockTons(app, m.stock_id)).toBe(new Big(stockBefore).minus(6).toFixed(3));
    expect(await contractRow(app, id)).toMatchObject({ tons_delivered: '6.000', status: 'Entrega parcial' });
  });

  it('refuses tons above the contract pending tons', async () => {
    const id = await createContract(app, owner, contractBody(f, { tons: '5' }));
    const m = await receivedMovement(app, owner, f, '10');
    const res = await deliver(app, owner, id, [{ movement_id: m.movement_id, tons: '6' }]);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toContain('pendientes del contrato');
  });

  it('tons in a Silo or Silobolsa are not delivered (409): only an Acopio stock', async () => {
    const id = await createContract(app, owner, contractBody(f));
    const [silo] = await app.db.insert(destinations).values({ user_id: owner.user_id, name: 'Silo El Ombú', destination_type: 'Silo' }).returning();
    await share(app.db, 'destinations', silo.destination_id, [owner.workspace_id]);
    const m = await receivedMovement(app, owner, { ...f, destination: silo.destination_id }, '10');
    const res = await deliver(app, owner, id, [{ movement_id: m.movement_id, tons: '1' }]);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toMatch(/^Solo se aplican a un contrato toneladas de un Acopio/);
  });

  it('a movement of another crop, an unknown one and an in-transit one are refused', async () => {
    const id = await createContract(app, owner, contractBody(f));
    const maiz = await receivedMovement(app, owner, f, '10', CROP_MAIZ);
    expect((await deliver(app, owner, id, [{ movement_id: maiz.movement_id, tons: '1' }])).statusCode).toBe(422);
    expect((await deliver(app, owner, id, [{ movement_id: 2_000_000_000, tons: '1' }])).statusCode).toBe(404);
  });

  it("another workspace's movement is a 404", async () => {
    const other = await buildUser(app);
    const g = await contractFixture(app, other);
    const theirs = await receivedMovement(app, other, g, '10');
    const id = await createContract(app, owner, contractBody(f));
    expect((await deliver(app, owner, id, [{ movement_id: theirs.movement_id, tons: '1' }])).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `grains/contracts/movements?${q(other, 'contract_movement_id=1')}`, { token: other.token })).statusCode).toBe(404);
  });
});

describe('concurrent deliveries (PostgreSQL)', () => {
  it.runIf(process.env.FM_TEST_DB === 'postgres')('50 concurrent deliveries of 1 tn against one contract of 30 tn and one movement of 40 tn: exactly 30 land', async () => {
    const id = await createContract(app, owner, contractBody(f, { tons: '30' }));
    const m = await receivedMovement(app, owner, f, '40');
    const start = new Big(await stockTons(app, m.stock_id));
    const twin = await app.twin();
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => deliver(i % 2 ? twin : app, owner, id, [{ movement_id: m.movement_id, tons: '1' }])));
    const codes = results.map((r) => r.statusCode);
    expect(codes.every((c) => c === 201 || c === 409 || c === 422)).toBe(true);
    expect(codes.filter((c) => c === 201).length).toBe(30);
    expect(await contractRow(app, id)).toMatchObject({ tons_delivered: '30.000', status: 'Cumplido' });
    expect(await stockTons(app, m.stock_id)).toBe(start.minus(30).toFixed(3));
    expect(await stockTons(app, m.stock_id)).toBe(await stockLedgerSum(app, m.stock_id));
  });

  it.runIf(process.env.FM_TEST_DB === 'postgres')('50 concurrent deliveries of 1 tn from one movement of 20 tn into 50 contracts: exactly 20 land, the stock never goes below', async () => {
    const m = await receivedMovement(app, owner, f, '20');
    const start = new Big(await stockTons(app, m.stock_id));
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await createContract(app, owner, contractBody(f, { tons: '10' })));
    const twin = await app.twin();
    const results = await Promise.all(ids.map((id, i) => deliver(i % 2 ? twin : app, owner, id, [{ movement_id: m.movement_id, tons: '1' }])));
    expect(results.filter((r) => r.statusCode === 201).length).toBe(20);
    for (const r of results.filter((x) => x.statusCode !== 201)) expect(json(r).message).toBe(TONS_ABOVE);
    expect(await stockTons(app, m.stock_id)).toBe(start.minus(20).toFixed(3));
    expect(await stockTons(app, m.stock_id)).toBe(await stockLedgerSum(app, m.stock_id));
  });
});
