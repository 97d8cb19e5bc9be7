import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WORK_ORDER_MSG, type WorkOrder } from '@fm/domain';
import { workspacePermissions } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { createOrder, orderBody, q, setStatus, stockQuantity, woFixture, type WoFixture } from './work-orders.test-helpers';

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let f: WoFixture;
let g: WoFixture;
let order: number;

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  stranger = await buildUser(app);
  f = await woFixture(app, owner);
  g = await woFixture(app, stranger);
  order = await createOrder(app, owner, orderBody(f));
});
afterAll(() => app.cleanup());

/** work_orders is a base module (always granted on assignment): the test narrows the stored entry itself. */
const setModule = (user: TestUser, flags: { read: boolean; create: boolean; update: boolean; delete: boolean }) =>
  app.db
    .update(workspacePermissions)
    .set(flags)
    .where(and(eq(workspacePermissions.workspace_id, owner.workspace_id), eq(workspacePermissions.user_id, user.user_id), eq(workspacePermissions.module, 'work_orders')));

describe('who may call', () => {
  it('401 without a token', async () => {
    expect((await call(app, 'GET', `work-orders?${q(owner)}`)).statusCode).toBe(401);
    expect((await call(app, 'POST', `work-orders?${q(owner)}`, { body: orderBody(f) })).statusCode).toBe(401);
  });

  it('403 without the module permission; read-only members read but cannot write', async () => {
    const reader = await buildUser(app);
    const token = await addMember(app, owner.workspace_id, reader);
    await setModule(reader, { read: true, create: false, update: false, delete: false });
    expect((await call(app, 'GET', `work-orders?${q(owner)}`, { token })).statusCode).toBe(200);
    expect((await call(app, 'POST', `work-orders?${q(owner)}`, { token, body: orderBody(f) })).statusCode).toBe(403);
    expect((await call(app, 'PUT', `work-orders/${order}/status/2?${q(owner)}`, { token, body: {} })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `work-orders?${q(owner, `work_order_id=${order}`)}`, { token })).statusCode).toBe(403);
    await setModule(reader, { read: false, create: false, update: false, delete: false });
    expect((await call(app, 'GET', `work-orders?${q(owner)}`, { token })).statusCode).toBe(403);
    expect((await call(app, 'GET', `work-orders/prices?${q(owner)}`, { token })).statusCode).toBe(403);
    // not a member at all
    expect((await call(app, 'GET', `work-orders?${q(owner)}`, { token: stranger.token })).statusCode).toBe(403);
  });
});

describe('another workspace’s records answer 404', () => {
  const asStranger = (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) => call(app, method, path, { token: stranger.token, body });

  it('query ids: the order itself, its history, its status, edit, disable and restore', async () => {
    const get = await asStranger('GET', `work-orders?${q(stranger, `work_order_id=${order}`)}`);
    expect(get.statusCode).toBe(404);
    expect(json(get).message).toBe(WORK_ORDER_MSG.notFound);
    expect((await asStranger('GET', `work-orders/history?${q(stranger, `work_order_id=${order}`)}`)).statusCode).toBe(404);
    expect((await setStatus(app, stranger, order, 2)).statusCode).toBe(404);
    expect((await asStranger('PUT', `work-orders?${q(stranger, `work_order_id=${order}`)}`, orderBody(g))).statusCode).toBe(404);
    expect((await asStranger('DELETE', `work-orders?${q(stranger, `work_order_id=${order}`)}`)).statusCode).toBe(404);
    expect((await asStranger('PUT', `work-orders?${q(stranger, `work_order_id=${order}&restore=true`)}`)).statusCode).toBe(404);
    // and the list of the stranger's workspace never shows it
    const list = json<WorkOrder[]>(await asStranger('GET', `work-orders?${q(stranger)}`));
    expect(list.data.map((o) => o.work_order_id)).not.toContain(order);
  });

  it('body ids: season plan, lot, contractor, supply and stock of another workspace', async () => {
    const post = (body: unknown) => call(app, 'POST', `work-orders?${q(stranger)}`, { token: stranger.token, body });
    const base = orderBody(g);
    const cases: [string, unknown][] = [
      ['season_plan_id', { ...base, season_plan_id: f.seasonPlan }],
      ['field_crop_id', { ...base, field_crops: [{ field_crop_id: f.plots[0].field_crop_id, hectares_to_apply: '1' }] }],
      ['contractor_id', { ...base, contractor_id: f.contractor }],
      ['supply_id', { ...base, supplies: [{ supply_id: f.supplies[0], dose_to_apply: '1', price: '1' }] }],
      ['stock_id', { ...base, supplies: [{ supply_id: g.supplies[0], dose_to_apply: '1', price: '1', stock_id: f.stocks[0] }] }],
    ];
    for (const [field, body] of cases) {
      const res = await post(body);
      expect(res.statusCode, field).toBe(404);
      expect(res.body, field).not.toContain('Agro');
    }
    // nothing was written and the owner's stock is untouched
    expect(await stockQuantity(app, f.stocks[0])).toBe('1000.00000');
  });

  it('a lot of another season plan of the same workspace is a 422; a stock of another supply too', async () => {
    const other = await woFixture(app, owner);
    const wrongPlan = await call(app, 'POST', `work-orders?${q(owner)}`, { token: owner.token, body: orderBody(f, { field_crops: [{ field_crop_id: other.plots[0].field_crop_id, hectares_to_apply: '1' }] }) });
    expect(wrongPlan.statusCode).toBe(422);
    expect(json(wrongPlan).message).toBe(WORK_ORDER_MSG.lotNotInPlan);
    const wrongStock = await call(app, 'POST', `work-orders?${q(owner)}`, { token: owner.token, body: orderBody(f, { supplies: [{ supply_id: f.supplies[0], dose_to_apply: '1', price: '1', stock_id: f.stocks[1] }] }) });
    expect(wrongStock.statusCode).toBe(422);
    expect(json(wrongStock).message).toBe(WORK_ORDER_MSG.stockNotOfSupply);
  });
});
