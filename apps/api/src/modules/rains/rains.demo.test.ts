import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { campaignForDate, type RainEvents } from '@fm/domain';
import { users } from '../../db/schema/index';
import { call, createTestApp, json, type TestApp } from '../../test/app';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';

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

describe('demo rains', () => {
  it('the last campaign has rain on every demo farm, more in spring-summer than in winter', async () => {
    const start = Number(campaignForDate(new Date()).slice(0, 4)) - 1;
    const last = `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
    const res = await call(app, 'GET', `rains/events?campaign=${last}&workspace_id=${workspaceId}`, { token });
    expect(res.statusCode).toBe(200);
    const ev = json<RainEvents[]>(res).data[0];
    expect(ev.farms.length).toBe(3);
    for (const f of ev.farms) {
      const m = f.monthly.map(Number);
      // Oct-Mar (indexes 3..8) against Jul, Aug and Jun
      const wet = m.slice(3, 9).reduce((a, b) => a + b, 0) / 6;
      const dry = (m[0] + m[1] + m[11]) / 3;
      expect(wet, f.farm_name).toBeGreaterThan(dry * 1.8);
      expect(Number(f.total)).toBeGreaterThan(600);
      expect(Number(f.total)).toBeLessThan(1600);
    }
    const list = await call(app, 'GET', `rains?workspace_id=${workspaceId}&pagination=true&per_page=5`, { token });
    expect(json(list).total).toBeGreaterThan(60);
  });
});
