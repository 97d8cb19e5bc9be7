import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTION_MSG, MODULES, WORK_ORDER_MSG, type WorkOrder } from '@fm/domain';
import { agreementPartners, companies, workspacePermissions, workspaceUsers } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { pdfText } from '../../pdf/pdf-text.test-helpers';
import { createOrder, orderBody, q, woFixture, type WoFixture } from './work-orders.test-helpers';

let app: TestApp;
let owner: TestUser;
let other: TestUser;
let fx: WoFixture;
let partners: number[];
let orderId: number;

/** Two partner companies of the fixture's agreement company. */
async function addPartners(user: TestUser, companyId: number): Promise<number[]> {
  const rows = await app.db
    .insert(companies)
    .values([
      { user_id: user.user_id, name: 'Socio Norte SA', tax_identifier: '30712345671', company_type_id: 1 },
      { user_id: user.user_id, name: 'Socio Sur SRL', tax_identifier: '30715432109', company_type_id: 1 },
    ])
    .returning();
  for (const r of rows) await share(app.db, 'companies', r.company_id, [user.workspace_id]);
  await app.db.insert(agreementPartners).values(rows.map((r) => ({ company_id: companyId, partner_id: r.company_id, contribution: 50 })));
  return rows.map((r) => r.company_id);
}

const post = (user: TestUser, id: number, body: unknown, token = user.token) => call(app, 'POST', `costs/work-orders/contributions?${q(user, `work_order_id=${id}`)}`, { token, body });

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  other = await buildUser(app);
  fx = await woFixture(app, owner, { agreement: true });
  partners = await addPartners(owner, fx.company);
  // 80 ha: labor 38 × 80 = 3,040; supplies 2 × 80 × 5,000 + 0.5 × 80 × 7,000 = 1,080,000; total 1,083,040
  orderId = await createOrder(app, owner, orderBody(fx));
});
afterAll(() => app.cleanup());

