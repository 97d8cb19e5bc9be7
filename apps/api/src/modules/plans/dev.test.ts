import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_ID, type PlanInfoPayload } from '@fm/domain';
import { loadConfig } from '../../config';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ FM_DEV_TOOLS: 'true' });
});
afterAll(() => app.cleanup());

const planOf = async (token: string) => json<PlanInfoPayload[]>(await call(app, 'GET', 'users/plan', { token })).data[0];

describe('development helpers (FM_DEV_TOOLS=true only)', () => {
  it('fills the bell and expires a trial', async () => {
    const u = await buildUser(app);
    expect((await call(app, 'POST', `dev/notifications?email=${u.email}&count=5`)).statusCode).toBe(200);
    expect((await call(app, 'GET', 'notifications/web', { token: u.token })).json()).toMatchObject({ unread_count: 5 });
    expect((await call(app, 'POST', `dev/plan?email=${u.email}&plan=trial&days=-1`)).statusCode).toBe(200);
    const auth = json<{ flags: Record<string, boolean> }[]>(await call(app, 'GET', 'users/auth?renew=true', { token: u.token })).data[0];
    expect(auth.flags.profile).toBe(false);
    expect((await call(app, 'POST', 'dev/plan?email=nadie@test.local&plan=pro')).statusCode).toBe(404);
  });

  it('grants an add-on by name or id to an e-mail or to the caller, seen at once by GET users/plan', async () => {
    const u = await buildUser(app);
    const granted = await call(app, 'POST', `dev/addon?email=${u.email}&addon=recetas`);
    expect(granted.statusCode).toBe(200);
    expect(json(granted).data).toEqual([{ addon_id: ADDON_ID.RECIPES, name: 'Recetas', quantity: 1 }]);
    expect((await call(app, 'POST', 'dev/addon?addon=101&quantity=2', { token: u.token })).statusCode).toBe(200);
    const plan = await planOf(u.token);
    expect(plan.addons.find((a) => a.addon_id === ADDON_ID.RECIPES)).toMatchObject({ quantity: 1, available: 1 });
    expect(plan.report_permissions.filter((r) => r.available).map((r) => r.slug)).toEqual(['plan_de_siembra']);

    const unknown = await call(app, 'POST', `dev/addon?email=${u.email}&addon=tractores`);
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).message).toBe("No existe el adicional 'tractores'");
    expect((await call(app, 'POST', 'dev/addon?addon=Recetas')).statusCode).toBe(401);
    expect((await call(app, 'POST', 'dev/addon?email=nadie@test.local&addon=Recetas')).statusCode).toBe(404);
  });

  it('are not registered without the flag, and the flag is refused in production', async () => {
    const plain = await createTestApp();
    try {
      expect((await call(plain, 'POST', 'dev/notifications?email=a@b.c')).statusCode).toBe(404);
      expect((await call(plain, 'POST', 'dev/addon?email=a@b.c&addon=Recetas')).statusCode).toBe(404);
    } finally {
      await plain.cleanup();
    }
    expect(() => loadConfig({ FM_DEV_TOOLS: 'true', NODE_ENV: 'production' })).toThrow('FM_DEV_TOOLS');
  });
});
