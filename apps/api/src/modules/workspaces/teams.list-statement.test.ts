import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { sameShapeTwice } from '../../test/list-statements';

/** Decision 0029: the teams page and its count are built once per filter shape, then run with each request's values. */
let app: TestApp;
let users: TestUser[];

beforeAll(async () => {
  app = await createTestApp();
  users = [await buildUser(app), await buildUser(app)];
  const names = [['Cosecha norte', 'Cosecha sur', 'Cosecha este', 'Siembra'], ['Fumigación 1', 'Fumigación 2', 'Fumigación 3', 'Fumigación 4', 'Cosecha']];
  await app.db.insert(teams).values(users.flatMap((u, i) => names[i].map((name) => ({ user_id: u.user_id, name }))));
});
afterAll(() => app.cleanup());

type Team = { team_id: number; name: string };
const list = (u: TestUser, search: string, after: number) => {
  const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'team_id', condition: 'gt', value: after }] }));
  return call(app, 'GET', `teams?pagination=true&per_page=2&search=${encodeURIComponent(search)}&filters=${filters}`, { token: u.token });
};

describe('teams list statement (decision 0029)', () => {
  it("builds the page and its count on the first request of a shape only, and answers another account's request with its rows", async () => {
    const [first, second] = await sameShapeTwice('teams', () => list(users[0], 'cosecha', 0), () => list(users[1], 'fumigación', 1));
    expect(json<Team[]>(first).data.map((t) => t.name)).toEqual(['Cosecha este', 'Cosecha norte']);
    expect(json(first).total).toBe(3);

    expect(json<Team[]>(second).data.map((t) => t.name)).toEqual(['Fumigación 1', 'Fumigación 2']);
    expect(json(second).total).toBe(4);
  });

  it('searches the trimmed text, its LIKE characters taken literally', async () => {
    const owner = await buildUser(app);
    const all = ['Lote 1', 'Lote_1', '100 soja', '100% soja'];
    await app.db.insert(teams).values(all.map((name) => ({ user_id: owner.user_id, name })));
    const names = async (search: string) =>
      json<Team[]>(await call(app, 'GET', `teams?pagination=true&per_page=10&search=${encodeURIComponent(search)}`, { token: owner.token }))
        .data.map((t) => t.name)
        .sort();
    expect(await names('  lote 1  ')).toEqual(['Lote 1']);
    expect(await names('e_')).toEqual(['Lote_1']);
    expect(await names('0%')).toEqual(['100% soja']);
    expect(await names('   ')).toEqual([...all].sort());
  });
});
