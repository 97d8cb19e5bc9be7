import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAIN_MSG, type MoveGrainStockBodyInput } from '@fm/domain';
import { destinations, grainContractMovements, grainContracts, buyers } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, memberWithout, type TestApp, type TestUser } from '../../test/app';
import { createMovements, filters, grainFixture, ledgerSum, movementBody, q, receive, stockTons, type GrainFixture } from './grains.test-helpers';

type Stock = { stock_id: number; tons: number; destination: { destination_id: number; name: string; destination_type: string }; product: { name: string } };
type Tx = { stock_transaction_id: number; movement_id: number | null; kind: string; destination_tons: number; origin: string | null };

let app: TestApp;
let owner: TestUser;
let f: GrainFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await grainFixture(app, owner);
});
afterAll(() => app.cleanup());

let bags = 0;
/** A new stock body; by default into a new Silobolsa, so each test has its own stock. */
const newStock = (over: Record<string, unknown> = {}) => {
  const { origin_tons: _t, origin_humidity: _h, ...movement } = movementBody(f);
  bags += 1;
  return { ...movement, destination_id: null, create_silobag: true, silobag_name: `Bolsa ${bags}`, destination_tons: '100', destination_humidity: '13', contractor_id: null, labor_price: '1500', observations: 'Cosecha propia', ...over };
};
const moveBody = (over: Partial<MoveGrainStockBodyInput> = {}): MoveGrainStockBodyInput => ({
  destination_id: f.acopio,
  transport_id: f.transport,
  carrier_id: f.carrier,
  tons: '10',
  humidity: '13.5',
  freight_price: '9',
  waybill: 'CP-M1',
  ...over,
});
const post = (url: string, body: unknown, user = owner) => call(app, 'POST', `${url}${url.includes('?') ? '&' : '?'}${q(user)}`, { token: user.token, body });
const createStock = async (over: Record<string, unknown> = {}) => {
  const res = await post('grains/stocks', newStock(over));
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return json<Stock[]>(res).data[0];
};
const transactions = async (stockId: number) => json<Tx[]>(await call(app, 'GET', `grains/stocks/transactions?${q(owner, `stock_id=${stockId}`)}`, { token: owner.token })).data;

describe('new stock', () => {
  it("records an 'alta' into the destination's stock, with the spec's columns", async () => {
    const s = await createStock({ destination_id: f.silo, create_silobag: false });
    expect(s).toMatchObject({ tons: 100, destination: { destination_id: f.silo, destination_type: 'Silo' }, product: { name: 'Soja' }, labor_price: 1500, observations: 'Cosecha propia' });
    const [t] = await transactions(s.stock_id);
    expect(t).toMatchObject({ kind: 'alta', destination_tons: 100, origin: 'Alta' });
    const list = json<Stock[]>(await call(app, 'GET', `grains/stocks?${q(owner, `filters=${filters('stock.stock_id', 'is', s.stock_id)}`)}`, { token: owner.token })).data;
    expect(list.map((r) => r.stock_id)).toEqual([s.stock_id]);
  });

  it("'Crear silobolsa' creates the Silobolsa on the plan's farm first; its name is required", async () => {
    const missing = await post('grains/stocks', newStock({ silobag_name: '' }));
    expect(missing.statusCode).toBe(422);
    expect(json(missing).message).toBe(GRAIN_MSG.silobagNameRequired);
    const noDestination = await post('grains/stocks', newStock({ create_silobag: false }));
    expect(json(noDestination).message).toBe(GRAIN_MSG.destinationRequired);
    const s = await createStock({ silobag_name: 'Bolsa Lote 4', destination_tons: '55.5' });
    expect(s).toMatchObject({ tons: 55.5, destination: { name: 'Bolsa Lote 4', destination_type: 'Silobolsa' } });
    const [d] = await app.db.select().from(destinations).where(eq(destinations.destination_id, s.destination.destination_id));
    expect(d).toMatchObject({ farm_id: f.farm, user_id: owner.user_id });
  });

  it('follows the movement rules (tons, humidity, transport)', async () => {
    const res = await post('grains/stocks', newStock({ destination_tons: 0, destination_humidity: '', transport_id: null }));
    expect(res.statusCode).toBe(422);
    expect((json(res).detail ?? []).map((d) => d.msg)).toEqual(expect.arrayContaining([GRAIN_MSG.tonsPositive, GRAIN_MSG.humidityRequired, GRAIN_MSG.transportRequired]));
  });
});

