import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_ID, type Recipe } from '@fm/domain';
import { recipes } from '../../db/schema/index';
import { buildUser, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { sameShapeTwice, twoPerPage } from '../../test/list-statements';
import { setAddonQuantity } from '../plans/index';
import { createOrder, orderBody, woFixture } from '../work-orders/work-orders.test-helpers';

/** Decision 0029: the recipes page and its count are built once per filter shape, then run with each request's values. */
let app: TestApp;
let owner: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  await setAddonQuantity(app.db, owner.user_id, ADDON_ID.RECIPES, 1);
  const orderId = await createOrder(app, owner, orderBody(await woFixture(app, owner)));
  const statuses = ['Emitida', 'Emitida', 'Emitida', 'Anulada', 'Anulada', 'Anulada'];
  await app.db.insert(recipes).values(statuses.map((status, i) => ({ workspace_id: owner.workspace_id, work_order_id: orderId, number: `RA-${i + 1}`, status, use_restrictions: {} })));
});
afterAll(() => app.cleanup());

const list = (status: string, after: number) =>
  twoPerPage(app, owner, 'recipes', [{ field: 'status', condition: 'is', value: status }, { field: 'recipe_id', condition: 'gt', value: after }], {});

describe('recipes list statement (decision 0029)', () => {
  it('builds the page and its count on the first request of a shape only, and answers the second with its own values', async () => {
    const [first, second] = await sameShapeTwice('recipes', () => list('Emitida', 0), () => list('Anulada', 1));
    expect(json<Recipe[]>(first).data.map((r) => r.number)).toEqual(['RA-3', 'RA-2']);
    expect(json(first).total).toBe(3);

    const page = json<Recipe[]>(second);
    expect(page.data.map((r) => [r.number, r.status])).toEqual([['RA-6', 'Anulada'], ['RA-5', 'Anulada']]);
    expect(page.total).toBe(3);
  });
});