describe('POST costs/work-orders/contributions', () => {
  it('saves labor and supply contributions up to 100 % and the order reports it', async () => {
    const res = await post(owner, orderId, {
      labor_contributions: { save: [{ partner_id: partners[0], contribution: '3040', exchange_rate: '1000' }] },
      supply_contributions: {
        save: [
          { partner_id: partners[0], supply_id: fx.supplies[0], contribution: '800000', exchange_rate: '1000' },
          { partner_id: partners[1], supply_id: fx.supplies[1], contribution: '280000.00', exchange_rate: '1000' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const body = json<WorkOrder[]>(res);
    expect(body.message).toBe(WORK_ORDER_MSG.contributionSaved);
    const order = body.data[0];
    expect(order.total_cost).toBe('1083040.00');
    expect(order.total_contributions).toBe('1083040.00');
    expect(order.percentage_contributions).toBe('100.00');
    expect(order.labor_contributions).toEqual([expect.objectContaining({ partner_id: partners[0], contribution: '3040.00', exchange_rate: '1000.00', work_order_id: orderId })]);
    expect(order.supply_contributions).toHaveLength(2);
    // the list carries it for the Aportes indicator
    const list = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'contributions=true')}`, { token: owner.token }));
    expect(list.data.find((o) => o.work_order_id === orderId)?.percentage_contributions).toBe('100.00');
  });

  it('updates and destroys in the same request, and a refused row leaves everything as it was (one transaction)', async () => {
    const before = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${orderId}`)}`, { token: owner.token })).data[0];
    const [labor] = before.labor_contributions;
    const [s1, s2] = before.supply_contributions;
    const refused = await post(owner, orderId, {
      labor_contributions: { destroy: [labor.labor_contribution_id] },
      supply_contributions: { update: [{ ...s1, contribution: '1' }, { ...s2, supply_contribution_id: 999999 }] },
    });
    expect(refused.statusCode).toBe(404);
    expect(json(refused).message).toBe(CONTRIBUTION_MSG.notFound);
    const unchanged = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${orderId}`)}`, { token: owner.token })).data[0];
    expect(unchanged.labor_contributions).toEqual(before.labor_contributions);
    expect(unchanged.supply_contributions).toEqual(before.supply_contributions);

    const res = await post(owner, orderId, {
      labor_contributions: { destroy: [labor.labor_contribution_id], save: [{ partner_id: partners[1], contribution: '1520', exchange_rate: '1050' }] },
      supply_contributions: { update: [{ supply_contribution_id: s1.supply_contribution_id, partner_id: partners[1], supply_id: s1.supply_id, contribution: '400000', exchange_rate: '1050' }] },
    });
    expect(res.statusCode).toBe(200);
    const order = json<WorkOrder[]>(res).data[0];
    expect(order.labor_contributions).toEqual([expect.objectContaining({ partner_id: partners[1], contribution: '1520.00', exchange_rate: '1050.00' })]);
    expect(order.supply_contributions.find((c) => c.supply_contribution_id === s1.supply_contribution_id)).toMatchObject({ partner_id: partners[1], contribution: '400000.00' });
    expect(order.total_contributions).toBe('681520.00');
  });

  it('answers the spec messages: amount and rate above 0, partners of the company, supplies of the order', async () => {
    for (const row of [
      { partner_id: partners[0], contribution: '0', exchange_rate: '1000' },
      { partner_id: partners[0], contribution: '10', exchange_rate: '-1' },
      { partner_id: partners[0], contribution: '', exchange_rate: '1000' },
    ]) {
      const res = await post(owner, orderId, { labor_contributions: { save: [row] } });
      expect(res.statusCode).toBe(422);
      expect(json(res).detail?.map((d) => d.msg)).toContain(WORK_ORDER_MSG.contributionPositive);
    }
    const stranger = await post(owner, orderId, { labor_contributions: { save: [{ partner_id: fx.company, contribution: '10', exchange_rate: '1000' }] } });
    expect(stranger.statusCode).toBe(422);
    expect(json(stranger).message).toBe(CONTRIBUTION_MSG.partnerNotOfCompany);
    const supply = await post(owner, orderId, { supply_contributions: { save: [{ partner_id: partners[0], supply_id: 1, contribution: '10', exchange_rate: '1000' }] } });
    expect(supply.statusCode).toBe(422);
    expect(json(supply).detail).toEqual([{ loc: ['body', 'supply_contributions', 'save', 0, 'supply_id'], msg: CONTRIBUTION_MSG.supplyNotInOrder }]);
  });

  it("refuses a company that is not an agreement: 'Aportes no disponible para esta compania'", async () => {
    const plain = await woFixture(app, owner);
    const id = await createOrder(app, owner, orderBody(plain));
    const res = await post(owner, id, { labor_contributions: { save: [{ partner_id: partners[0], contribution: '10', exchange_rate: '1000' }] } });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(WORK_ORDER_MSG.contributionsUnavailable);
  });

  it('401 without token, 403 without work_orders update, 404 for another workspace, 409 when disabled', async () => {
    expect((await call(app, 'POST', `costs/work-orders/contributions?${q(owner, `work_order_id=${orderId}`)}`, { body: {} })).statusCode).toBe(401);
    const reader = await buildUser(app);
    // rows written directly: setPermissions would force the base modules (work_orders among them) on
    await app.db.insert(workspaceUsers).values({ workspace_id: owner.workspace_id, user_id: reader.user_id });
    await app.db.insert(workspacePermissions).values(MODULES.map((module) => ({ workspace_id: owner.workspace_id, user_id: reader.user_id, module, read: true, create: true, delete: true, update: module !== 'work_orders' })));
    const { token } = await app.tokens.sign(reader.user_id, owner.workspace_id);
    expect((await post(owner, orderId, {}, token)).statusCode).toBe(403);
    const foreign = await post(other, orderId, { labor_contributions: { save: [{ partner_id: partners[0], contribution: '10', exchange_rate: '1000' }] } });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(WORK_ORDER_MSG.notFound);

    const id = await createOrder(app, owner, orderBody(fx));
    expect((await call(app, 'DELETE', `work-orders?${q(owner, `work_order_id=${id}`)}`, { token: owner.token })).statusCode).toBe(200);
    const disabled = await post(owner, id, { labor_contributions: { save: [{ partner_id: partners[0], contribution: '10', exchange_rate: '1000' }] } });
    expect(disabled.statusCode).toBe(409);
    expect(json(disabled).message).toBe(WORK_ORDER_MSG.disabledReadOnly);
  });
});

describe('DELETE costs/work-orders/contributions', () => {
  it("deletes one contribution ('Aporte eliminado'); another workspace's id is a 404", async () => {
    const order = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${orderId}`)}`, { token: owner.token })).data[0];
    const id = order.supply_contributions[0].supply_contribution_id;
    const foreign = await call(app, 'DELETE', `costs/work-orders/contributions?${q(other, `supply_contribution_id=${id}`)}`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
    const res = await call(app, 'DELETE', `costs/work-orders/contributions?${q(owner, `supply_contribution_id=${id}`)}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(WORK_ORDER_MSG.contributionDeleted);
    const after = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${orderId}`)}`, { token: owner.token })).data[0];
    expect(after.supply_contributions.map((c) => c.supply_contribution_id)).not.toContain(id);
    expect((await call(app, 'DELETE', `costs/work-orders/contributions?${q(owner, `supply_contribution_id=${id}`)}`, { token: owner.token })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `costs/work-orders/contributions?${q(owner)}`, { token: owner.token })).statusCode).toBe(400);
  });
});

describe('GET work-orders/pdf', () => {
  it('downloads OT_{id}.pdf with the order, and 404 for another workspace', async () => {
    const res = await call(app, 'GET', `work-orders/pdf?${q(owner, `work_order_id=${orderId}`)}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="OT_${orderId}.pdf"`);
    const { text } = await pdfText(res.rawPayload);
    expect(text[0]).toContain(`Orden de trabajo N° ${orderId}`);
    expect(text[0]).toContain('El Bajo');
    expect(text[0]).toContain('160,000 lt'); // 2 lt/ha × 80 ha
    expect((await call(app, 'GET', `work-orders/pdf?${q(other, `work_order_id=${orderId}`)}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(app, 'GET', `work-orders/pdf?${q(owner, `work_order_id=${orderId}`)}`)).statusCode).toBe(401);
  });

  it('lays out PDFs asked at once one after the other on its worker, each whole', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => call(app, 'GET', `work-orders/pdf?${q(owner, `work_order_id=${orderId}`)}`, { token: owner.token })));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect((await pdfText(res.rawPayload)).text[0]).toContain(`Orden de trabajo N° ${orderId}`);
    }
  });
});
