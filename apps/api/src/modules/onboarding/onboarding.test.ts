import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CUIT_MESSAGE, EXAMPLE_TAX_ID, LAND_MSG, ONBOARDING_MSG, PLAN, exampleOnboarding } from '@fm/domain';
import { cities, companies, farms, notifications, seasonPlans, seasons, users, workspaces } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp } from '../../test/app';
import { createCompany } from '../land/index';
import { createSeason } from '../seasons/index';

let app: TestApp;
let cityId: number;
beforeAll(async () => {
  app = await createTestApp();
  const [c] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Pergamino')).limit(1);
  cityId = c.id;
});
afterAll(() => app.cleanup());

const fresh = async () => {
  const u = await buildUser(app, { plan_id: PLAN.FREE });
  await app.db.update(users).set({ onboarding_completed: false, plan_end_date: null }).where(eq(users.user_id, u.user_id));
  return u;
};

type Row = Record<string, unknown>;
const list = async (token: string, path: string) => json<Row[]>(await call(app, 'GET', path, { token })).data;

describe('POST users/onboarding', () => {
  it('needs a token', async () => {
    expect((await call(app, 'POST', 'users/onboarding', { body: exampleOnboarding(1) })).statusCode).toBe(401);
  });

  it('answers 422 with the Spanish messages (required fields, digits-only CUIT, check digit)', async () => {
    const u = await fresh();
    const empty = await call(app, 'POST', 'users/onboarding', { token: u.token, body: {} });
    expect(empty.statusCode).toBe(422);
    const msgs = json(empty).detail?.map((d) => d.msg) ?? [];
    for (const m of [ONBOARDING_MSG.seasonRequired, ONBOARDING_MSG.companyRequired, ONBOARDING_MSG.taxRequired, ONBOARDING_MSG.farmRequired, ONBOARDING_MSG.fieldRequired, ONBOARDING_MSG.cropRequired, 'Debe seleccionar una localidad']) {
      expect(msgs).toContain(m);
    }
    const dashed = await call(app, 'POST', 'users/onboarding', { token: u.token, body: { ...exampleOnboarding(cityId), tax_identifier: '30-71234567-1' } });
    expect(json(dashed).detail?.[0]).toEqual({ loc: ['body', 'tax_identifier'], msg: ONBOARDING_MSG.taxDigits });
    const wrong = await call(app, 'POST', 'users/onboarding', { token: u.token, body: { ...exampleOnboarding(cityId), tax_identifier: '30712345672' } });
    expect(json(wrong).message).toBe(CUIT_MESSAGE);
  });

  it('with example data creates season, company, farm, plot, plan and crop, visible in their lists, and starts the trial', async () => {
    const u = await fresh();
    const body = exampleOnboarding(cityId, new Date('2025-09-01T12:00:00Z'));
    const res = await call(app, 'POST', 'users/onboarding', { token: u.token, body });
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe(ONBOARDING_MSG.done);
    const out = json<{ workspace_id: number; plan: { plan_id: number; days_left: number } }[]>(res).data[0];
    expect(out.workspace_id).toBe(u.workspace_id);
    expect(out.plan).toMatchObject({ plan_id: PLAN.TRIAL, days_left: 15 });

    expect((await list(u.token, 'seasons')).map((s) => s.name)).toEqual(['2025/26']);
    const comps = await list(u.token, 'companies');
    expect(comps).toHaveLength(1);
    expect(comps[0]).toMatchObject({ name: body.company, tax_identifier: EXAMPLE_TAX_ID });
    const farms = await list(u.token, 'farms');
    expect(farms).toHaveLength(1);
    expect(farms[0]).toMatchObject({ name: body.farm, city_id: cityId });
    const fields = await list(u.token, 'fields');
    expect(fields[0]).toMatchObject({ name: body.field, hectares: 20 });
    expect(await list(u.token, 'seasons/plans')).toHaveLength(1);
    const crops = await list(u.token, 'fields/crops');
    expect(crops).toHaveLength(1);
    expect(crops[0]).toMatchObject({ crop_id: 4, hectares: 20 });

    const session = json<{ user: { onboarding_completed: boolean }; plan: { plan_id: number }; flags: Record<string, boolean> }[]>(await call(app, 'GET', 'users/auth?renew=true', { token: u.token })).data[0];
    expect(session.user.onboarding_completed).toBe(true);
    expect(session.plan.plan_id).toBe(PLAN.TRIAL);
    const notes = await app.db.select().from(notifications).where(eq(notifications.user_id, u.user_id));
    expect(notes.map((n) => n.title)).toContain('¡Comenzó tu prueba PRO!');

    const again = await call(app, 'POST', 'users/onboarding', { token: u.token, body });
    expect(again.statusCode).toBe(409);
    expect(json(again).message).toBe(ONBOARDING_MSG.already);
  });

  it('writes nothing when a step fails (one transaction)', async () => {
    const u = await fresh();
    // an unknown crop fails the last step, after the company and the farm were inserted
    const res = await call(app, 'POST', 'users/onboarding', { token: u.token, body: { ...exampleOnboarding(cityId), crop_id: 9999 } });
    expect(res.statusCode).toBe(422);
    expect(await app.db.select().from(companies).where(eq(companies.user_id, u.user_id))).toHaveLength(0);
    expect(await app.db.select().from(farms).where(eq(farms.user_id, u.user_id))).toHaveLength(0);
    expect(await app.db.select().from(seasons).where(eq(seasons.workspace_id, u.workspace_id))).toHaveLength(0);
    expect(await app.db.select().from(seasonPlans).where(eq(seasonPlans.workspace_id, u.workspace_id))).toHaveLength(0);
    const [row] = await app.db.select().from(users).where(eq(users.user_id, u.user_id));
    expect(row).toMatchObject({ onboarding_completed: false, plan_id: PLAN.FREE });
  });
});

