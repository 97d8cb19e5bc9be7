import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLAN } from '@fm/domain';
import { users } from '../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp } from '../test/app';

/** A route of a flagged-off feature answers exactly what an unknown route answers (decision 0010). */
let production: TestApp;
let development: TestApp;
beforeAll(async () => {
  [production, development] = await Promise.all([createTestApp({ FM_FLAGS: 'production' }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([production.cleanup(), development.cleanup()]);
});

type SessionFlags = { flags: Record<string, boolean> }[];

describe('FM_FLAGS=production', () => {
  it('answers GET destinations as an unknown route, while farms and the session work', async () => {
    const u = await buildUser(production);
    const unknown = await call(production, 'GET', 'no-existe', { token: u.token });
    expect(unknown.statusCode).toBe(404);
    const off = await call(production, 'GET', 'destinations', { token: u.token });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual(unknown.json());
    expect(json(off).message).toBe('Ruta no encontrada');
    // with or without a token: a switched-off route does not even ask for one
    expect((await call(production, 'GET', 'destinations')).json()).toEqual(unknown.json());
    expect((await call(production, 'POST', 'destinations', { token: u.token, body: { name: 'Puerto' } })).statusCode).toBe(404);

    expect((await call(production, 'GET', 'farms', { token: u.token })).statusCode).toBe(200);
    const session = json<SessionFlags>(await call(production, 'GET', 'users/auth?renew=true', { token: u.token })).data[0];
    expect(session.flags).toMatchObject({ destinations: false, resources: true });
  });

  it('leaves the switched-off routes out of the OpenAPI description', async () => {
    const paths = (await production.inject({ method: 'GET', url: '/fm/v1/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(paths.paths)).toContain('/fm/v1/farms');
    expect(Object.keys(paths.paths)).not.toContain('/fm/v1/destinations');
  });

  it('the same routes answer under the development set', async () => {
    const u = await buildUser(development);
    expect((await call(development, 'GET', 'destinations', { token: u.token })).statusCode).toBe(200);
  });
});

describe('an expired trial', () => {
  it('turns module and account routes into unknown ones for that account only; home, session and sign-out keep working', async () => {
    const expired = await buildUser(development);
    const active = await buildUser(development);
    await development.db
      .update(users)
      .set({ plan_id: PLAN.TRIAL, plan_end_date: new Date(Date.now() - 86_400_000) })
      .where(eq(users.user_id, expired.user_id));
    const unknown = (await call(development, 'GET', 'no-existe', { token: expired.token })).json();

    for (const path of ['farms', 'seasons', 'workspaces', 'notifications/web', 'users']) {
      const res = await call(development, 'GET', path, { token: expired.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual(unknown);
      expect((await call(development, 'GET', path, { token: active.token })).statusCode, path).toBe(200);
    }
    // without a token the account is unknown: 401 as for any signed-in route
    expect((await call(development, 'GET', 'farms')).statusCode).toBe(401);

    for (const path of ['users/auth', 'users/plan', 'crops']) {
      expect((await call(development, 'GET', path, { token: expired.token })).statusCode, path).toBe(200);
    }
    expect((await call(development, 'GET', 'users/signout', { token: expired.token })).statusCode).toBe(200);
  });
});
