import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { LAND_MSG, type Farm, type Field, type ImportedBoundary } from '@fm/domain';
import { cities, workspaces } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { memberWithout, multipartFile, tandilKml } from './land.test-helpers';

let app: TestApp;
let owner: TestUser;
let tandil: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
  tandil = city.id;
});
afterAll(() => app.cleanup());

const upload = (filename: string, content: Uint8Array | string, token = owner.token) => {
  const { payload, headers } = multipartFile(filename, content);
  return app.inject({ method: 'POST', url: '/fm/v1/fields/boundary', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
};

describe('farms and plots', () => {
  let farm: Farm;

  it('creates a farm with plots; 422 messages for locality and hectares', async () => {
    expect((await call(app, 'GET', 'farms')).statusCode).toBe(401);
    const noCity = await call(app, 'POST', 'farms', { token: owner.token, body: { name: 'La Esperanza' } });
    expect(noCity.statusCode).toBe(422);
    expect(json(noCity).message).toBe(LAND_MSG.localityRequired);
    const badHa = await call(app, 'POST', 'farms', { token: owner.token, body: { name: 'La Esperanza', city_id: tandil, fields: [{ name: 'L1', hectares: 0 }] } });
    expect(json(badHa).message).toBe(LAND_MSG.hectaresPositive);
    expect(json(badHa).detail?.[0].loc).toEqual(['body', 'fields', '0', 'hectares']);
    const unknownCity = await call(app, 'POST', 'farms', { token: owner.token, body: { name: 'La Esperanza', city_id: 99_999_999 } });
    expect(unknownCity.statusCode).toBe(422);

    const res = await call(app, 'POST', 'farms', {
      token: owner.token,
      body: { name: 'La Esperanza', city_id: tandil, fields: [{ name: 'Lote 1', hectares: 120.5 }, { name: 'Lote 2', hectares: 80 }] },
    });
    expect(res.statusCode).toBe(201);
    farm = json<Farm[]>(res).data[0];
    expect(farm.city?.name).toBe('Tandil');
    expect(farm.state?.name).toBe('Buenos Aires');
    expect(farm.fields?.map((f) => [f.name, f.hectares])).toEqual([['Lote 1', 120.5], ['Lote 2', 80]]);
    expect(farm.hectares).toBe(200.5);
  });

  it('lists with include, filters and pagination; another account sees nothing', async () => {
    await call(app, 'POST', 'farms', { token: owner.token, body: { name: 'San José', city_id: tandil, active: false } });
    const page = await call(app, 'GET', 'farms?pagination=true&page=2&per_page=1', { token: owner.token });
    expect(json(page).total).toBe(2);
    expect(json<Farm[]>(page).data.map((f) => f.name)).toEqual(['San José']);
    const noFields = json<Farm[]>(await call(app, 'GET', 'farms?include=city,state', { token: owner.token })).data;
    expect(noFields[0].fields).toBeUndefined();
    const jsonInclude = json<Farm[]>(await call(app, 'GET', `farms?include=${encodeURIComponent('["city","state","fields"]')}`, { token: owner.token })).data;
    expect(jsonInclude[0].fields?.length).toBeGreaterThan(0);
    const active = json<Farm[]>(await call(app, 'GET', `farms?filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'active', condition: 'is', value: true }] }))}`, { token: owner.token })).data;
    expect(active.map((f) => f.name)).toEqual(['La Esperanza']);
    // ordered and filtered by locality and province (the page's ids then join them), the rows in that order
    const [pergamino] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Pergamino'));
    const zapiola = json<Farm[]>(await call(app, 'POST', 'farms', { token: owner.token, body: { name: 'Zapiola', city_id: pergamino.id } })).data[0];
    const listed = (query: string) => call(app, 'GET', `farms?include=city,state&${query}`, { token: owner.token }).then((r) => json<Farm[]>(r).data.map((f) => `${f.name}/${f.city?.name}`));
    expect(await listed('order_by=city.name')).toEqual(['Zapiola/Pergamino', 'La Esperanza/Tandil', 'San José/Tandil']);
    expect(await listed('order_by=city.name&order=DESC&pagination=true&per_page=2')).toEqual(['La Esperanza/Tandil', 'San José/Tandil']);
    const inTandil = encodeURIComponent(JSON.stringify({ AND: [{ field: 'city.name', condition: 'contains', value: 'tandil' }] }));
    expect(await listed(`filters=${inTandil}&order_by=name&order=DESC`)).toEqual(['San José/Tandil', 'La Esperanza/Tandil']);
    expect(await listed('order_by=name&order=DESC')).toEqual(['Zapiola/Pergamino', 'San José/Tandil', 'La Esperanza/Tandil']);
    expect((await call(app, 'DELETE', `farms?farm_id=${zapiola.farm_id}`, { token: owner.token })).statusCode).toBe(200);
    const stranger = await buildUser(app);
    expect(json<Farm[]>(await call(app, 'GET', 'farms', { token: stranger.token })).data).toEqual([]);
    expect((await call(app, 'PUT', `farms?farm_id=${farm.farm_id}`, { token: stranger.token, body: { name: 'X' } })).statusCode).toBe(404);
    expect((await call(app, 'GET', `fields?farm_id=${farm.farm_id}`, { token: stranger.token })).json().data).toEqual([]);
  });

  it('edits plots through the farm (update, add, remove) and through fields', async () => {
    const [l1] = farm.fields ?? [];
    const res = await call(app, 'PUT', `farms?farm_id=${farm.farm_id}`, { token: owner.token, body: { fields: [{ field_id: l1.field_id, name: 'Lote 1 norte', hectares: 110 }, { name: 'Lote 3', hectares: 35 }] } });
    expect(res.statusCode).toBe(200);
    expect(json<Farm[]>(res).data[0].fields?.map((f) => f.name)).toEqual(['Lote 1 norte', 'Lote 3']);
    const created = await call(app, 'POST', 'fields', { token: owner.token, body: { farm_id: farm.farm_id, name: 'Lote 4', hectares: 50 } });
    expect(created.statusCode).toBe(201);
    const id = json<Field[]>(created).data[0].field_id;
    expect(json<Field[]>(await call(app, 'PUT', `fields?field_id=${id}`, { token: owner.token, body: { hectares: 55 } })).data[0].hectares).toBe(55);
    expect((await call(app, 'DELETE', `fields?field_id=${id}`, { token: owner.token })).statusCode).toBe(200);
    const list = json<Field[]>(await call(app, 'GET', `fields?farm_id=${farm.farm_id}`, { token: owner.token })).data;
    expect(list.map((f) => f.name)).toEqual(['Lote 1 norte', 'Lote 3']);
    // without its plots a farm still says its hectares (summed in SQL): 110 + 35, the deleted plot not counted
    const lean = json<Farm[]>(await call(app, 'GET', `farms?include=city,state`, { token: owner.token })).data.find((f) => f.farm_id === farm.farm_id);
    expect(lean?.fields).toBeUndefined();
    expect(lean?.hectares).toBe(145);
    expect(lean?.fields_count).toBe(2);
    // an inactive plot still counts as a plot (the list's Lotes column), not in the hectares
    const l3 = list.find((f) => f.name === 'Lote 3');
    expect((await call(app, 'PUT', `fields?field_id=${l3?.field_id}`, { token: owner.token, body: { active: false } })).statusCode).toBe(200);
    const afterToggle = json<Farm[]>(await call(app, 'GET', `farms?include=city,state`, { token: owner.token })).data.find((f) => f.farm_id === farm.farm_id);
    expect([afterToggle?.fields_count, afterToggle?.hectares]).toEqual([2, 110]);
    const whole = json<Farm[]>(await call(app, 'GET', `farms`, { token: owner.token })).data.find((f) => f.farm_id === farm.farm_id);
    expect([whole?.fields?.length, whole?.fields_count, whole?.hectares]).toEqual([2, 2, 110]);
  });

  it('imports a KML and a KMZ boundary (~100 ha) and stores the computed area', async () => {
    const kml = await upload('lote.kml', tandilKml());
    expect(kml.statusCode).toBe(200);
    const [polygon] = json<ImportedBoundary[]>(kml).data;
    expect(polygon.name).toBe('Lote Tandil');
    expect(polygon.hectares).toBeGreaterThan(99);
    expect(polygon.hectares).toBeLessThan(101);

    const kmz = await upload('lote.kmz', zipSync({ 'doc.kml': strToU8(tandilKml('Desde KMZ')) }));
    expect(kmz.statusCode).toBe(200);
    expect(json<ImportedBoundary[]>(kmz).data[0]).toMatchObject({ name: 'Desde KMZ', hectares: polygon.hectares });

    // type comes from the bytes, not the name
    const fake = await upload('lote.kml', 'esto no es un kml');
    expect(fake.statusCode).toBe(400);
    expect(json(fake).message).toBe(LAND_MSG.boundaryFileType);
    const empty = await upload('vacio.kml', '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document></Document></kml>');
    expect(empty.statusCode).toBe(422);
    expect(json(empty).message).toBe(LAND_MSG.boundaryNoPolygon);
    const big = await upload('grande.kml', `<?xml version="1.0"?>${' '.repeat(5 * 1024 * 1024 + 10)}`);
    expect(big.statusCode).toBe(413);
    // a zip bomb-ish KMZ: too many entries
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 60; i++) many[`f${i}.txt`] = strToU8('x');
    expect((await upload('muchos.kmz', zipSync(many))).statusCode).toBe(413);

    const saved = await call(app, 'POST', 'fields', { token: owner.token, body: { farm_id: farm.farm_id, name: 'Lote KML', hectares: 98, boundary: polygon.boundary } });
    expect(json<Field[]>(saved).data[0].boundary_hectares).toBe(polygon.hectares);
  });

  it('403 without the resources permission; deletion of a farm', async () => {
    const token = await memberWithout(app, owner.workspace_id, 'resources');
    expect((await call(app, 'GET', 'farms', { token })).statusCode).toBe(403);
    expect((await call(app, 'POST', 'farms', { token, body: {} })).statusCode).toBe(403);
    expect((await call(app, 'PUT', 'farms?farm_id=1', { token, body: {} })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', 'farms?farm_id=1', { token })).statusCode).toBe(403);
    expect((await call(app, 'GET', 'fields', { token })).statusCode).toBe(403);
    expect((await upload('lote.kml', tandilKml(), token)).statusCode).toBe(403);

    const [ws2] = await app.db.insert(workspaces).values({ name: 'Otro', user_id: owner.user_id }).returning();
    const shared = await call(app, 'PUT', `farms?farm_id=${farm.farm_id}`, { token: owner.token, body: { workspaces: [owner.workspace_id, ws2.workspace_id] } });
    expect(json<Farm[]>(shared).data[0].workspaces).toHaveLength(2);
    expect((await call(app, 'DELETE', `farms?farm_id=${farm.farm_id}`, { token: owner.token })).statusCode).toBe(200);
    expect(json<Farm[]>(await call(app, 'GET', 'farms?scope=account', { token: owner.token })).data.map((f) => f.name)).toEqual(['San José']);
  });
});
