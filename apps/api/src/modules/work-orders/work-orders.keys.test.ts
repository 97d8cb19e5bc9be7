import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { workOrderFieldCrops, workOrderHistory, workOrders, workOrderSupplies } from '../../db/schema/index';
import { buildUser, createTestApp, type TestApp, type TestUser } from '../../test/app';
import { createOrder, orderBody, woFixture } from './work-orders.test-helpers';

/** Migration 0016: an order's lots, supplies and history reference the order by (workspace_id, work_order_id). */
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let order: number;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  stranger = await buildUser(app);
  order = await createOrder(app, owner, orderBody(await woFixture(app, owner)));
});
afterAll(() => app.cleanup());

const children = [workOrderFieldCrops, workOrderSupplies, workOrderHistory] as const;
const countOf = async (table: (typeof children)[number]) => (await app.db.select({ id: table.work_order_id }).from(table).where(eq(table.work_order_id, order))).length;

describe(`work-order children on ${process.env.FM_TEST_DB ?? 'pglite'}`, () => {
  it('cannot name another workspace than their order’s', async () => {
    for (const table of children) {
      expect(await countOf(table)).toBeGreaterThan(0);
      const moved = app.db.update(table).set({ workspace_id: stranger.workspace_id }).where(eq(table.work_order_id, order));
      await expect(moved).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    }
  });

  it('go with their order when it is deleted', async () => {
    await app.db.delete(workOrders).where(eq(workOrders.work_order_id, order));
    for (const table of children) expect(await countOf(table)).toBe(0);
    const [left] = await rowsOf<{ n: number }>(app.db, sql`select count(*)::int as n from ${workOrders} where ${workOrders.work_order_id} = ${order}`);
    expect(left.n).toBe(0);
  });
});
