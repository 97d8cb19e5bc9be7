import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAIN_MSG, type RainEvents, type RainRow } from '@fm/domain';
import { farms, fields, rains } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { demoRains, PAMPA_MONTHLY_MM } from './rains.demo';

let app: TestApp;
let owner: TestUser;
let farmA: number;
let farmB: number;
let plotA: number;
let plotB: number;

async function farmWithPlot(user: TestUser, name: string) {
  const [farm] = await app.db.insert(farms).values({ user_id: user.user_id, name }).returning();
  await share(app.db, 'farms', farm.farm_id, [user.workspace_id]);
  const [plot] = await app.db.insert(fields).values({ farm_id: farm.farm_id, name: `Lote ${name}`, hectares: 40 }).returning();
  return { farm: farm.farm_id, plot: plot.field_id };
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  ({ farm: farmA, plot: plotA } = await farmWithPlot(owner, 'La Esperanza'));
  ({ farm: farmB, plot: plotB } = await farmWithPlot(owner, 'San Martín'));
});
afterAll(() => app.cleanup());

const url = (path: string, user = owner) => `${path}${path.includes('?') ? '&' : '?'}workspace_id=${user.workspace_id}`;
const post = (body: unknown, user = owner) => call(app, 'POST', url('rains', user), { token: user.token, body });

