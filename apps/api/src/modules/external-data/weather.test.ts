import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Farm } from '@fm/domain';
import { cities, farms, marketSnapshots, workspaceEntities } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { openMeteoClient, WeatherSourceError } from '../../integrations/weather/open-meteo';
import { startFakeWeatherServer, type FakeWeatherServer } from '../../integrations/weather/fake-weather-server.test-helpers';
import { refreshWeather, WEATHER_MSG, weatherSource, type FarmWeather } from './weather.service';

let fake: FakeWeatherServer;
beforeAll(async () => {
  fake = await startFakeWeatherServer();
});
afterAll(() => fake.close());

describe('Open-Meteo client against the local fake', () => {
  it('maps the parallel daily arrays into 7 days and the current values, asking the documented series', async () => {
    fake.mode = 'ok';
    const forecast = await openMeteoClient(fake.url)(-33.8912, -60.5731);
    expect(forecast.current).toEqual({ temperature: 24.3, weather_code: 2 });
    expect(forecast.daily).toHaveLength(7);
    expect(forecast.daily[2]).toEqual({ date: '2026-11-28', t_max: 27.8, t_min: 18.9, precipitation_mm: 12.4, precipitation_probability: 78, weather_code: 95, wind_max: 35.1 });
    expect(forecast.daily[5].precipitation_probability).toBeNull();
    const url = new URL(fake.url + fake.hits.at(-1));
    expect(url.pathname).toBe('/v1/forecast');
    expect(url.searchParams.get('latitude')).toBe('-33.89');
    expect(url.searchParams.get('daily')).toBe('temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,weather_code,wind_speed_10m_max');
    expect(url.searchParams.get('current')).toBe('temperature_2m,weather_code');
    expect(url.searchParams.get('timezone')).toBe('America/Argentina/Buenos_Aires');
  });

  it('refuses the 400 error body (with its reason), a 500, garbage, a hang and a non-forecast', async () => {
    const client = openMeteoClient(fake.url, fetch, 300);
    fake.mode = 'bad-request';
    await expect(client(-33.9, -60.6)).rejects.toThrow(/HTTP 400: Latitude must be in range/);
    fake.mode = 'error';
    await expect(client(-33.9, -60.6)).rejects.toThrow('HTTP 500');
    fake.mode = 'garbage';
    await expect(client(-33.9, -60.6)).rejects.toThrow('no es JSON');
    fake.mode = 'hang';
    await expect(client(-33.9, -60.6)).rejects.toBeInstanceOf(WeatherSourceError);
    fake.mode = 'ok';
    fake.answer = { daily: { time: ['ayer'] } };
    await expect(client(-33.9, -60.6)).rejects.toThrow('no es un pronóstico');
    const { OPEN_METEO_ANSWER } = await import('../../integrations/weather/fake-weather-server.test-helpers');
    fake.answer = OPEN_METEO_ANSWER;
  });
});

const weather = async (app: TestApp, user: TestUser) => {
  const res = await call(app, 'GET', `farms/weather?workspace_id=${user.workspace_id}`, { token: user.token });
  expect(res.statusCode).toBe(200);
  return json<FarmWeather[]>(res).data;
};

async function setup(app: TestApp) {
  const owner = await buildUser(app);
  const stranger = await buildUser(app);
  const [tandil] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
  const post = async (user: TestUser, name: string) => json<Farm[]>(await call(app, 'POST', 'farms', { token: user.token, body: { name, city_id: tandil.id } })).data[0];
  await post(owner, 'La Esperanza');
  await post(stranger, 'Campo Ajeno');
  // a farm loaded before localities were required: no location
  const [bare] = await app.db.insert(farms).values({ name: 'Sin Localidad', user_id: owner.user_id }).returning();
  await app.db.insert(workspaceEntities).values({ workspace_id: owner.workspace_id, entity_type: 'farms', entity_id: bare.farm_id });
  return { owner, stranger, tandil: tandil.id };
}

describe('GET farms/weather without a configured source', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.cleanup());

  it('lists the workspace farms with no invented weather, and never another workspace\'s', async () => {
    const { owner, stranger } = await setup(app);
    const rows = await weather(app, owner);
    expect(rows.map((r) => [r.name, r.weather, r.reason])).toEqual([
      ['La Esperanza', null, WEATHER_MSG.noSource],
      ['Sin Localidad', null, WEATHER_MSG.noSource],
    ]);
    expect(rows[0].city?.name).toBe('Tandil');
    expect((await weather(app, stranger)).map((r) => r.name)).toEqual(['Campo Ajeno']);
    expect((await call(app, 'GET', `farms/weather?workspace_id=${owner.workspace_id}`, { token: stranger.token })).statusCode).toBe(403);
    expect((await call(app, 'GET', `farms/weather?workspace_id=${owner.workspace_id}`)).statusCode).toBe(401);
  });
});

describe('GET farms/weather with Open-Meteo configured (local fake)', () => {
  let app: TestApp;
  beforeAll(async () => {
    fake.mode = 'ok';
    app = await createTestApp({ WEATHER_API_URL: fake.url });
  });
  afterAll(() => app.cleanup());

  it('stores each farm city\'s forecast, serves it with its date, keeps it when the source fails and flags it after 24 h', async () => {
    const { owner, tandil } = await setup(app);
    const client = openMeteoClient(fake.url, fetch, 300);
    expect(await refreshWeather(app.db, client)).toBeGreaterThanOrEqual(1);
    let rows = await weather(app, owner);
    const esperanza = rows.find((r) => r.name === 'La Esperanza');
    expect(esperanza?.weather?.daily).toHaveLength(7);
    expect(esperanza?.weather?.current).toEqual({ temperature: 24.3, weather_code: 2 });
    expect(esperanza?.weather?.stale).toBe(false);
    expect(rows.find((r) => r.name === 'Sin Localidad')).toMatchObject({ weather: null, reason: WEATHER_MSG.noLocation });

    for (const mode of ['bad-request', 'error', 'garbage', 'hang'] as const) {
      fake.mode = mode;
      expect(await refreshWeather(app.db, client)).toBe(0);
    }
    fake.mode = 'ok';
    await app.db.update(marketSnapshots).set({ fetched_at: sql`now() - interval '30 hours'` }).where(eq(marketSnapshots.source, weatherSource(tandil)));
    rows = await weather(app, owner);
    const old = rows.find((r) => r.name === 'La Esperanza')?.weather;
    expect(old?.stale).toBe(true);
    expect(Date.now() - Date.parse(old?.updated_at ?? '')).toBeGreaterThan(29 * 3600_000);
    expect(old?.daily[0].date).toBe('2026-11-26');
  });
});
