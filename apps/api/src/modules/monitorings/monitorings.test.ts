import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MONITORING_MSG as MSG, type Farm, type Monitoring } from '@fm/domain';
import { adversities, cities, cropStages, files, monitoringAdversities } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, memberWithout, type TestApp, type TestUser } from '../../test/app';
import { multipartFile } from '../land/land.test-helpers';
import { demoPhoto } from './demo-image';
import { MONITORING_POINT_OUTSIDE } from './monitorings.service';
import { PHOTO_MSG } from './photos.routes';

let app: TestApp;
let owner: TestUser;
let farm: Farm;
let otherFarm: Farm;
let chinche: number;
let roya: number;
let sojaStage: number;
let maizStage: number;

const farmWithPlots = async (user: TestUser, name: string, city: number) =>
  json<Farm[]>(await call(app, 'POST', 'farms', { token: user.token, body: { name, city_id: city, fields: [{ name: 'Lote 1', hectares: 50 }, { name: 'Lote 2', hectares: 40 }] } })).data[0];

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
  farm = await farmWithPlots(owner, 'La Esperanza', city.id);
  otherFarm = await farmWithPlots(owner, 'San Carlos', city.id);
  const advs = await app.db.select().from(adversities);
  const idOf = (name: string) => advs.find((a) => a.name === name)?.adversity_id ?? 0;
  chinche = idOf('Chinche');
  roya = idOf('Roya');
  sojaStage = (await app.db.select().from(cropStages).where(eq(cropStages.crop_id, 1)))[0].stage_id;
  maizStage = (await app.db.select().from(cropStages).where(eq(cropStages.crop_id, 2)))[0].stage_id;
});
afterAll(() => app.cleanup());

const plot = (f: Farm, i = 0) => f.fields?.[i]?.field_id ?? 0;
const body = (over: Record<string, unknown> = {}) => ({
  farm_id: farm.farm_id,
  field_id: plot(farm),
  date: '2026-01-15',
  crop_id: 1,
  stage_id: sojaStage,
  latitude: '-37.3125',
  longitude: '-59.135',
  recommendation: 'Volver en 7 días',
  observations: 'Lote parejo',
  adversities: [
    { adversity_id: chinche, incidence: '12,5', severity: 2 },
    { adversity_id: roya, incidence: 5, severity: '4' },
  ],
  ...over,
});
const PNG = demoPhoto(16, 12, [200, 0, 0], 1);
const upload = (monitoringId: number, content: Uint8Array | string, user: TestUser = owner, name = 'foto.png') => {
  const { payload, headers } = multipartFile(name, content, 'image/png');
  return app.inject({ method: 'POST', url: `/fm/v1/monitorings/photos?monitoring_id=${monitoringId}&workspace_id=${user.workspace_id}`, payload, headers: { ...headers, authorization: `Bearer ${user.token}` } });
};
/** Field-record routes take the workspace from workspace_id (decision 0022): the user's own unless given. */
const at = (url: string, user: TestUser = owner) => (url.includes('workspace_id=') ? url : `${url}${url.includes('?') ? '&' : '?'}workspace_id=${user.workspace_id}`);
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser = owner, payload?: unknown) => call(app, method, at(url, user), { token: user.token, body: payload });
const fileCount = async () => (await app.db.select().from(files)).length;

