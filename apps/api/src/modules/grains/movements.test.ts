import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAIN_MSG } from '@fm/domain';
import { eq } from 'drizzle-orm';
import { farms } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, memberWithout, type TestApp, type TestUser } from '../../test/app';
import { exactMovementFilters } from './movements.repo';
import { createMovements, filters, grainFixture, ledgerSum, movementBody, q, receive, stockTons, type GrainFixture } from './grains.test-helpers';

type Row = Record<string, unknown> & { movement_id: number; status: string };

let app: TestApp;
let owner: TestUser;
let f: GrainFixture;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await grainFixture(app, owner);
});
afterAll(() => app.cleanup());

const list = async (user: TestUser, extra = '') => json<Row[]>(await call(app, 'GET', `grains/movements?${q(user, extra)}`, { token: user.token }));
async function farmName(): Promise<string | undefined> {
  const [row] = await app.db.select({ name: farms.name }).from(farms).where(eq(farms.farm_id, f.farm));
  return row?.name;
}
const messagesOf = (res: Awaited<ReturnType<typeof call>>) => (json(res).detail ?? []).map((d) => d.msg);

describe('grain movements', () => {
  it('creates several in one request, En tránsito, with the list columns and plates from the carrier', async () => {
    const ids = await createMovements(app, owner, [movementBody(f), movementBody(f, { field_crop_id: f.plots[1], chassis_patent: 'ac 987-zz', waybill: null }), movementBody(f, { carrier_id: null })]);
    expect(ids).toHaveLength(3);
    const page = await list(owner, `filters=${filters('movement.status', 'contains', 'tránsito')}&pagination=true&per_page=5`);
    const rows = page.data.filter((r) => ids.includes(r.movement_id));
    expect(rows).toHaveLength(3);
    const [third, second, first] = rows; // newest first
    expect(first).toMatchObject({
      origin: `El Bajo | ${(await farmName()) ?? ''}`,
      crop_name: 'Soja',
      company_name: expect.stringMatching(/^Granos/),
      destination_type: 'Acopio',
      waybill: 'CP-0001',
      status: 'En tránsito',
      chassis_patent: 'AB123CD',
      trailer_patent: 'AAA123',
      origin_tons: 30.5,
      origin_humidity: 14,
      freight_price: 12.5,
      season_plan_id: f.plan,
      load_date: '2026-04-15',
      grain_traceability_code: '10100020003',
    });
    expect(second).toMatchObject({ crop_name: 'Maíz', chassis_patent: 'AC987ZZ', trailer_patent: 'AAA123', waybill: null });
    expect(third).toMatchObject({ carrier_id: null, chassis_patent: null });
  });

  it('answers the spec messages with 422 and writes nothing', async () => {
    const before = (await list(owner)).data.length;
    const res = await call(app, 'POST', `grains/movements?${q(owner)}`, { token: owner.token, body: { movements: [movementBody(f), {}] } });
    expect(res.statusCode).toBe(422);
    expect(messagesOf(res)).toEqual(
      expect.arrayContaining([GRAIN_MSG.plotRequired, GRAIN_MSG.destinationRequired, GRAIN_MSG.transportRequired, GRAIN_MSG.freightPricePositive, GRAIN_MSG.tonsPositive, GRAIN_MSG.humidityRequired, GRAIN_MSG.planRequired]),
    );
    const bad = async (over: Record<string, unknown>) => messagesOf(await call(app, 'POST', `grains/movements?${q(owner)}`, { token: owner.token, body: { movements: [movementBody(f, over)] } }));
    expect(await bad({ grain_traceability_code: '123' })).toEqual([GRAIN_MSG.ctgInvalid]);
    expect(await bad({ chassis_patent: 'XX' })).toEqual([GRAIN_MSG.plateInvalid]);
    expect(await bad({ carrier_id: f.otherCarrier })).toEqual([GRAIN_MSG.carrierNotInTransport]);
    expect(await bad({ origin_tons: '0' })).toEqual([GRAIN_MSG.tonsPositive]);
    expect(await bad({ freight_price: '' })).toEqual([GRAIN_MSG.freightPricePositive]);
    expect(await bad({ origin_humidity: null })).toEqual([GRAIN_MSG.humidityRequired]);
    const empty = await call(app, 'POST', `grains/movements?${q(owner)}`, { token: owner.token, body: { movements: [] } });
    expect(empty.statusCode).toBe(422);
    expect((await list(owner)).data.length).toBe(before);
  });

  it('requires the partner of an agreement company, one of its partners', async () => {
    const agreement = await grainFixture(app, owner, { agreement: true });
    const noPartner = await call(app, 'POST', `grains/movements?${q(owner)}`, { token: owner.token, body: { movements: [movementBody(agreement, { partner_id: null })] } });
    expect(noPartner.statusCode).toBe(422);
    expect(json(noPartner).message).toBe(GRAIN_MSG.partnerRequired);
    const stranger = await call(app, 'POST', `grains/movements?${q(owner)}`, { token: owner.token, body: { movements: [movementBody(agreement, { partner_id: f.company })] } });
    expect(json(stranger).message).toBe(GRAIN_MSG.partnerNotInAgreement);
    const [id] = await createMovements(app, owner, [movementBody(agreement)]);
    const row = (await list(owner, `filters=${filters('movement.movement_id', 'is', id)}`)).data[0];
    expect(row).toMatchObject({ partner_id: agreement.partner, company_name: expect.stringMatching(/^Socio/) });
  });

  it('a plot of another plan is refused; by season, company and farm works like season_plan_id', async () => {
    const other = await grainFixture(app, owner);
    const res = await call(app, 'POST', `grains/movements?${q(owner)}`, { token: owner.token, body: { movements: [movementBody(f, { field_crop_id: other.plots[0] })] } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(GRAIN_MSG.plotNotInPlan);
    const ids = await createMovements(app, owner, [movementBody(f, { season_plan_id: null, season_id: f.season, company_id: f.company, farm_id: f.farm })]);
    expect(ids).toHaveLength(1);
  });

  it('edits and deletes only while in transit; a received one answers 409', async () => {
    const [id] = await createMovements(app, owner, [movementBody(f)]);
    const put = await call(app, 'PUT', `grains/movements?${q(owner, `movement_id=${id}`)}`, { token: owner.token, body: movementBody(f, { origin_tons: '28', destination_id: f.silo }) });
    expect(put.statusCode).toBe(200);
    expect(json<Row[]>(put).data[0]).toMatchObject({ origin_tons: 28, destination_id: f.silo });
    expect((await receive(app, owner, [{ movement_id: id, destination_tons: 27.5, destination_humidity: 13 }])).statusCode).toBe(200);
    const put2 = await call(app, 'PUT', `grains/movements?${q(owner, `movement_id=${id}`)}`, { token: owner.token, body: movementBody(f) });
    expect(put2.statusCode).toBe(409);
    expect(json(put2).message).toBe(GRAIN_MSG.movementReceived);
    const del = await call(app, 'DELETE', `grains/movements?${q(owner, `movement_id=${id}`)}`, { token: owner.token });
    expect(del.statusCode).toBe(409);
    expect(json(del).message).toBe(GRAIN_MSG.movementReceived);

    const [other] = await createMovements(app, owner, [movementBody(f)]);
    const ok = await call(app, 'DELETE', `grains/movements?${q(owner, `movement_id=${other}`)}`, { token: owner.token });
    expect(ok.statusCode).toBe(200);
    expect((await list(owner, `filters=${filters('movement.movement_id', 'is', other)}`)).data).toEqual([]);
    expect((await call(app, 'DELETE', `grains/movements?${q(owner, `movement_id=${other}`)}`, { token: owner.token })).statusCode).toBe(404);
  });
});

describe('status filter', () => {
  it("a word naming one status filters by it; other words stay a 'contains'", () => {
    const f1 = JSON.parse(exactMovementFilters(JSON.stringify({ AND: [{ field: 'movement.status', condition: 'contains', value: 'transito' }] })) ?? '{}');
    expect(f1.AND[0]).toEqual({ field: 'movement.status', condition: 'is', value: 'En tránsito' });
    const f2 = JSON.parse(exactMovementFilters(JSON.stringify({ OR: [{ field: 'status', condition: 'contains', value: 'DESTINO' }] })) ?? '{}');
    expect(f2.OR[0]).toEqual({ field: 'status', condition: 'is', value: 'En destino' });
    const both = JSON.stringify({ AND: [{ field: 'movement.status', condition: 'contains', value: 'en' }] });
    expect(exactMovementFilters(both)).toBe(both);
    expect(exactMovementFilters('not json')).toBe('not json');
  });
});

describe('CTG search', () => {
  const search = (text: string) =>
    `pagination=true&per_page=10&filters=${encodeURIComponent(JSON.stringify({ OR: ['waybill', 'grain_traceability_code'].map((field) => ({ field, condition: 'contains', value: text })) }))}`;

  it('a whole CTG is an equality on the code; a fragment or any other text stays a contains', () => {
    const rewrite = (value: string) => JSON.parse(exactMovementFilters(JSON.stringify({ OR: [{ field: 'grain_traceability_code', condition: 'contains', value }] })) ?? '{}').OR[0].condition;
    expect(rewrite('30712345678')).toBe('is');
    expect(rewrite('3071234567')).toBe('contains');
    expect(rewrite('307123456789')).toBe('contains');
    expect(rewrite('3071234567a')).toBe('contains');
  });

  it('finds a movement by its whole CTG and by a fragment of it, as the screen searches (Carta de porte or CTG)', async () => {
    const [id] = await createMovements(app, owner, [movementBody(f, { grain_traceability_code: '30712345678', waybill: 'CPE-0009-00000077' })]);
    expect((await list(owner, search('30712345678'))).data.map((r) => r.movement_id)).toEqual([id]);
    expect((await list(owner, search('1234567'))).data.map((r) => r.movement_id)).toEqual([id]);
    expect((await list(owner, search('00000077'))).data.map((r) => r.movement_id)).toEqual([id]);
    expect((await list(owner, search('30712345679'))).data).toEqual([]);
  });
});

describe('receptions', () => {
  it('needs a selection', async () => {
    const res = await receive(app, owner, []);
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(GRAIN_MSG.receptionsRequired);
  });

  it('moves them to En destino and adds the tons to the destination stock once, with the humidity shrink', async () => {
    const fx = await grainFixture(app, owner);
    const ids = await createMovements(app, owner, [movementBody(fx), movementBody(fx), movementBody(fx)]);
    const res = await receive(app, owner, [
      { movement_id: ids[0], destination_tons: '30.2', destination_humidity: '13' },
      { movement_id: ids[1], destination_tons: '29.8', destination_humidity: '15.5' },
    ]);
    expect(res.statusCode).toBe(200);
    const [{ movements, shrink }] = json<{ movements: Row[]; shrink: Record<string, number>[] }[]>(res).data;
    expect(movements.map((m) => m.status)).toEqual(['En destino', 'En destino']);
    // soja: tolerance 13.5 %, computed to 13 % (factor 1.149) + 0.25 % handling
    expect(shrink).toEqual([
      { movement_id: ids[0], destination_tons: 30.2, destination_humidity: 13, shrink_percent: 0, shrink_tons: 0, net_tons: 30.2 },
      { movement_id: ids[1], destination_tons: 29.8, destination_humidity: 15.5, shrink_percent: 3.12, shrink_tons: 0.93, net_tons: 28.87 },
    ]);
    const stockId = Number(movements[0].stock_id);
    expect(movements[1].stock_id).toBe(stockId);
    expect(await stockTons(app, stockId)).toBe('60.000');
    expect(await ledgerSum(app, stockId)).toBe(60);

    const again = await receive(app, owner, [{ movement_id: ids[0], destination_tons: '30.2', destination_humidity: '13' }, { movement_id: ids[2], destination_tons: 1, destination_humidity: 1 }]);
    expect(again.statusCode).toBe(409);
    expect(await stockTons(app, stockId)).toBe('60.000');
    const stillInTransit = (await list(owner, `filters=${filters('movement.movement_id', 'is', ids[2])}`)).data[0];
    expect(stillInTransit.status).toBe('En tránsito');

    const received = await list(owner, `filters=${filters('movement.status', 'contains', 'destino')}&pagination=true&per_page=50`);
    expect(received.data.every((r) => r.status === 'En destino')).toBe(true);
    expect(received.data.map((r) => r.movement_id)).toEqual(expect.arrayContaining([ids[0], ids[1]]));
  });
});

describe('records the movements use', () => {
  it('cannot be deleted (409 naming the movements)', async () => {
    const fx = await grainFixture(app, owner);
    await createMovements(app, owner, [movementBody(fx)]);
    const dest = await call(app, 'DELETE', `destinations?${q(owner, `destination_id=${fx.acopio}`)}`, { token: owner.token });
    expect(dest.statusCode).toBe(409);
    expect(json(dest).message).toMatch(/^No se puede eliminar el destino: .*1 movimiento de granos/);
    const carrier = await call(app, 'DELETE', `carriers?${q(owner, `carrier_id=${fx.carrier}`)}`, { token: owner.token });
    expect(carrier.statusCode).toBe(409);
    expect(json(carrier).message).toMatch(/movimiento de granos/);
  });
});

describe('object-level security', () => {
  it("another workspace's movements are 404 and invisible; a member without the module gets 403", async () => {
    const [id] = await createMovements(app, owner, [movementBody(f)]);
    const stranger = await buildUser(app);
    const sf = await grainFixture(app, stranger);
    expect((await call(app, 'PUT', `grains/movements?${q(stranger, `movement_id=${id}`)}`, { token: stranger.token, body: movementBody(sf) })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `grains/movements?${q(stranger, `movement_id=${id}`)}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await receive(app, stranger, [{ movement_id: id, destination_tons: 1, destination_humidity: 1 }])).statusCode).toBe(404);
    expect((await list(stranger, `filters=${filters('movement.movement_id', 'is', id)}`)).data).toEqual([]);
    // the owner's plan, plot or destination in the stranger's workspace: 404
    expect((await call(app, 'POST', `grains/movements?${q(stranger)}`, { token: stranger.token, body: { movements: [movementBody(f)] } })).statusCode).toBe(404);
    expect((await call(app, 'POST', `grains/movements?${q(stranger)}`, { token: stranger.token, body: { movements: [movementBody(sf, { destination_id: f.acopio })] } })).statusCode).toBe(404);

    const member = await memberWithout(app, owner.workspace_id, 'commercialization_movement');
    expect((await call(app, 'GET', `grains/movements?${q(owner)}`, { token: member })).statusCode).toBe(403);
    expect((await call(app, 'POST', `grains/movements?${q(owner)}`, { token: member, body: { movements: [movementBody(f)] } })).statusCode).toBe(403);
    expect((await receive(app, { ...owner, token: member }, [{ movement_id: id, destination_tons: 1, destination_humidity: 1 }])).statusCode).toBe(403);
  });
});

