import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { ADDON_ID, CAPACITY_MSG, PLAN, REPORT_ADDONS, SUBSCRIPTION_MSG, TRIAL_RENEW_MSG, type PlanInfoPayload } from '@fm/domain';
import { addonRequests, outbox, users } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';
import { AppError } from '../../http/errors';
import { assertCapacity, registerUsageCounter, setAddonQuantity } from './plans.service';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

const expire = (userId: number) =>
  app.db.update(users).set({ plan_id: PLAN.TRIAL, plan_end_date: new Date(Date.now() - 86_400_000) }).where(eq(users.user_id, userId));

/** A GET route guarded by a module permission (any module): an expired trial turns it off (404, as an unknown route). */
function moduleRoute(): string {
  const r = app.routeTable.find((e) => e.method === 'GET' && e.config.permission && !e.url.includes(':'));
  if (!r) throw new Error('no module route registered');
  return r.url;
}

describe('GET users/plan', () => {
  it('needs a token', async () => {
    expect((await call(app, 'GET', 'users/plan')).statusCode).toBe(401);
  });

  it('returns plan, days left, add-ons with hectares apart and report permissions', async () => {
    const u = await buildUser(app, { plan_id: PLAN.TRIAL });
    await setAddonQuantity(app.db, u.user_id, ADDON_ID.HECTARES, 500);
    await setAddonQuantity(app.db, u.user_id, REPORT_ADDONS[0].addon_id, 1);
    const res = await call(app, 'GET', 'users/plan', { token: u.token });
    expect(res.statusCode).toBe(200);
    const info = json<PlanInfoPayload[]>(res).data[0];
    expect(info.plan.plan_id).toBe(PLAN.TRIAL);
    expect(info.days_left).toBe(30);
    expect(info.hectares).toMatchObject({ addon_id: 4, quantity: 500 });
    expect(info.addons.map((a) => a.addon_id)).not.toContain(4);
    expect(info.addons.find((a) => a.name === 'Usuarios')).toMatchObject({ included: 3, quantity: 3 });
    expect(info.addons.find((a) => a.name === 'Empresas')).toMatchObject({ included: 2, quantity: 2 });
    expect(info.report_permissions).toHaveLength(13);
    expect(info.report_permissions.every((r) => r.name.includes('Reporte'))).toBe(true);
    expect(info.report_permissions.filter((r) => r.available).map((r) => r.slug)).toEqual(['plan_de_siembra']);
  });

  it('never reports days left below 0, and the generic Reportes add-on opens every report', async () => {
    const u = await buildUser(app);
    await expire(u.user_id);
    await setAddonQuantity(app.db, u.user_id, ADDON_ID.REPORTS, 1);
    const info = json<PlanInfoPayload[]>(await call(app, 'GET', 'users/plan', { token: u.token })).data[0];
    expect(info.days_left).toBe(0);
    expect(info.trial_expired).toBe(true);
    expect(info.report_permissions.every((r) => r.available)).toBe(true);
  });
});

