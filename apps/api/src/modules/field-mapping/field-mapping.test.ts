import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDON_ID, FIELD_MAPPING_MSG, PLAN, type Boundary, type Farm, type Field, type FieldMappingFieldResult, type FieldMappingSyncResult } from '@fm/domain';
import { farms, fields, users } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { addMember, buildUser, call, createTestApp, json, memberWithout, type TestApp, type TestUser } from '../../test/app';
import { httpFieldMapping } from '../../integrations/field-mapping/http-client';
import { FAKE_API_KEY, startFakeFieldMappingServer, type FakeFieldMappingServer } from '../../integrations/field-mapping/fake-field-mapping-server.test-helpers';
import { setAddonQuantity } from '../plans/index';

/** ~25 ha square near Tandil (Buenos Aires), [lon, lat]. */
const SQUARE: Boundary = {
  type: 'Polygon',
  coordinates: [[[-59.13, -37.32], [-59.1237, -37.32], [-59.1237, -37.315], [-59.13, -37.315], [-59.13, -37.32]]],
};

async function customer(app: TestApp, opts: { plan_id?: number } = {}): Promise<TestUser> {
  const user = await buildUser(app, { name: 'Lucía', ...opts });
  await setAddonQuantity(app.db, user.user_id, ADDON_ID.FIELD_MAPPING, 1);
  return user;
}

async function plotOf(app: TestApp, user: TestUser, name: string, boundary: Boundary | null = SQUARE) {
  const [farm] = await app.db.insert(farms).values({ user_id: user.user_id, name: `La ${name}` }).returning();
  await share(app.db, 'farms', farm.farm_id, [user.workspace_id]);
  const [plot] = await app.db.insert(fields).values({ farm_id: farm.farm_id, name, hectares: 25.4, boundary }).returning();
  return plot.field_id;
}

const sync = (app: TestApp, user: TestUser) => call(app, 'POST', `onesoil/user_synchronize?workspace_id=${user.workspace_id}&workspace=true`, { token: user.token });
const push = (app: TestApp, user: TestUser, fieldId: number | string, token = user.token) =>
  call(app, 'POST', `onesoil/fields?field_id=${fieldId}&workspace_id=${user.workspace_id}&workspace=true`, { token });
const tokenOf = async (app: TestApp, userId: number) => (await app.db.select({ t: users.field_mapping_token }).from(users).where(eq(users.user_id, userId)))[0].t;
const mappingOf = async (app: TestApp, fieldId: number) =>
  (await app.db.select({ id: fields.field_mapping_id, at: fields.field_mapping_synced_at }).from(fields).where(eq(fields.field_id, fieldId)))[0];