describe('rains', () => {
  it('401 without token; 422 with our Spanish messages; 0..500 mm with one decimal', async () => {
    expect((await call(app, 'GET', 'rains')).statusCode).toBe(401);
    const empty = await post({});
    expect(empty.statusCode).toBe(422);
    expect(json(empty).message).toContain(RAIN_MSG.farmRequired);
    expect(json(empty).detail?.map((d) => d.msg)).toEqual(['Seleccioná el establecimiento', 'Ingresá la fecha', 'Ingresá los milímetros']);
    for (const mm of [-0.1, 500.1, '600']) {
      const bad = await post({ farm_id: farmA, date: '2025-10-01', millimeters: mm });
      expect(bad.statusCode).toBe(422);
      expect(json(bad).message).toBe('Los milímetros deben estar entre 0 y 500');
      expect(json(bad).detail?.[0].loc).toEqual(['body', 'millimeters']);
    }
    expect(json(await post({ farm_id: farmA, date: '2025-02-30', millimeters: 1 })).message).toBe(RAIN_MSG.dateInvalid);
    for (const [mm, stored] of [[0, '0.0'], ['500', '500.0'], ['12,46', '12.5']] as const) {
      const res = await post({ farm_id: farmA, date: '2025-09-01', millimeters: mm });
      expect(res.statusCode).toBe(201);
      expect(json(res).message).toBe(RAIN_MSG.created);
      expect(json<RainRow[]>(res).data[0]).toMatchObject({ farm_id: farmA, farm_name: 'La Esperanza', field_id: null, millimeters: stored, date: '2025-09-01' });
    }
  });

  it('the plot must belong to the farm; the farm must be shared into the workspace', async () => {
    const bad = await post({ farm_id: farmA, field_id: plotB, date: '2025-10-01', millimeters: 10 });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('El lote no pertenece al establecimiento');
    expect(json(bad).detail?.[0].loc).toEqual(['body', 'field_id']);
    const stranger = await buildUser(app);
    const other = await farmWithPlot(stranger, 'Ajena');
    const notShared = await post({ farm_id: other.farm, date: '2025-10-01', millimeters: 10 });
    expect(notShared.statusCode).toBe(404);
    expect(json(notShared).message).toBe(RAIN_MSG.farmNotFound);
    const ok = await post({ farm_id: farmA, field_id: plotA, date: '2025-10-01', millimeters: 10, observations: ' Granizo leve ' });
    expect(ok.statusCode).toBe(201);
    expect(json<RainRow[]>(ok).data[0]).toMatchObject({ field_id: plotA, field_name: 'Lote La Esperanza', observations: 'Granizo leve' });
  });

  it('edits, reads and deletes by rain_id; another workspace reads a 404; a member without permissions works', async () => {
    const r = json<RainRow[]>(await post({ farm_id: farmB, field_id: plotB, date: '2025-11-05', millimeters: 33 })).data[0];
    const put = await call(app, 'PUT', url(`rains?rain_id=${r.rain_id}`), { token: owner.token, body: { farm_id: farmB, date: '2025-11-06', millimeters: '34.5', observations: 'Corregido' } });
    expect(put.statusCode).toBe(200);
    expect(json<RainRow[]>(put).data[0]).toMatchObject({ rain_id: r.rain_id, field_id: null, date: '2025-11-06', millimeters: '34.5', observations: 'Corregido' });
    expect(json<RainRow[]>(await call(app, 'GET', url(`rains?rain_id=${r.rain_id}`), { token: owner.token })).data[0].millimeters).toBe('34.5');

    const stranger = await buildUser(app);
    for (const [method, body] of [['GET', undefined], ['PUT', { farm_id: farmB, date: '2025-11-06', millimeters: 1 }], ['DELETE', undefined]] as const) {
      const res = await call(app, method, url(`rains?rain_id=${r.rain_id}`, stranger), { token: stranger.token, body });
      expect(res.statusCode, method).toBe(404);
    }
    // the stranger cannot point at the owner's workspace either
    expect((await call(app, 'GET', `rains?workspace_id=${owner.workspace_id}`, { token: stranger.token })).statusCode).toBe(403);

    const member = await buildUser(app);
    const memberToken = await addMember(app, owner.workspace_id, member, []);
    expect((await call(app, 'GET', url(`rains?rain_id=${r.rain_id}`), { token: memberToken })).statusCode).toBe(200);

    const del = await call(app, 'DELETE', url(`rains?rain_id=${r.rain_id}`), { token: owner.token });
    expect(del.statusCode).toBe(200);
    expect(json(del).message).toBe(RAIN_MSG.deleted);
    expect((await call(app, 'DELETE', url(`rains?rain_id=${r.rain_id}`), { token: owner.token })).statusCode).toBe(404);
  });

  it('lists with farm names, newest first, filtered by farm, plot, dates and search', async () => {
    const user = await buildUser(app);
    const a = await farmWithPlot(user, 'El Ombú');
    const b = await farmWithPlot(user, 'La Tranquera');
    await post({ farm_id: a.farm, date: '2025-08-10', millimeters: 5 }, user);
    await post({ farm_id: a.farm, field_id: a.plot, date: '2025-12-10', millimeters: 40, observations: 'Con granizo' }, user);
    await post({ farm_id: b.farm, date: '2025-10-10', millimeters: 20 }, user);
    const list = async (q: string) => json<RainRow[]>(await call(app, 'GET', url(`rains?${q}`, user), { token: user.token }));
    const all = await list('pagination=true&page=1&per_page=10');
    expect(all.data.map((r) => r.date)).toEqual(['2025-12-10', '2025-10-10', '2025-08-10']);
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({ farm_name: 'El Ombú', field_name: 'Lote El Ombú' });
    expect((await list(`farm_id=${b.farm}`)).data.map((r) => r.farm_name)).toEqual(['La Tranquera']);
    expect((await list(`field_id=${a.plot}`)).data).toHaveLength(1);
    expect((await list('date_from=2025-09-01&date_to=2025-11-30')).data.map((r) => r.date)).toEqual(['2025-10-10']);
    const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'date', condition: 'gt', value: '2025-08-10' }, { field: 'date', condition: 'lt', value: '2025-12-10' }] }));
    expect((await list(`filters=${filters}`)).data.map((r) => r.date)).toEqual(['2025-10-10']);
    expect((await list('search=granizo')).data.map((r) => r.date)).toEqual(['2025-12-10']);
    expect((await list('search=tranq')).data.map((r) => r.farm_name)).toEqual(['La Tranquera']);
  });

  it('events: monthly totals per farm for the campaign (July → June) and the campaign total', async () => {
    const user = await buildUser(app);
    const a = await farmWithPlot(user, 'Norte');
    const b = await farmWithPlot(user, 'Sur');
    const rows = [
      [a.farm, '2025-06-30', 99], // previous campaign
      [a.farm, '2025-07-01', 10],
      [a.farm, '2025-07-15', 5.5],
      [a.farm, '2025-12-31', 80],
      [b.farm, '2026-03-03', 120.2],
      [b.farm, '2026-06-30', 1],
      [b.farm, '2026-07-01', 50], // next campaign
    ] as const;
    for (const [farm, date, mm] of rows) expect((await post({ farm_id: farm, date, millimeters: mm }, user)).statusCode).toBe(201);
    const res = await call(app, 'GET', url('rains/events?campaign=2025/26', user), { token: user.token });
    expect(res.statusCode).toBe(200);
    const ev = json<RainEvents[]>(res).data[0];
    expect(ev.months).toHaveLength(12);
    expect(ev.total).toBe('216.7');
    const norte = ev.farms.find((f) => f.farm_name === 'Norte');
    const sur = ev.farms.find((f) => f.farm_name === 'Sur');
    expect(norte).toMatchObject({ total: '95.5', rains: 3 });
    expect(norte?.monthly[0]).toBe('15.5');
    expect(norte?.monthly[5]).toBe('80.0');
    expect(sur?.monthly[8]).toBe('120.2');
    expect(sur?.monthly[11]).toBe('1.0');
    const only = json<RainEvents[]>(await call(app, 'GET', url(`rains/events?campaign=2025/26&farm_id=${b.farm}`, user), { token: user.token })).data[0];
    expect(only.farms.map((f) => f.farm_name)).toEqual(['Sur']);
    const bad = await call(app, 'GET', url('rains/events?campaign=2025-26', user), { token: user.token });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('La campaña debe tener la forma 2025/26');
    // another workspace sees none of it
    expect(json<RainEvents[]>(await call(app, 'GET', url('rains/events?campaign=2025/26'), { token: owner.token })).data[0].farms.some((f) => f.farm_name === 'Norte')).toBe(false);
  });

  it('the database refuses millimetres outside 0..500', async () => {
    await expect(app.db.insert(rains).values({ workspace_id: owner.workspace_id, farm_id: farmA, date: '2025-10-01', millimeters: '500.1' })).rejects.toThrow();
  });

  it('demo rains follow the Pampa pattern (more in spring-summer) and stay in range', () => {
    const r = demoRains('2025/26', 0, '2099-01-01');
    const byMonth = new Map<string, number>();
    for (const x of r) byMonth.set(x.date.slice(0, 7), (byMonth.get(x.date.slice(0, 7)) ?? 0) + Number(x.millimeters));
    const summer = ['2025-11', '2025-12', '2026-01'].reduce((s, m) => s + (byMonth.get(m) ?? 0), 0);
    const winter = ['2025-07', '2025-08', '2026-06'].reduce((s, m) => s + (byMonth.get(m) ?? 0), 0);
    expect(summer).toBeGreaterThan(winter * 2);
    expect(r.every((x) => Number(x.millimeters) > 0 && Number(x.millimeters) <= 500)).toBe(true);
    expect(PAMPA_MONTHLY_MM).toHaveLength(12);
  });
});
