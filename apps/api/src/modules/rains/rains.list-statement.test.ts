import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RainRow } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { sameShapeTwice, twoPerPage } from '../../test/list-statements';
import { sharedFarmsWithPlot } from '../land/land.test-helpers';

/** Decision 0029: the rains page and its count are built once per filter shape, then run with each request's values. */
let app: TestApp;
let owner: TestUser;
let farmIds: number[];
let plotIds: number[];

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  ({ farmIds, plotIds } = await sharedFarmsWithPlot(app, owner, ['La Esperanza', 'San Martín']));
  for (const [farm, date, mm, observations] of [
    [0, '2025-09-01', 10, 'tormenta fuerte'],
    [0, '2025-09-02', 11, 'tormenta corta'],
    [0, '2025-09-03', 12, 'tormenta larga'],
    [0, '2025-10-01', 40, 'tormenta fuera de rango'],
    [1, '2025-11-01', 20, 'llovizna fina'],
    [1, '2025-11-02', 21, 'llovizna fría'],
    [1, '2025-11-03', 22, 'llovizna suave'],
  ] as const) {
    const body = { farm_id: farmIds[farm], field_id: plotIds[farm], date, millimeters: mm, observations };
    const res = await call(app, 'POST', `rains?workspace_id=${owner.workspace_id}`, { token: owner.token, body });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
});
afterAll(() => app.cleanup());

const list = (farm: number, date_from: string, date_to: string, search: string, minMm: number) =>
  twoPerPage(app, owner, 'rains', [{ field: 'millimeters', condition: 'gt', value: minMm }], { farm_id: farmIds[farm], field_id: plotIds[farm], date_from, date_to, search });

describe('rains list statement (decision 0029)', () => {
  it('builds the page and its count on the first request of a shape only, and answers the second with its own values', async () => {
    const [first, second] = await sameShapeTwice('rains', () => list(0, '2025-09-01', '2025-09-30', 'tormenta', 5), () => list(1, '2025-11-02', '2025-11-30', 'llovizna', 20.5));
    expect(json<RainRow[]>(first).data.map((r) => r.date)).toEqual(['2025-09-03', '2025-09-02']);
    expect(json(first).total).toBe(3);

    const page = json<RainRow[]>(second);
    expect(page.data.map((r) => [r.farm_id, r.date])).toEqual([[farmIds[1], '2025-11-03'], [farmIds[1], '2025-11-02']]);
    expect(page.total).toBe(2);

    const one = await call(app, 'GET', `rains?workspace_id=${owner.workspace_id}&rain_id=${page.data[0].rain_id}`, { token: owner.token });
    expect(json<RainRow[]>(one).data.map((r) => r.rain_id)).toEqual([page.data[0].rain_id]);
  });
});
