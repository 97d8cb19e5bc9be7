import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, json, type TestApp } from '../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

describe('platform', () => {
  it('answers health in the envelope', async () => {
    const res = await call(app, 'GET', 'health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 200, data: [{ status: 'ok' }] });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 400 with a Spanish message for malformed JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/fm/v1/users/signin', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, status: 400, message: 'El cuerpo de la solicitud no es un JSON válido' });
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses oversized bodies', async () => {
    const res = await app.inject({ method: 'POST', url: '/fm/v1/users/signin', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(2_000_000) }) });
    expect(res.statusCode).toBe(413);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await call(app, 'GET', 'no-existe');
    expect(res.statusCode).toBe(404);
    expect(json(res).success).toBe(false);
  });

  it('serves Georef provinces, districts and localities', async () => {
    const provinces = json<{ state_id: number; name: string }[]>(await call(app, 'GET', 'geo-locations?country_id=1')).data;
    expect(provinces).toHaveLength(24);
    const ba = provinces.find((p) => p.name === 'Buenos Aires');
    expect(ba).toBeDefined();
    const districts = json<{ district_id: number; name: string }[]>(await call(app, 'GET', `geo-locations?state_id=${ba?.state_id}`)).data;
    expect(districts.some((d) => d.name === 'Tandil')).toBe(true);
    const tandil = districts.find((d) => d.name === 'Tandil');
    const cities = json<{ city_id: number; name: string }[]>(await call(app, 'GET', `geo-locations?district_id=${tandil?.district_id}`)).data;
    expect(cities.some((c) => c.name === 'Tandil')).toBe(true);
    const city = cities.find((c) => c.name === 'Tandil');
    const [one] = json<{ city_id: number; district: { name: string }; state: { name: string } }[]>(await call(app, 'GET', `geo-locations?city_id=${city?.city_id}`)).data;
    expect(one).toMatchObject({ city_id: city?.city_id, district: { name: 'Tandil' }, state: { name: 'Buenos Aires' } });
    const missing = await call(app, 'GET', 'geo-locations?city_id=999999');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe('Localidad no encontrada');
  });

  it('publishes OpenAPI with every route', async () => {
    const res = await app.inject({ method: 'GET', url: '/fm/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    const routes = app.routeTable.map((r) => r.url).filter((u) => u.startsWith('/fm/v1/') && !u.startsWith('/fm/v1/docs'));
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(paths, r).toContain(r.replace(/:(\w+)/g, '{$1}'));
  });

  it('describes the lists\' filters, that contains ignores case and accents (decision 0039)', async () => {
    type Param = { name: string; in: string; description?: string };
    const doc = (await app.inject({ method: 'GET', url: '/fm/v1/docs/json' })).json() as { paths: Record<string, { get?: { parameters?: Param[] } }> };
    const filters = doc.paths['/fm/v1/providers'].get?.parameters?.find((p) => p.name === 'filters' && p.in === 'query');
    expect(filters?.description).toMatch(/sin distinguir mayúsculas ni tildes/);
  });
});


describe('route declarations', () => {
  it('every API route declares public, auth or a module permission with the action its method implies', () => {
    // Exceptions: routes whose method does not say what they do (documented in OpenAPI). A supply's technical sheet
    // is a multipart POST that changes an existing supply, so it needs `update`. A work order's contributions (saved
    // and deleted under costs/) edit the order: `work_orders.update` for both (issue 10 contract).
    const exceptions = new Set([
      'POST /fm/v1/users/signout',
      'POST /fm/v1/supplies/file',
      'POST /fm/v1/costs/work-orders/contributions',
      'DELETE /fm/v1/costs/work-orders/contributions',
    ]);
    const expected: Record<string, string> = { GET: 'read', POST: 'create', PUT: 'update', DELETE: 'delete', PATCH: 'update' };
    const api = app.routeTable.filter((r) => r.url.startsWith('/fm/v1/') && !r.url.startsWith('/fm/v1/docs'));
    expect(api.length).toBeGreaterThan(15);
    for (const r of api) {
      const c = r.config as { public?: boolean; auth?: string; permission?: { module: string; action: string } };
      const key = `${r.method} ${r.url}`;
      expect(Boolean(c.public) || c.auth === 'user' || Boolean(c.permission), `${key} declares no access rule`).toBe(true);
      if (c.permission && !exceptions.has(key)) expect(c.permission.action, key).toBe(expected[r.method]);
    }
  });
});
