import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PLAN, TRIAL_NOTICE, type AppNotification } from '@fm/domain';
import { analyticsEvents, clientErrors, notifications, users } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';
import { notify } from './notify';
import { runTrialNotices, withAdvisoryLock } from './trial-job';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

type ListBody = { data: AppNotification[]; unread_count: number; total?: number };

describe('notifications/web', () => {
  it('needs a token', async () => {
    expect((await call(app, 'GET', 'notifications/web')).statusCode).toBe(401);
    expect((await call(app, 'POST', 'notifications/web?notification_id=1')).statusCode).toBe(401);
  });

  it('counts 120 unread for the badge, pages, and the bell query returns the latest 3', async () => {
    const u = await buildUser(app);
    for (let i = 1; i <= 120; i++) await notify(app.db, u.user_id, { title: `Aviso ${i}`, body: 'Texto', web: i === 120 ? '/campanas' : undefined });
    const bell = (await call(app, 'GET', 'notifications/web?unread=true&pagination=true&per_page=3', { token: u.token })).json() as ListBody;
    expect(bell.unread_count).toBe(120);
    expect(bell.total).toBe(120);
    expect(bell.data.map((n) => n.title)).toEqual(['Aviso 120', 'Aviso 119', 'Aviso 118']);
    expect(bell.data[0].action).toEqual({ type: 'navigate-to', params: { web: '/campanas' } });
    expect(bell.data[0].readed).toBeNull();

    const page2 = (await call(app, 'GET', 'notifications/web?pagination=true&page=2&per_page=50', { token: u.token })).json() as ListBody;
    expect(page2.data).toHaveLength(50);
    expect(page2.data[0].title).toBe('Aviso 70');

    const mark = await call(app, 'POST', `notifications/web?notification_id=${bell.data[0].notification_id}`, { token: u.token });
    expect(mark.statusCode).toBe(200);
    expect((mark.json() as ListBody).unread_count).toBe(119);
    const again = (await call(app, 'GET', 'notifications/web?unread=true&pagination=true&per_page=3', { token: u.token })).json() as ListBody;
    expect(again.unread_count).toBe(119);
    expect(again.data[0].title).toBe('Aviso 119');
    const all = (await call(app, 'GET', 'notifications/web', { token: u.token })).json() as ListBody;
    expect(all.data).toHaveLength(100);
    expect(all.data[0].readed).not.toBeNull();
  });

  it("marks only one's own notification: another user's id is 404", async () => {
    const owner = await buildUser(app);
    const other = await buildUser(app);
    const id = await notify(app.db, owner.user_id, { title: 'Privada', body: 'x' });
    const res = await call(app, 'POST', `notifications/web?notification_id=${id}`, { token: other.token });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Notificación no encontrada');
    const spoof = await call(app, 'POST', `notifications/web?notification_id=${id}&user_id=${owner.user_id}`, { token: other.token });
    expect(spoof.statusCode).toBe(404);
    const [row] = await app.db.select().from(notifications).where(eq(notifications.notification_id, id ?? 0));
    expect(row.readed).toBeNull();
    expect((await call(app, 'GET', 'notifications/web', { token: other.token })).json()).toMatchObject({ data: [], unread_count: 0 });
  });

  it('answers 422 in Spanish without notification_id', async () => {
    const u = await buildUser(app);
    const res = await call(app, 'POST', 'notifications/web', { token: u.token });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe('El parámetro notification_id es obligatorio');
  });
});

describe('trial notices job', () => {
  it('creates the ending and ended notices once per user, under an advisory lock', async () => {
    const ending = await buildUser(app, { plan_id: PLAN.TRIAL });
    const ended = await buildUser(app, { plan_id: PLAN.TRIAL });
    await app.db.update(users).set({ plan_end_date: new Date(Date.now() + 2 * 86_400_000) }).where(eq(users.user_id, ending.user_id));
    await app.db.update(users).set({ plan_end_date: new Date(Date.now() - 3_600_000) }).where(eq(users.user_id, ended.user_id));
    expect(await withAdvisoryLock(app.db, 99, (tx) => runTrialNotices(tx))).toBe(true);
    await runTrialNotices(app.db);
    const titles = async (userId: number) =>
      (await app.db.select().from(notifications).where(eq(notifications.user_id, userId))).map((n) => n.title);
    expect(await titles(ending.user_id)).toEqual([TRIAL_NOTICE.ending.title]);
    expect(await titles(ended.user_id)).toEqual([TRIAL_NOTICE.ended.title]);
  });
});

describe('analytics and client errors', () => {
  it('stores events under either field naming, and errors; needs a token; 422 in Spanish', async () => {
    const u = await buildUser(app);
    const body = { event_name: 'notification_press', event_origin: 'WEB', event_category: 'notifications', event_payload: { type: 'in-app', state: 'press', notification_id: 1 } };
    expect((await call(app, 'POST', 'analytics', { body })).statusCode).toBe(401);
    expect((await call(app, 'POST', 'analytics', { token: u.token, body })).statusCode).toBe(201);
    expect((await call(app, 'POST', 'analytics', { token: u.token, body: { event: 'consultar', origin: 'WEB_APP', payload: { big: 'x'.repeat(10_000) } } })).statusCode).toBe(201);
    const events = await app.db.select().from(analyticsEvents).where(eq(analyticsEvents.user_id, u.user_id));
    expect(events.map((e) => e.event).sort()).toEqual(['consultar', 'notification_press']);
    expect(events.find((e) => e.event === 'consultar')?.payload).toMatchObject({ truncated: true });
    const noName = await call(app, 'POST', 'analytics', { token: u.token, body: { origin: 'WEB' } });
    expect(noName.statusCode).toBe(422);
    expect(json(noName).message).toBe('El nombre del evento es obligatorio');

    const err = await call(app, 'POST', 'users/errors', { token: u.token, body: { message: 'TypeError: x is undefined', stack: 'at Foo', path: '/home', browser: 'chromium' } });
    expect(err.statusCode).toBe(201);
    const [row] = await app.db.select().from(clientErrors).where(and(eq(clientErrors.user_id, u.user_id)));
    expect(row).toMatchObject({ message: 'TypeError: x is undefined', path: '/home', extra: { browser: 'chromium' } });
    const bad = await call(app, 'POST', 'users/errors', { token: u.token, body: { stack: 'x' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('El mensaje del error es obligatorio');
  });
});