describe('trial expiry and renewal', () => {
  it('restricts flags and module routes when the trial ended; renewal restores them', async () => {
    const u = await buildUser(app);
    const route = moduleRoute();
    expect((await app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${u.token}` } })).statusCode).toBe(200);
    await expire(u.user_id);

    const auth = json<{ flags: Record<string, boolean>; plan: { days_left: number } }[]>(await call(app, 'GET', 'users/auth?renew=true', { token: u.token })).data[0];
    expect(Object.entries(auth.flags).filter(([, on]) => on).map(([f]) => f).sort()).toEqual(['home', 'logout', 'store']);
    expect(auth.plan.days_left).toBe(0);
    const refused = await app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${u.token}` } });
    expect(refused.statusCode).toBe(404);
    expect(json(refused).message).toBe('Ruta no encontrada');

    expect((await call(app, 'GET', 'subscriptions/renew-trial')).statusCode).toBe(401);
    const renewed = await call(app, 'GET', 'subscriptions/renew-trial', { token: u.token });
    expect(renewed.statusCode).toBe(200);
    expect(json(renewed).message).toBe(SUBSCRIPTION_MSG.renewed);
    expect(json<{ plan_id: number; days_left: number }[]>(renewed).data[0]).toMatchObject({ plan_id: PLAN.TRIAL, days_left: 15 });

    const after = json<{ flags: Record<string, boolean> }[]>(await call(app, 'GET', 'users/auth?renew=true', { token: u.token })).data[0];
    expect(after.flags.profile).toBe(true);
    expect(after.flags.notifications).toBe(true);
    expect((await app.inject({ method: 'GET', url: route, headers: { authorization: `Bearer ${u.token}` } })).statusCode).toBe(200);
  });

  it('does not turn an active PRO plan into a trial', async () => {
    const u = await buildUser(app, { plan_id: PLAN.PRO });
    const res = await call(app, 'GET', 'subscriptions/renew-trial', { token: u.token });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(TRIAL_RENEW_MSG.proActive);
  });

  it('renews only an ended trial, at most TRIAL_RENEWALS_MAX times (default 1): never an endless trial', async () => {
    const renew = async (token: string) => {
      const res = await call(app, 'GET', 'subscriptions/renew-trial', { token });
      return { status: res.statusCode, message: json(res).message };
    };
    const free = await buildUser(app, { plan_id: PLAN.FREE });
    expect(await renew(free.token)).toEqual({ status: 409, message: TRIAL_RENEW_MSG.noTrial });

    const u = await buildUser(app, { plan_id: PLAN.TRIAL });
    expect(await renew(u.token)).toEqual({ status: 409, message: TRIAL_RENEW_MSG.trialActive });
    await expire(u.user_id);
    expect(await renew(u.token)).toEqual({ status: 200, message: SUBSCRIPTION_MSG.renewed });
    // active again: no stacking
    expect(await renew(u.token)).toEqual({ status: 409, message: TRIAL_RENEW_MSG.trialActive });
    await expire(u.user_id);
    expect(await renew(u.token)).toEqual({ status: 409, message: TRIAL_RENEW_MSG.exhausted });
    const [row] = await app.db.select({ n: users.trial_renewals, end: users.plan_end_date }).from(users).where(eq(users.user_id, u.user_id));
    expect(row.n).toBe(1);
    expect(row.end?.getTime()).toBeLessThan(Date.now());
  });

  it('two simultaneous renewals of an ended trial renew once', async () => {
    const u = await buildUser(app, { plan_id: PLAN.TRIAL });
    await expire(u.user_id);
    const results = await Promise.all([1, 2].map(() => call(app, 'GET', 'subscriptions/renew-trial', { token: u.token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('TRIAL_RENEWALS_MAX sets how many times', async () => {
    const twice = await createTestApp({ TRIAL_RENEWALS_MAX: 2 });
    try {
      const u = await buildUser(twice, { plan_id: PLAN.TRIAL });
      const ended = () => twice.db.update(users).set({ plan_end_date: new Date(Date.now() - 1000) }).where(eq(users.user_id, u.user_id));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        await ended();
        statuses.push((await call(twice, 'GET', 'subscriptions/renew-trial', { token: u.token })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 409]);
    } finally {
      await twice.cleanup();
    }
  });
});

describe('POST emails/subscription/notification', () => {
  it('needs a token and a known type', async () => {
    expect((await call(app, 'POST', 'emails/subscription/notification?type=users')).statusCode).toBe(401);
    const u = await buildUser(app);
    const bad = await call(app, 'POST', 'emails/subscription/notification?type=tractores', { token: u.token });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe(SUBSCRIPTION_MSG.typeInvalid);
  });

  it('stores the request and e-mails sales', async () => {
    const u = await buildUser(app, { name: 'Marcela' });
    const res = await call(app, 'POST', 'emails/subscription/notification?type=companies', { token: u.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(SUBSCRIPTION_MSG.addon);
    expect(json<{ success: boolean }[]>(res).data[0].success).toBe(true);
    const [row] = await app.db.select().from(addonRequests).where(eq(addonRequests.user_id, u.user_id));
    expect(row.type).toBe('companies');
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to_email, app.config.SALES_EMAIL)).orderBy(desc(outbox.mail_id)).limit(1);
    expect(mail.subject).toContain('Empresas');
    expect(mail.body_text).toContain(u.email);

    const demo = await call(app, 'POST', 'emails/subscription/notification?type=demo', { token: u.token });
    expect(json(demo).message).toBe(SUBSCRIPTION_MSG.demo);
    const dflt = await call(app, 'POST', 'emails/subscription/notification', { token: u.token });
    expect(json<{ type: string }[]>(dflt).data[0].type).toBe('addon');
  });
});

describe('assertCapacity', () => {
  it('allows up to the plan capacity plus purchased add-ons, then refuses with the Spanish message', async () => {
    const u = await buildUser(app, { plan_id: PLAN.FREE });
    const used = new Map<number, number>([[u.user_id, 0]]);
    // test counter for an add-on id no module uses
    registerUsageCounter(ADDON_ID.COMPANIES, async (_db, userId) => used.get(userId) ?? 0);
    await expect(assertCapacity(app.db, u.user_id, ADDON_ID.COMPANIES, CAPACITY_MSG.companies)).resolves.toBeUndefined();
    used.set(u.user_id, 1);
    const err = await assertCapacity(app.db, u.user_id, ADDON_ID.COMPANIES, CAPACITY_MSG.companies).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).message).toBe(CAPACITY_MSG.companies);
    await setAddonQuantity(app.db, u.user_id, ADDON_ID.COMPANIES, 2);
    await expect(assertCapacity(app.db, u.user_id, ADDON_ID.COMPANIES, CAPACITY_MSG.companies)).resolves.toBeUndefined();
    used.set(u.user_id, 3);
    await expect(assertCapacity(app.db, u.user_id, ADDON_ID.COMPANIES, CAPACITY_MSG.companies)).rejects.toThrow(CAPACITY_MSG.companies);
  });
});