describe('field mapping against the service (local fake on 127.0.0.1)', () => {
  let app: TestApp;
  let fake: FakeFieldMappingServer;
  let owner: TestUser;
  let plot: number;
  beforeAll(async () => {
    fake = await startFakeFieldMappingServer();
    app = await createTestApp({ FIELD_MAPPING_API_URL: fake.url, FIELD_MAPPING_API_KEY: FAKE_API_KEY, FIELD_MAPPING_TIMEOUT_MS: 300 });
    owner = await customer(app);
    plot = await plotOf(app, owner, 'Lote Norte');
  });
  afterAll(async () => {
    await app.cleanup();
    await fake.close();
  });

  it('needs a token, the add-on, and a plan other than the trial', async () => {
    expect((await call(app, 'POST', 'onesoil/user_synchronize')).statusCode).toBe(401);
    expect((await call(app, 'POST', `onesoil/fields?field_id=${plot}`)).statusCode).toBe(401);
    const without = await buildUser(app);
    const refused = await sync(app, without);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(FIELD_MAPPING_MSG.addonRequired);
    const trial = await customer(app, { plan_id: PLAN.TRIAL });
    expect(json(await sync(app, trial)).message).toBe(FIELD_MAPPING_MSG.trialExcluded);
    const trialPlot = await plotOf(app, trial, 'Lote Prueba');
    expect((await push(app, trial, trialPlot)).statusCode).toBe(403);
    expect(fake.seen).toEqual([]);
  });

  it('synchronises the user: the account is created (then linked) with the key, the token stored and in the profile', async () => {
    const first = await sync(app, owner);
    expect(first.statusCode).toBe(200);
    expect(json(first).message).toBe('Usuario sincronizado, por favor salir e ingresar nuevamente');
    const [data] = json<FieldMappingSyncResult[]>(first).data;
    expect(data).toEqual({ user_id: owner.user_id, field_mapping_token: fake.accounts.get(owner.email) });
    expect(await tokenOf(app, owner.user_id)).toBe(data.field_mapping_token);
    expect(fake.seen.at(-1)).toEqual({
      method: 'POST',
      path: '/users',
      authorization: `Bearer ${FAKE_API_KEY}`,
      userToken: undefined,
      body: { external_id: String(owner.user_id), email: owner.email, name: 'Lucía', last_name: 'Prueba' },
    });
    const profile = await call(app, 'GET', 'users', { token: owner.token });
    expect(json<{ field_mapping_token: string }[]>(profile).data[0].field_mapping_token).toBe(data.field_mapping_token);
    // a second synchronisation links the same account
    expect(json<FieldMappingSyncResult[]>(await sync(app, owner)).data[0].field_mapping_token).toBe(data.field_mapping_token);
  });

  it('a failing, refusing, garbled or silent service answers 502 in Spanish and stores no token', async () => {
    const user = await customer(app);
    const cases = [
      [{ kind: 'status', status: 500 }, FIELD_MAPPING_MSG.unavailable],
      [{ kind: 'status', status: 422 }, FIELD_MAPPING_MSG.rejected],
      [{ kind: 'garbage' }, FIELD_MAPPING_MSG.unavailable],
      [{ kind: 'hang' }, FIELD_MAPPING_MSG.unavailable],
    ] as const;
    for (const [mode, message] of cases) {
      fake.mode = mode;
      const started = Date.now();
      const res = await sync(app, user);
      expect(res.statusCode, mode.kind).toBe(502);
      expect(json(res).message).toBe(message);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    fake.mode = { kind: 'ok' };
    expect(await tokenOf(app, user.user_id)).toBeNull();
  });

  it('a key the service refuses is the administrator’s problem (502), not the user’s', async () => {
    const reasons: string[] = [];
    const client = httpFieldMapping({ baseUrl: fake.url, apiKey: 'otra-clave-cualquiera', timeoutMs: 300, onFailure: (r) => reasons.push(r) });
    await expect(client.synchronizeUser({ user_id: 1, email: 'a@b.ar', name: 'A', last_name: 'B' })).rejects.toMatchObject({ status: 502, message: FIELD_MAPPING_MSG.keyRefused });
    // the operator's log says what happened; the key itself never appears in it
    expect(reasons).toEqual(['POST /users: HTTP 401']);
  });

  it('pushes a plot: name, farm, hectares and boundary with the user token; stores the service id and the time', async () => {
    const before = Date.now();
    const res = await push(app, owner, plot);
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('Lote Lote Norte sincronizado con Ambientaciones');
    const [data] = json<FieldMappingFieldResult[]>(res).data;
    expect(data.field_mapping_id).toMatch(/^OS-\d+$/);
    expect(fake.seen.at(-1)).toEqual({
      method: 'PUT',
      path: `/fields/${plot}`,
      authorization: `Bearer ${FAKE_API_KEY}`,
      userToken: await tokenOf(app, owner.user_id),
      body: { name: 'Lote Norte', farm_name: 'La Lote Norte', hectares: 25.4, boundary: SQUARE },
    });
    const stored = await mappingOf(app, plot);
    expect(stored.id).toBe(data.field_mapping_id);
    expect(stored.at?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.at?.toISOString()).toBe(data.field_mapping_synced_at);
    // pushing again replaces the plot in the service: same id, newer time
    const again = json<FieldMappingFieldResult[]>(await push(app, owner, plot)).data[0];
    expect(again.field_mapping_id).toBe(data.field_mapping_id);
    expect(Date.parse(again.field_mapping_synced_at)).toBeGreaterThanOrEqual(Date.parse(data.field_mapping_synced_at));
    // the farm form and the plots list show when the plot last went to the service
    const scope = `workspace_id=${owner.workspace_id}&workspace=true`;
    const farmPlots = json<Farm[]>(await call(app, 'GET', `farms?${scope}`, { token: owner.token })).data.flatMap((f) => f.fields ?? []);
    expect(farmPlots.find((f) => f.field_id === plot)?.field_mapping_synced_at).toBe(again.field_mapping_synced_at);
    const listed = json<Field[]>(await call(app, 'GET', `fields?${scope}`, { token: owner.token })).data;
    expect(listed.find((f) => f.field_id === plot)?.field_mapping_synced_at).toBe(again.field_mapping_synced_at);
  });

  it('refuses a bad id (422), another workspace’s plot (404), a plot without boundary (422), an unsynchronised user (409)', async () => {
    const bad = await push(app, owner, 'abc');
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('Indicá el lote (field_id)');
    const stranger = await customer(app);
    const theirs = await plotOf(app, stranger, 'Lote Ajeno');
    for (const id of [theirs, 999_999]) {
      const res = await push(app, owner, id);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(FIELD_MAPPING_MSG.fieldNotFound);
    }
    const bare = await plotOf(app, owner, 'Lote Sin Contorno', null);
    const noBoundary = await push(app, owner, bare);
    expect(noBoundary.statusCode).toBe(422);
    expect(json(noBoundary).detail).toEqual([{ loc: ['querystring', 'field_id'], msg: FIELD_MAPPING_MSG.noBoundary }]);
    const unsynced = await push(app, stranger, theirs);
    expect(unsynced.statusCode).toBe(409);
    expect(json(unsynced).message).toBe(FIELD_MAPPING_MSG.notSynchronized);
    expect(await mappingOf(app, theirs)).toEqual({ id: null, at: null });
  });

  it('a member needs the resources module; with it and a synchronised account of their own they push the workspace’s plot', async () => {
    const refused = await push(app, owner, plot, await memberWithout(app, owner.workspace_id, 'resources'));
    expect(refused.statusCode).toBe(403);
    const adviser = await customer(app);
    const token = await addMember(app, owner.workspace_id, adviser);
    expect((await sync(app, adviser)).statusCode).toBe(200);
    const res = await push(app, owner, plot, token);
    expect(res.statusCode).toBe(200);
    expect(fake.seen.at(-1)?.userToken).toBe(fake.accounts.get(adviser.email));
  });

  it('service failures answer 502 (409 when it no longer knows the user) and leave the plot as it was', async () => {
    const before = await mappingOf(app, plot);
    for (const mode of [{ kind: 'status', status: 503 }, { kind: 'status', status: 400 }, { kind: 'garbage' }, { kind: 'hang' }] as const) {
      fake.mode = mode;
      const res = await push(app, owner, plot);
      expect(res.statusCode, mode.kind).toBe(502);
    }
    fake.mode = { kind: 'ok' };
    await app.db.update(users).set({ field_mapping_token: 'token-que-el-servicio-no-conoce' }).where(eq(users.user_id, owner.user_id));
    const stale = await push(app, owner, plot);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toBe(FIELD_MAPPING_MSG.tokenRefused);
    expect(await mappingOf(app, plot)).toEqual(before);
  });
});

describe('field mapping without a configured service', () => {
  let app: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    owner = await customer(app);
  });
  afterAll(() => app.cleanup());

  it('refuses in Spanish with 503 and pretends nothing: no token, no id', async () => {
    const res = await sync(app, owner);
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toBe('El servicio de ambientaciones no está configurado. Consultá al administrador.');
    expect(await tokenOf(app, owner.user_id)).toBeNull();
    const plot = await plotOf(app, owner, 'Lote Sur');
    const pushed = await push(app, owner, plot);
    expect(pushed.statusCode).toBe(503);
    expect(await mappingOf(app, plot)).toEqual({ id: null, at: null });
    // the plot's own problems are still told first
    expect((await push(app, owner, await plotOf(app, owner, 'Lote Pelado', null))).statusCode).toBe(422);
    expect((await push(app, owner, 999_999)).statusCode).toBe(404);
  });
});
