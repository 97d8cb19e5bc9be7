import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planList } from '../../http/list-query';
import { buildUser, createTestApp, type TestApp, type TestUser } from '../../test/app';
import { countStatements, textsBuilt } from '../../test/statements';
import { listHistory, recordHistory } from './work-orders.history';
import { createOrder, orderBody, woFixture } from './work-orders.test-helpers';

/** Decision 0029: an order's history page and its total are statements built once per database. */
let app: TestApp;
let owner: TestUser;
let orders: number[];
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const fx = await woFixture(app, owner);
  orders = [await createOrder(app, owner, orderBody(fx)), await createOrder(app, owner, orderBody(fx))];
  const ctx = { workspaceId: owner.workspace_id, userId: owner.user_id };
  await recordHistory(app.db, ctx, orders[0], [{ action: 'updated', detail: 'uno' }, { action: 'updated', detail: 'dos' }]);
  await recordHistory(app.db, ctx, orders[1], [{ action: 'deleted' }]);
});
afterAll(() => app.cleanup());

const page = (order: number, n: number, workspaceId = owner.workspace_id) => listHistory(app.db, workspaceId, order, planList({ pagination: 'true', page: n, per_page: 2 }, { resource: 'history', fields: {}, defaultOrder: [] }));

describe('work-order history prepared once', () => {
  it('pages an order newest first with its total; another order builds no SQL and sends the same texts', async () => {
    const first = await countStatements(app, () => page(orders[0], 1));
    expect(first.result.extra).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(first.result.data.map((h) => h.action)).toEqual(['updated', 'updated']);
    expect(first.result.data[0].user).toEqual({ name: expect.any(String), last_name: 'Prueba' });
    const last = await page(orders[0], 2);
    expect(last.data.map((h) => h.action)).toEqual(['created']);
    const other = await textsBuilt(() => countStatements(app, () => page(orders[1], 1)));
    expect(other.built).toBe(0);
    expect(other.result.result.data.map((h) => h.action)).toEqual(['deleted', 'created']);
    expect(other.result.sql[0]).toEqual(first.sql[0]);
    expect((await page(orders[1], 1, owner.workspace_id + 100_000)).data).toEqual([]);
  });
});