describe("a module's public functions on the caller's transaction", () => {
  const seasonNames = async (workspaceId: number) => (await app.db.select().from(seasons).where(eq(seasons.workspace_id, workspaceId))).map((s) => s.name).sort();

  it('land and seasons writes made inside another transaction roll back with it', async () => {
    const u = await fresh();
    const scope = { kind: 'workspace' as const, workspaceId: u.workspace_id, ownerId: u.user_id };
    const outer = app.db.transaction(async (tx) => {
      await createSeason(tx, u.workspace_id, u.user_id, { name: '2030/31', active: true });
      await createCompany(tx, scope, u.user_id, { name: 'Dentro de la transacción', tax_identifier: EXAMPLE_TAX_ID, company_type_id: 1 });
      throw new Error('falla el paso siguiente');
    });
    await expect(outer).rejects.toThrow('falla el paso siguiente');
    expect(await seasonNames(u.workspace_id)).toEqual([]);
    expect(await app.db.select().from(companies).where(eq(companies.user_id, u.user_id))).toHaveLength(0);
  });

  it('a refused call is a savepoint: the caller may go on and commit the rest', async () => {
    const u = await fresh();
    await app.db.transaction(async (tx) => {
      await createSeason(tx, u.workspace_id, u.user_id, { name: '2031/32', active: true });
      await expect(createSeason(tx, u.workspace_id, u.user_id, { name: '2031/32', active: true })).rejects.toMatchObject({ message: LAND_MSG.seasonTaken });
      await createSeason(tx, u.workspace_id, u.user_id, { name: '2032/33', active: true });
    });
    expect(await seasonNames(u.workspace_id)).toEqual(['2031/32', '2032/33']);
  });
});

describe('the workspace onboarding writes into', () => {
  const seasonsOf = async (token: string, workspaceId: number) => (await list(token, `seasons?workspace_id=${workspaceId}`)).map((s) => s.name);

  it("is the request's workspace when the user owns it: ?workspace_id, else the token's", async () => {
    const byParam = await fresh();
    const [second] = await app.db.insert(workspaces).values({ name: 'Campo nuevo', user_id: byParam.user_id }).returning();
    const res = await call(app, 'POST', `users/onboarding?workspace_id=${second.workspace_id}`, { token: byParam.token, body: exampleOnboarding(cityId) });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<{ workspace_id: number }[]>(res).data[0].workspace_id).toBe(second.workspace_id);
    expect(await seasonsOf(byParam.token, second.workspace_id)).toHaveLength(1);
    expect(await seasonsOf(byParam.token, byParam.workspace_id)).toEqual([]);

    const byToken = await fresh();
    const [other] = await app.db.insert(workspaces).values({ name: 'Campo nuevo', user_id: byToken.user_id }).returning();
    const token = (await app.tokens.sign(byToken.user_id, other.workspace_id)).token;
    const viaToken = await call(app, 'POST', 'users/onboarding', { token, body: exampleOnboarding(cityId) });
    expect(json<{ workspace_id: number }[]>(viaToken).data[0].workspace_id).toBe(other.workspace_id);
  });

  it("is the user's first own workspace when the request's is someone else's", async () => {
    const host = await buildUser(app);
    const guest = await fresh();
    const guestToken = await addMember(app, host.workspace_id, guest);
    const res = await call(app, 'POST', `users/onboarding?workspace_id=${host.workspace_id}`, { token: guestToken, body: exampleOnboarding(cityId) });
    expect(res.statusCode, res.body).toBe(201);
    expect(json<{ workspace_id: number }[]>(res).data[0].workspace_id).toBe(guest.workspace_id);
    expect(await list(host.token, 'seasons')).toEqual([]);
  });
});
