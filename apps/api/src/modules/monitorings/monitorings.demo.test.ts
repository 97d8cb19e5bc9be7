import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { call, createTestApp, json, type TestApp } from '../../test/app';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';
import type { Monitoring } from '@fm/domain';

let app: TestApp;
let token: string;
let workspaceId: number;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db, app.fileStore);
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  workspaceId = demo.last_workspace_id ?? 0;
  token = (await app.tokens.sign(demo.user_id, workspaceId)).token;
});
afterAll(() => app.cleanup());

describe('demo monitorings', () => {
  it('has plot visits on two farms with adversities and photos the members can open', async () => {
    const rows = json<Monitoring[]>(await call(app, 'GET', `monitorings?workspace_id=${workspaceId}`, { token })).data;
    expect(rows.length).toBe(4);
    expect(new Set(rows.map((r) => r.farm_id)).size).toBe(2);
    expect(rows.some((r) => r.adversities.length >= 2)).toBe(true);
    const photos = rows.flatMap((r) => r.photos);
    expect(photos.length).toBeGreaterThanOrEqual(3);
    const served = await app.inject({ method: 'GET', url: photos[0].url, headers: { authorization: `Bearer ${token}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
  });
});