describe('monitorings', () => {
  let created: Monitoring;

  it('creates a monitoring with adversities and lists it with names', async () => {
    const res = await api('POST', 'monitorings', owner, body());
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).message).toBe(MSG.created);
    created = json<Monitoring[]>(res).data[0];
    expect(created).toMatchObject({ farm_name: 'La Esperanza', field_name: 'Lote 1', crop_name: 'Soja', date: '2026-01-15', latitude: -37.3125, longitude: -59.135, photos: [] });
    expect(created.stage_name).toBeTruthy();
    expect(created.adversities.map((a) => [a.name, a.incidence, a.severity])).toEqual([['Chinche', 12.5, 2], ['Roya', 5, 4]]);

    await api('POST', 'monitorings', owner, body({ farm_id: otherFarm.farm_id, field_id: plot(otherFarm), date: '2026-02-01', crop_id: 2, stage_id: maizStage, adversities: [] }));
    const list = json<Monitoring[]>(await api('GET', 'monitorings?pagination=true&page=1&per_page=10', owner));
    expect(list.data.map((m) => m.farm_name)).toEqual(['San Carlos', 'La Esperanza']);
    expect(list.total).toBe(2);
    const byFarm = json<Monitoring[]>(await api('GET', `monitorings?farm_id=${farm.farm_id}`, owner)).data;
    expect(byFarm.map((m) => m.monitoring_id)).toEqual([created.monitoring_id]);
    const byCrop = json<Monitoring[]>(await api('GET', 'monitorings?crop_id=2', owner)).data;
    expect(byCrop.map((m) => m.crop_name)).toEqual(['Maíz']);
    const byDate = json<Monitoring[]>(await api('GET', 'monitorings?date=2026-01-15', owner)).data;
    expect(byDate).toHaveLength(1);
    const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'monitoring.field_id', condition: 'is', value: plot(otherFarm) }] }));
    expect(json<Monitoring[]>(await api('GET', `monitorings?filters=${filters}`, owner)).data).toHaveLength(1);
    const one = json<Monitoring[]>(await api('GET', `monitorings?monitoring_id=${created.monitoring_id}`, owner)).data;
    expect(one[0].monitoring_id).toBe(created.monitoring_id);
  });

  it('refuses bad input in Spanish (422) and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ farm_id: null }, MSG.farmRequired],
      [{ field_id: '' }, MSG.plotRequired],
      [{ date: '' }, MSG.dateRequired],
      [{ adversities: [{ adversity_id: chinche, incidence: 101, severity: 2 }] }, MSG.incidenceRange],
      [{ adversities: [{ adversity_id: chinche, incidence: 10, severity: 6 }] }, MSG.severityRange],
      [{ adversities: [{ adversity_id: chinche, incidence: 10, severity: 0 }] }, MSG.severityRange],
      [{ latitude: '-34.6', longitude: null }, MSG.pointIncomplete],
      [{ latitude: '40.4', longitude: '-3.7' }, MONITORING_POINT_OUTSIDE],
      [{ field_id: plot(otherFarm) }, MSG.plotNotOfFarm],
      [{ stage_id: maizStage }, MSG.stageNotOfCrop],
      [{ crop_id: null, stage_id: sojaStage }, MSG.stageWithoutCrop],
      [{ adversities: [{ adversity_id: 999_999, incidence: 1, severity: 1 }] }, 'La adversidad no está en la lista de adversidades'],
    ];
    const before = (await app.db.select().from(monitoringAdversities)).length;
    for (const [over, msg] of cases) {
      const res = await api('POST', 'monitorings', owner, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(422);
      expect(json(res).message, JSON.stringify(over)).toBe(msg);
    }
    expect((await app.db.select().from(monitoringAdversities)).length).toBe(before);
  });

  it('updates fields and replaces the adversities', async () => {
    const res = await api('PUT', `monitorings?monitoring_id=${created.monitoring_id}`, owner,
      body({ field_id: plot(farm, 1), latitude: null, longitude: null, adversities: [{ adversity_id: roya, incidence: 30, severity: 5 }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(MSG.updated);
    const row = json<Monitoring[]>(res).data[0];
    expect(row).toMatchObject({ field_name: 'Lote 2', latitude: null, longitude: null });
    expect(row.adversities.map((a) => [a.name, a.incidence, a.severity])).toEqual([['Roya', 30, 5]]);
  });

  it('stores photos checked by content and size, serves them to members only, deletes them', async () => {
    const before = await fileCount();
    const fake = await upload(created.monitoring_id, '<html>no soy una foto</html>', owner, 'foto.png');
    expect(fake.statusCode).toBe(422);
    expect(json(fake).message).toBe(MSG.photoInvalid);
    const pdf = await upload(created.monitoring_id, '%PDF-1.4\n%%EOF\n', owner, 'foto.png');
    expect(pdf.statusCode).toBe(422);
    expect(json(pdf).message).toBe(MSG.photoInvalid);
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(created.monitoring_id, big);
    expect(tooBig.statusCode).toBe(422);
    expect(json(tooBig).message).toBe('El archivo supera el tamaño máximo de 10 MB.');
    expect(await fileCount()).toBe(before);

    const ok = await upload(created.monitoring_id, PNG);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(json(ok).message).toBe(PHOTO_MSG.saved);
    const [photo] = json<Monitoring[]>(ok).data[0].photos;
    expect(photo.url).toMatch(/^\/fm\/v1\/files\/\d+$/);
    const served = await app.inject({ method: 'GET', url: photo.url, headers: { authorization: `Bearer ${owner.token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    const stranger = await buildUser(app);
    expect((await app.inject({ method: 'GET', url: photo.url, headers: { authorization: `Bearer ${stranger.token}` } })).statusCode).toBe(404);

    const listed = json<Monitoring[]>(await api('GET', `monitorings?monitoring_id=${created.monitoring_id}`, owner)).data[0];
    expect(listed.photos).toHaveLength(1);
    expect((await api('DELETE', `monitorings/photos?monitoring_photo_id=${photo.monitoring_photo_id}`, stranger)).statusCode).toBe(404);
    const del = await api('DELETE', `monitorings/photos?monitoring_photo_id=${photo.monitoring_photo_id}`, owner);
    expect(json(del).message).toBe(PHOTO_MSG.deleted);
    expect(await fileCount()).toBe(before);
  });

  it('answers 404 for another workspace and 403 to a non-member; any member works without a module permission', async () => {
    const stranger = await buildUser(app);
    const id = created.monitoring_id;
    expect((await api('GET', `monitorings?monitoring_id=${id}`, stranger)).statusCode).toBe(404);
    expect((await api('PUT', `monitorings?monitoring_id=${id}`, stranger, body())).statusCode).toBe(404);
    expect((await api('DELETE', `monitorings?monitoring_id=${id}`, stranger)).statusCode).toBe(404);
    expect((await upload(id, PNG, stranger)).statusCode).toBe(404);
    expect(json<Monitoring[]>(await api('GET', 'monitorings', stranger)).data).toEqual([]);
    // the owner's farm is not shared into the stranger's workspace
    const foreign = await api('POST', 'monitorings', stranger, body());
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(MSG.farmNotFound);
    expect((await api('GET', `monitorings?workspace_id=${owner.workspace_id}`, stranger)).statusCode).toBe(403);
    expect((await call(app, 'GET', 'monitorings', { token: owner.token })).statusCode).toBe(400);

    const member = await memberWithout(app, owner.workspace_id, ['seasons', 'stock_supplies']);
    expect((await call(app, 'GET', `monitorings?monitoring_id=${id}&workspace_id=${owner.workspace_id}`, { token: member })).statusCode).toBe(200);
  });

  it('deletes a monitoring with its photos', async () => {
    await upload(created.monitoring_id, PNG);
    const before = await fileCount();
    const res = await api('DELETE', `monitorings?monitoring_id=${created.monitoring_id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.deleted);
    expect(await fileCount()).toBe(before - 1);
    expect((await api('GET', `monitorings?monitoring_id=${created.monitoring_id}`, owner)).statusCode).toBe(404);
  });
});
