import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { sameShapeTwice, twoPerPage } from '../../test/list-statements';
import { sharedFarmsWithPlot } from '../land/land.test-helpers';
import type { Note } from '@fm/domain';

/** Decision 0029: the notes page and its count are built once per filter shape, then run with each request's values. */
let app: TestApp;
let owner: TestUser;
let farmIds: number[];

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  ({ farmIds } = await sharedFarmsWithPlot(app, owner, ['La Esperanza', 'El Ombú']));
  const notes = [
    ['Suelo A', 'loma alta', 0],
    ['Suelo B', 'loma baja', 0],
    ['Suelo C', 'loma media', 0],
    ['Riego A', 'bajo inundable', 1],
    ['Riego B', 'bajo seco', 1],
    ['Riego C', 'bajo húmedo', 1],
  ] as const;
  for (const [title, text, farm] of notes) {
    const res = await call(app, 'POST', `notes?workspace_id=${owner.workspace_id}`, { token: owner.token, body: { title, text, farm_id: farmIds[farm] } });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(() => app.cleanup());

const list = (search: string, farm: number, title: string) =>
  twoPerPage(app, owner, 'notes', [{ field: 'title', condition: 'contains', value: title }], { search, farm_id: farmIds[farm] });

describe('notes list statement (decision 0029)', () => {
  it('builds the page and its count on the first request of a shape only, and answers the second with its own values', async () => {
    const [first, second] = await sameShapeTwice(['notes', 'note_attachments'], () => list('loma', 0, 'suelo'), () => list('bajo', 1, 'riego'));
    expect(json<Note[]>(first).data.map((n) => n.title)).toHaveLength(2);
    expect(json(first).total).toBe(3);

    const page = json<Note[]>(second);
    expect(page.data.map((n) => n.farm_id)).toEqual([farmIds[1], farmIds[1]]);
    expect(page.data.every((n) => n.title.startsWith('Riego') && n.text.startsWith('bajo'))).toBe(true);
    expect(page.total).toBe(3);
  });
});
