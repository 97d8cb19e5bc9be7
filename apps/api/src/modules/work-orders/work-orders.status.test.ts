import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WORK_ORDER_MSG, type WorkOrder, type WorkOrderHistoryRow } from '@fm/domain';
import { notifications, stockTransactions } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { ledgerSum } from '../inventory/stocks.test-helpers';
import { createOrder, orderBody, q, setStatus, stockQuantity, woFixture, type WoFixture } from './work-orders.test-helpers';

let app: TestApp;
let owner: TestUser;
let member: TestUser;
let f: WoFixture;
// read by the routes on every request: a test adds the owner's workspace to it
const certified: number[] = [];

beforeAll(async () => {
  app = await createTestApp({ CERTIFIED_STATUS_WORKSPACES: certified });
  owner = await buildUser(app);
  member = await buildUser(app);
  await addMember(app, owner.workspace_id, member);
  // 200 lt of glyphosate and 30 lt of 2,4-D: an order of 80 ha uses 160 and 40
  f = await woFixture(app, owner, { quantities: ['200', '30'] });
});
afterAll(() => app.cleanup());

const get = async (id: number) => json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token })).data[0];
const usages = (id: number) => app.db.select().from(stockTransactions).where(and(eq(stockTransactions.work_order_id, id), eq(stockTransactions.name, 'USAGE')));

describe('PUT work-orders/{id}/status/{status_id}', () => {
  it('3 without a date fails with the spec message; 8 outside the configured workspaces is refused', async () => {
    const id = await createOrder(app, owner, orderBody(f));
    const noDate = await setStatus(app, owner, id, 3);
    expect(noDate.statusCode).toBe(422);
    expect(json(noDate).message).toBe('Debe seleccionar una fecha.');
    const eight = await setStatus(app, owner, id, 8);
    expect(eight.statusCode).toBe(422);
    expect(json(eight).message).toBe(WORK_ORDER_MSG.certifiedUnavailable);
    const unknown = await setStatus(app, owner, id, 9);
    expect(unknown.statusCode).toBe(422);
    expect((await get(id)).status_id).toBe(1);
    // the status select's list (GET statuses) offers 8 only where it is accepted
    const offered = async () =>
      json<{ status_id: number }[]>(await call(app, 'GET', `statuses?workspace_id=${owner.workspace_id}`, { token: owner.token })).data.map((s) => s.status_id);
    expect(await offered()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    certified.push(owner.workspace_id);
    try {
      expect(await offered()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    } finally {
      certified.splice(certified.indexOf(owner.workspace_id), 1);
    }
  });

  it('STOCK_EXCEEDED lists each short supply; confirm_stock consumes only what there is; leaving 3 gives it back', async () => {
    const id = await createOrder(app, owner, orderBody(f));
    const refused = await setStatus(app, owner, id, 3, { labor_date: '2026-11-27' });
    expect(refused.statusCode).toBe(409);
    const body = refused.json() as { code: string; message: string; detail: { loc: unknown[]; msg: string }[] };
    expect(body.code).toBe('STOCK_EXCEEDED');
    expect(body.message).toBe('El uso de insumos supera el stock disponible.');
    expect(body.detail).toEqual([{ loc: ['supplies', 1], msg: expect.stringMatching(/^2,4-D \d+: se usan 40 lt, hay 30 lt en Depósito \d+$/) }]);
    // nothing changed: neither the status nor the stock
    expect((await get(id)).status_id).toBe(1);
    expect(await stockQuantity(app, f.stocks[0])).toBe('200.00000');

    const ok = await setStatus(app, owner, id, 3, { labor_date: '2026-11-27', confirm_stock: true, observations: 'Aplicado con poco viento' });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).message).toBe('Estado modificado con éxito');
    expect(await stockQuantity(app, f.stocks[0])).toBe('40.00000');
    expect(await stockQuantity(app, f.stocks[1])).toBe('0.00000');
    const o = await get(id);
    expect(o).toMatchObject({ status_id: 3, labor_date: '2026-11-27', stock_used: true });
    expect((await usages(id)).map((u) => u.quantity).sort()).toEqual(['160.00000', '30.00000']);
    for (const s of f.stocks) expect(await ledgerSum(app, s)).toBe(await stockQuantity(app, s));

    // 3 → 4 keeps it used; 4 → 2 gives it back
    expect((await setStatus(app, owner, id, 4)).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('40.00000');
    expect((await setStatus(app, owner, id, 2)).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('200.00000');
    expect(await stockQuantity(app, f.stocks[1])).toBe('30.00000');
    expect(await usages(id)).toEqual([]);

    const history = json<WorkOrderHistoryRow[]>(await call(app, 'GET', `work-orders/history?${q(owner, `work_order_id=${id}`)}`, { token: owner.token })).data;
    expect(history.map((h) => [h.action, h.status?.name ?? null])).toEqual([
      ['status', 'Entregada'],
      ['status', 'Facturada'],
      ['status', 'Realizada'],
      ['created', 'Sin entregar'],
    ]);
    expect(history[2].detail).toBe('Aplicado con poco viento');
  });

  it('disabling a Realizada order returns its stock; restoring uses it again', async () => {
    const id = await createOrder(app, owner, orderBody(f, { supplies: [orderBody(f).supplies?.[0] ?? { supply_id: 0 }] }));
    expect((await setStatus(app, owner, id, 3, { labor_date: '2026-11-27' })).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('40.00000');
    expect((await call(app, 'DELETE', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token })).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('200.00000');
    expect((await call(app, 'PUT', `work-orders?${q(owner, `work_order_id=${id}&restore=true`)}`, { token: owner.token })).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('40.00000');
    // editing a used order re-takes the stock for the new hectares (50 ha × 2 = 100)
    const body = orderBody(f, { field_crops: [{ field_crop_id: f.plots[0].field_crop_id, hectares_to_apply: '50' }], supplies: [orderBody(f).supplies?.[0] ?? { supply_id: 0 }] });
    expect((await call(app, 'PUT', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token, body })).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('100.00000');
    expect(await ledgerSum(app, f.stocks[0])).toBe('100.00000');
    // leave it at rest for the other tests
    expect((await setStatus(app, owner, id, 1)).statusCode).toBe(200);
    expect(await stockQuantity(app, f.stocks[0])).toBe('200.00000');
  });

  it('Pasar a creada (7 → 1) and a notification for the other members', async () => {
    const id = await createOrder(app, owner, orderBody(f, { status_id: 7 }));
    const res = await setStatus(app, owner, id, 1);
    expect(res.statusCode).toBe(200);
    expect((await get(id)).status).toEqual({ status_id: 1, name: 'Sin entregar' });
    const toMember = await app.db.select().from(notifications).where(eq(notifications.user_id, member.user_id));
    expect(toMember.map((n) => n.body)).toContain(`La orden de trabajo ${id} pasó a Sin entregar.`);
    const toOwner = await app.db.select().from(notifications).where(eq(notifications.user_id, owner.user_id));
    expect(toOwner.map((n) => n.body)).not.toContain(`La orden de trabajo ${id} pasó a Sin entregar.`);
  });
});

describe('Certificada in a configured workspace', () => {
  it('accepts 8 where CERTIFIED_STATUS_WORKSPACES lists the workspace', async () => {
    const id = await createOrder(app, owner, orderBody(f, { supplies: [] }));
    expect((await setStatus(app, owner, id, 8)).statusCode).toBe(422);
    certified.push(owner.workspace_id);
    const res = await setStatus(app, owner, id, 8);
    expect(res.statusCode).toBe(200);
    expect((await get(id)).status.name).toBe('Certificada');
  });
});
