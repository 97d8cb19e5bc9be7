import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ FM_DEV_TOOLS: 'true' });
});
afterAll(() => app.cleanup());

describe('development helpers (FM_DEV_TOOLS=true only)', () => {
  it('expires a trial and fills the bell', async () => {
    const u = await buildUser(app);
    expect((await call(app, 'POST', `dev/plan?email=${u.email}&plan=trial&days=-1`)).statusCode).toBe(200);
    const auth = json<{ flags: Record<string, boolean> }[]>(await call(app, 'GET', 'users/auth?renew=true', { token: u.token })).data[0];
    expect(auth.flags.profile).toBe(false);
    expect((await call(app, 'POST', `dev/notifications?email=${u.email}&count=5`)).statusCode).toBe(200);
    expect((await call(app, 'GET', 'notifications/web', { token: u.token })).json()).toMatchObject({ unread_count: 5 });
    expect((await call(app, 'POST', 'dev/plan?email=nadie@test.local&plan=pro')).statusCode).toBe(404);
  });

  it('are not registered without the flag', async () => {
    const plain = await createTestApp();
    try {
      expect((await call(plain, 'POST', 'dev/notifications?email=a@b.c')).statusCode).toBe(404);
    } finally {
      await plain.cleanup();
    }
  });
});