describe('move stock', () => {
  it('answers the Move-stock messages', async () => {
    const s = await createStock();
    const tooMuch = await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ tons: '100.001' }));
    expect(tooMuch.statusCode).toBe(422);
    expect(json(tooMuch).message).toBe(GRAIN_MSG.tonsAboveStock);
    const empty = await post(`grains/stocks/movement?stock_id=${s.stock_id}`, {});
    expect(empty.statusCode).toBe(422);
    expect((json(empty).detail ?? []).map((d) => d.msg)).toEqual(
      expect.arrayContaining([GRAIN_MSG.destinationRequired, GRAIN_MSG.carrierTransportRequired, GRAIN_MSG.tonsPositive, GRAIN_MSG.humidityRequired, GRAIN_MSG.freightPricePositive]),
    );
    expect(await stockTons(app, s.stock_id)).toBe('100.000');
  });

  it('creates an in-transit movement out of the silo and a salida; received at the Acopio it fills that stock', async () => {
    const s = await createStock({ destination_tons: '40' });
    const res = await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ tons: '15.25' }));
    expect(res.statusCode).toBe(201);
    const [{ movement_id, stock }] = json<{ movement_id: number; stock: Stock }[]>(res).data;
    expect(stock.tons).toBe(24.75);
    const movement = json<Record<string, unknown>[]>(await call(app, 'GET', `grains/movements?${q(owner, `filters=${filters('movement.movement_id', 'is', movement_id)}`)}`, { token: owner.token })).data[0];
    expect(movement).toMatchObject({ status: 'En tránsito', origin_stock_id: s.stock_id, origin: s.destination.name, origin_tons: 15.25, chassis_patent: 'AB123CD' });
    expect((await transactions(s.stock_id))[0]).toMatchObject({ kind: 'salida', movement_id, destination_tons: -15.25 });

    const r = await receive(app, owner, [{ movement_id, destination_tons: '15.2', destination_humidity: '13' }]);
    expect(r.statusCode).toBe(200);
    const acopio = Number(json<{ movements: { stock_id: number }[] }[]>(r).data[0].movements[0].stock_id);
    expect(await stockTons(app, acopio)).toBe('15.200');
    expect((await transactions(acopio))[0]).toMatchObject({ kind: 'recepcion', origin: s.destination.name });
  });

  it('only from a Silo or Silobolsa, to another destination', async () => {
    const [id] = await createMovements(app, owner, [movementBody(f)]);
    const r = await receive(app, owner, [{ movement_id: id, destination_tons: 30, destination_humidity: 13 }]);
    const acopio = Number(json<{ movements: { stock_id: number }[] }[]>(r).data[0].movements[0].stock_id);
    const fromAcopio = await post(`grains/stocks/movement?stock_id=${acopio}`, moveBody({ destination_id: f.silo }));
    expect(fromAcopio.statusCode).toBe(409);
    expect(json(fromAcopio).message).toBe(GRAIN_MSG.stockNotMovable);
    const s = await createStock();
    expect((await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ destination_id: s.destination.destination_id }))).statusCode).toBe(422);
  });
});

