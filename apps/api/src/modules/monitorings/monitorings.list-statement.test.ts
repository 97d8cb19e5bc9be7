import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorings } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { sameShapeTwice, twoPerPage } from '../../test/list-statements';
import { sharedFarmsWithPlot } from '../land/land.test-helpers';
import type { Monitoring } from '@fm/domain';

/** Decision 0029: the monitorings page and its count are built once per filter shape, then run with each request's values. */
let app: TestApp;
let owner: TestUser;
let farmIds: number[];
let plotIds: number[];

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  ({ farmIds, plotIds } = await sharedFarmsWithPlot(app, owner, ['La Esperanza', 'San Carlos']));
  const visits = [
    [0, '2026-01-10', 1],
    [0, '2026-01-11', 1],
    [0, '2026-01-12', 1],
    [0, '2026-01-13', 2],
    [1, '2026-02-10', 2],
    [1, '2026-02-11', 2],
    [1, '2026-02-12', 2],
  ] as const;
  await app.db.insert(monitorings).values(visits.map(([f, date, crop]) => ({ workspace_id: owner.workspace_id, farm_id: farmIds[f], field_id: plotIds[f], date, crop_id: crop })));
});
afterAll(() => app.cleanup());

const list = (farm: number, crop: number, date_from: string, date_to: string, notId: number) =>
  twoPerPage(app, owner, 'monitorings', [{ field: 'monitoring_id', condition: 'gt', value: notId }], { farm_id: farmIds[farm], field_id: plotIds[farm], crop_id: crop, date_from, date_to });

describe('monitorings list statement (decision 0029)', () => {
  it('builds the page and its count on the first request of a shape only, and answers the second with its own values', async () => {
    const [first, second] = await sameShapeTwice(['monitorings', 'monitoring_adversities', 'monitoring_photos'], () => list(0, 1, '2026-01-01', '2026-01-31', 0), () => list(1, 2, '2026-02-11', '2026-02-28', 1));
    expect(json<Monitoring[]>(first).data.map((m) => m.date)).toEqual(['2026-01-12', '2026-01-11']);
    expect(json(first).total).toBe(3);

    const page = json<Monitoring[]>(second);
    expect(page.data.map((m) => [m.farm_id, m.crop_id, m.date])).toEqual([[farmIds[1], 2, '2026-02-12'], [farmIds[1], 2, '2026-02-11']]);
    expect(page.total).toBe(2);

    const day = await call(app, 'GET', `monitorings?workspace_id=${owner.workspace_id}&date=2026-01-13`, { token: owner.token });
    expect(json<Monitoring[]>(day).data.map((m) => [m.date, m.crop_id])).toEqual([['2026-01-13', 2]]);
  });
});
