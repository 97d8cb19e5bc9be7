import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotification } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { sameShapeTwice } from '../../test/list-statements';
import { notify } from './notify';

/** Decision 0029: the notifications page, its count and the unread count are built once per database and variant. */
let app: TestApp;
let users: TestUser[];

beforeAll(async () => {
  app = await createTestApp();
  users = [await buildUser(app), await buildUser(app)];
  for (const [i, u] of users.entries()) {
    for (let n = 1; n <= 3 + i; n++) await notify(app.db, u.user_id, { title: `Aviso ${u.user_id}-${n}`, body: 'Texto' });
  }
});
afterAll(() => app.cleanup());

type ListBody = { data: AppNotification[]; unread_count: number; total?: number };
const list = (u: TestUser) => call(app, 'GET', 'notifications/web?unread=true&pagination=true&per_page=2', { token: u.token });

describe('notifications list statement (decision 0029)', () => {
  it("builds the page and the counts on the first request only, and answers another user's request with their own rows", async () => {
    const [first, second] = await sameShapeTwice('notifications', () => list(users[0]), () => list(users[1]));
    expect(json<AppNotification[]>(first).data.map((n) => n.title)).toEqual([`Aviso ${users[0].user_id}-3`, `Aviso ${users[0].user_id}-2`]);
    expect(first.json<ListBody>()).toMatchObject({ total: 3, unread_count: 3 });

    expect(json<AppNotification[]>(second).data.map((n) => n.title)).toEqual([`Aviso ${users[1].user_id}-4`, `Aviso ${users[1].user_id}-3`]);
    expect(second.json<ListBody>()).toMatchObject({ total: 4, unread_count: 4 });
  });
});