describe('stock transactions', () => {
  it('deleting a salida (by movement_id, as the screen does) gives the tons back and removes its in-transit movement', async () => {
    const s = await createStock({ destination_tons: '20' });
    const [{ movement_id }] = json<{ movement_id: number }[]>(await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ tons: '5' }))).data;
    expect(await stockTons(app, s.stock_id)).toBe('15.000');
    const del = await call(app, 'DELETE', `grains/stocks/transactions?${q(owner, `movement_id=${movement_id}&stock_id=${s.stock_id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(await stockTons(app, s.stock_id)).toBe('20.000');
    expect(await ledgerSum(app, s.stock_id)).toBe(20);
    const gone = await call(app, 'DELETE', `grains/movements?${q(owner, `movement_id=${movement_id}`)}`, { token: owner.token });
    expect(gone.statusCode).toBe(404);
  });

  it('deleting a reception takes its tons back out and returns the movement to En tránsito', async () => {
    const fx = await grainFixture(app, owner);
    const [id] = await createMovements(app, owner, [movementBody(fx)]);
    const r = await receive(app, owner, [{ movement_id: id, destination_tons: 30, destination_humidity: 13 }]);
    const stockId = Number(json<{ movements: { stock_id: number }[] }[]>(r).data[0].movements[0].stock_id);
    const [t] = await transactions(stockId);
    const del = await call(app, 'DELETE', `grains/stocks/transactions?${q(owner, `stock_transaction_id=${t.stock_transaction_id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(await stockTons(app, stockId)).toBe('0.000');
    const m = json<{ status: string; destination_tons: number | null }[]>(await call(app, 'GET', `grains/movements?${q(owner, `filters=${filters('movement.movement_id', 'is', id)}`)}`, { token: owner.token })).data[0];
    expect(m).toMatchObject({ status: 'En tránsito', destination_tons: null });
  });

  it('a reversal that would leave the stock below zero answers 409 and changes nothing', async () => {
    const s = await createStock({ destination_tons: '10' });
    await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ tons: '8' }));
    const alta = (await transactions(s.stock_id)).find((t) => t.kind === 'alta');
    const del = await call(app, 'DELETE', `grains/stocks/transactions?${q(owner, `stock_transaction_id=${alta?.stock_transaction_id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(409);
    expect(json(del).message).toBe(GRAIN_MSG.stockInsufficient('2.000'));
    expect(await stockTons(app, s.stock_id)).toBe('2.000');
    expect(await transactions(s.stock_id)).toHaveLength(2);
  });
});

describe('movements out of a stock', () => {
  it('are not edited in place (409); deleting one in transit gives its tons back', async () => {
    const s = await createStock({ destination_tons: '12' });
    const [{ movement_id }] = json<{ movement_id: number }[]>(await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ tons: '4.5' }))).data;
    const put = await call(app, 'PUT', `grains/movements?${q(owner, `movement_id=${movement_id}`)}`, { token: owner.token, body: movementBody(f) });
    expect(put.statusCode).toBe(409);
    expect(await stockTons(app, s.stock_id)).toBe('7.500');
    const del = await call(app, 'DELETE', `grains/movements?${q(owner, `movement_id=${movement_id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(await stockTons(app, s.stock_id)).toBe('12.000');
    expect(await ledgerSum(app, s.stock_id)).toBe(12);
  });

  it("a delivery's ledger row is deleted from the contract, not here (409)", async () => {
    const s = await createStock({ destination_tons: '9' });
    const [alta] = await transactions(s.stock_id);
    const [buyer] = await app.db.insert(buyers).values({ user_id: owner.user_id, name: 'Acopiador' }).returning();
    const [contract] = await app.db.insert(grainContracts).values({ workspace_id: owner.workspace_id, company_id: f.company, season_id: f.season, crop_id: 1, buyer_id: buyer.buyer_id, tons: '5', price: '300' }).returning();
    const [cm] = await app.db.insert(grainContractMovements).values({ workspace_id: owner.workspace_id, contract_id: contract.contract_id, movement_id: Number(alta.movement_id), stock_id: s.stock_id, tons: '2', delivery_date: '2026-05-01' }).returning();
    const { applyStockDelta } = await import('./grains.ledger');
    await app.db.transaction((tx) => applyStockDelta(tx, { workspaceId: owner.workspace_id, userId: owner.user_id }, { stock_id: s.stock_id, tons: '-2', kind: 'entrega', movement_id: alta.movement_id, contract_movement_id: cm.contract_movement_id }));
    const [entrega] = await transactions(s.stock_id);
    expect(entrega).toMatchObject({ kind: 'entrega', destination_tons: -2 });
    const del = await call(app, 'DELETE', `grains/stocks/transactions?${q(owner, `stock_transaction_id=${entrega.stock_transaction_id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(409);
    // nor can the alta go while its movement has a delivery
    const delAlta = await call(app, 'DELETE', `grains/stocks/transactions?${q(owner, `stock_transaction_id=${alta.stock_transaction_id}`)}`, { token: owner.token });
    expect(delAlta.statusCode).toBe(409);
    expect(await stockTons(app, s.stock_id)).toBe('7.000');
  });
});

describe('delete stock and movements of a stock', () => {
  it('deletes only at 0 tons', async () => {
    const s = await createStock({ destination_tons: '3' });
    const full = await call(app, 'DELETE', `grains/stocks?${q(owner, `stock_id=${s.stock_id}`)}`, { token: owner.token });
    expect(full.statusCode).toBe(409);
    expect(json(full).message).toBe(GRAIN_MSG.stockNotEmpty);
    await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody({ tons: '3' }));
    const empty = await call(app, 'DELETE', `grains/stocks?${q(owner, `stock_id=${s.stock_id}`)}`, { token: owner.token });
    expect(empty.statusCode).toBe(200);
    expect(await stockTons(app, s.stock_id)).toBe('gone');
  });

  it('lists the movements received into a stock with remaining_tons after deliveries', async () => {
    const fx = await grainFixture(app, owner);
    const ids = await createMovements(app, owner, [movementBody(fx), movementBody(fx)]);
    const r = await receive(app, owner, ids.map((movement_id) => ({ movement_id, destination_tons: 25, destination_humidity: 13 })));
    const stockId = Number(json<{ movements: { stock_id: number }[] }[]>(r).data[0].movements[0].stock_id);
    const [buyer] = await app.db.insert(buyers).values({ user_id: owner.user_id, name: 'Exportadora' }).returning();
    const [contract] = await app.db.insert(grainContracts).values({ workspace_id: owner.workspace_id, company_id: fx.company, season_id: fx.season, crop_id: 1, buyer_id: buyer.buyer_id, tons: '100', price: '300' }).returning();
    await app.db.insert(grainContractMovements).values({ workspace_id: owner.workspace_id, contract_id: contract.contract_id, movement_id: ids[0], stock_id: stockId, tons: '10.5', delivery_date: '2026-05-01' });
    const rows = json<{ movement_id: number; remaining_tons: number; applied_tons: number }[]>(await call(app, 'GET', `grains/movements/stocks?${q(owner, `stock_id=${stockId}`)}`, { token: owner.token })).data;
    const { lockMovementRemaining } = await import('./grains.ledger');
    const scope = { workspaceId: owner.workspace_id, userId: owner.user_id };
    expect(await app.db.transaction((tx) => lockMovementRemaining(tx, scope, ids[0]))).toMatchObject({ stock_id: stockId, destination_tons: '25.000', applied: '10.500', remaining_tons: '14.500' });
    await expect(app.db.transaction((tx) => lockMovementRemaining(tx, { ...scope, workspaceId: scope.workspaceId + 999 }, ids[0]))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [inTransit] = await createMovements(app, owner, [movementBody(fx)]);
    await expect(app.db.transaction((tx) => lockMovementRemaining(tx, scope, inTransit))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(rows.map((m) => [m.movement_id, m.applied_tons, m.remaining_tons]).sort()).toEqual([
      [ids[0], 10.5, 14.5],
      [ids[1], 0, 25],
    ]);
  });
});

describe('object-level security', () => {
  it("another workspace's stock is 404; a member without commercialization_stock gets 403", async () => {
    const s = await createStock();
    const stranger = await buildUser(app);
    expect((await call(app, 'GET', `grains/stocks/transactions?${q(stranger, `stock_id=${s.stock_id}`)}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(app, 'GET', `grains/movements/stocks?${q(stranger, `stock_id=${s.stock_id}`)}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `grains/stocks?${q(stranger, `stock_id=${s.stock_id}`)}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await post(`grains/stocks/movement?stock_id=${s.stock_id}`, moveBody(), stranger)).statusCode).toBe(404);
    const [t] = await transactions(s.stock_id);
    expect((await call(app, 'DELETE', `grains/stocks/transactions?${q(stranger, `stock_transaction_id=${t.stock_transaction_id}`)}`, { token: stranger.token })).statusCode).toBe(404);
    expect(json<Stock[]>(await call(app, 'GET', `grains/stocks?${q(stranger)}`, { token: stranger.token })).data).toEqual([]);

    const member = await memberWithout(app, owner.workspace_id, 'commercialization_stock');
    expect((await call(app, 'GET', `grains/stocks?${q(owner)}`, { token: member })).statusCode).toBe(403);
    expect((await call(app, 'POST', `grains/stocks?${q(owner)}`, { token: member, body: newStock() })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `grains/stocks/transactions?${q(owner, `stock_transaction_id=${t.stock_transaction_id}`)}`, { token: member })).statusCode).toBe(403);
  });
});
