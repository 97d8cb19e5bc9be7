import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { WorkOrder, WorkOrderListQuery, WorkOrderTab } from '@fm/domain';
import { adversities, agreementPartners, companies, cropStages, supplies, workOrders } from '../../db/schema/index';
import { planList } from '../../http/list-query';
import { share } from '../../http/sharing';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { countStatements } from '../../test/statements';
import { legacyLoadWorkOrder } from './work-orders.legacy-load.test-helpers';
import { loadWorkOrder } from './work-orders.load';
import { listWorkOrders, tabCondition, workOrderList } from './work-orders.repo';
import { CROP_SOJA, UNIT_LT, createOrder, orderBody, q, setStatus, woFixture, type WoFixture } from './work-orders.test-helpers';

/**
 * Issue 8: one order is ONE statement and a page TWO (its ids, then their JSON; plus the total when it is not
 * cached), whatever the number of child lists, and give exactly what the per-child-list loader gave (kept as an oracle in work-orders.legacy-load.test-helpers.ts).
 */
let app: TestApp;
let owner: TestUser;
let other: TestUser;
let fx: WoFixture;
let partners: number[];
let rich: number;
let disabled: number;

async function addPartners(user: TestUser, companyId: number): Promise<number[]> {
  const rows = await app.db
    .insert(companies)
    .values([
      { user_id: user.user_id, name: 'Socio Norte SA', tax_identifier: '30712345671', company_type_id: 1 },
      { user_id: user.user_id, name: 'Socio Sur SRL', tax_identifier: '30715432109', company_type_id: 1 },
    ])
    .returning();
  for (const r of rows) await share(app.db, 'companies', r.company_id, [user.workspace_id]);
  await app.db.insert(agreementPartners).values(rows.map((r, i) => ({ company_id: companyId, partner_id: r.company_id, contribution: i ? 39.5 : 60.5 })));
  return rows.map((r) => r.company_id);
}

async function contribute(user: TestUser, id: number, f: WoFixture, to: number[]) {
  const res = await call(app, 'POST', `costs/work-orders/contributions?${q(user, `work_order_id=${id}`)}`, {
    token: user.token,
    body: {
      labor_contributions: { save: [{ partner_id: to[0], contribution: '1000.5', exchange_rate: '1000' }, { partner_id: to[1], contribution: '20', exchange_rate: '1100.25' }] },
      supply_contributions: {
        save: [
          { partner_id: to[1], supply_id: f.supplies[1], contribution: '300', exchange_rate: '1000' },
          { partner_id: to[0], supply_id: f.supplies[0], contribution: '80000', exchange_rate: '999.99' },
        ],
      },
    },
  });
  if (res.statusCode !== 200) throw new Error(`contributions ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  other = await buildUser(app);
  fx = await woFixture(app, owner, { agreement: true });
  partners = await addPartners(owner, fx.company);
  const [stage] = await app.db.select({ id: cropStages.stage_id }).from(cropStages).where(eq(cropStages.crop_id, CROP_SOJA)).orderBy(asc(cropStages.stage_id)).limit(1);
  const [oil] = await app.db.insert(supplies).values({ workspace_id: owner.workspace_id, name: 'Aceite agrícola', supply_type_id: 1, unit_id: UNIT_LT }).returning();
  const advs = await app.db.select({ id: adversities.adversity_id }).from(adversities).orderBy(asc(adversities.adversity_id)).limit(3);
  // several lots (one with crop and stage), three supplies (one from no stock), three adversities, contributions
  rich = await createOrder(app, owner, {
    ...orderBody(fx),
    field_crops: [
      { field_crop_id: fx.plots[2].field_crop_id, hectares_to_apply: '12.35', crop_id: CROP_SOJA, crop_sequence_id: 2, stage_id: stage.id },
      { field_crop_id: fx.plots[0].field_crop_id, hectares_to_apply: '50' },
      { field_crop_id: fx.plots[1].field_crop_id, hectares_to_apply: '0.01' },
    ],
    supplies: [
      { supply_id: fx.supplies[1], unit_id: UNIT_LT, dose_to_apply: '0.12345', price: '7000.5', stock_id: fx.stocks[1], fill_order: 2 },
      { supply_id: oil.supply_id, unit_id: UNIT_LT, dose_to_apply: '3', price: '0', stock_id: null, fill_order: null },
      { supply_id: fx.supplies[0], unit_id: UNIT_LT, dose_to_apply: '1.5', price: '5000', stock_id: fx.stocks[0], fill_order: 1 },
    ],
    adversities: advs.map((a) => ({ adversity_id: a.id })).reverse(),
    notes: 'Con viento "suave" — ojo',
  });
  await contribute(owner, rich, fx, partners);
  for (let i = 0; i < 3; i++) await createOrder(app, owner, orderBody(fx, { price: `${40 + i}.5`, contractor_id: i ? fx.contractor : null }));
  const done = await createOrder(app, owner, orderBody(fx));
  const realizada = await setStatus(app, owner, done, 3, { labor_date: '2026-11-27', confirm_stock: true });
  if (realizada.statusCode !== 200) throw new Error(realizada.body);
  await createOrder(app, owner, orderBody(fx, { status_id: 7 }));
  await createOrder(app, owner, orderBody(fx, { status_id: 7, adversities: [] }));
  disabled = await createOrder(app, owner, orderBody(fx));
  await contribute(owner, disabled, fx, partners);
  expect((await call(app, 'DELETE', `work-orders?${q(owner, `work_order_id=${disabled}`)}`, { token: owner.token })).statusCode).toBe(200);
  // another workspace's orders, children and contributions sit in the same tables
  const ofOther = await woFixture(app, other, { agreement: true });
  const otherPartners = await addPartners(other, ofOther.company);
  for (let i = 0; i < 2; i++) await contribute(other, await createOrder(app, other, orderBody(ofOther)), ofOther, otherPartners);
});
afterAll(() => app.cleanup());

/** The old loader's orders for these ids, through JSON as the API sends them. */
async function legacy(ids: number[]): Promise<WorkOrder[]> {
  const orders = await Promise.all(ids.map((id) => legacyLoadWorkOrder(app.db, owner.workspace_id, id)));
  return JSON.parse(JSON.stringify(orders)) as WorkOrder[];
}

/** The tab's ids in the list's default order (work_order_id desc), straight from work_orders. */
async function tabIds(tab: WorkOrderTab, extra?: SQL): Promise<number[]> {
  const rows = await app.db
    .select({ id: workOrders.work_order_id })
    .from(workOrders)
    .where(and(eq(workOrders.workspace_id, owner.workspace_id), tabCondition(tab), extra))
    .orderBy(desc(workOrders.work_order_id));
  return rows.map((r) => r.id);
}

/** listWorkOrders answers each order as the JSON text the database built. */
const orderId = (text: string) => (JSON.parse(text) as WorkOrder).work_order_id;
const listQuery = (tab: WorkOrderTab, search?: string) => ({ tab, ...(search ? { search } : {}) }) as WorkOrderListQuery;

describe('work orders built by the database (issue 8)', () => {
  it('every page of every tab, and a search, equals what the per-child-list loader gave', async () => {
    for (const tab of ['created', 'planned', 'disabled'] as const) {
      const ids = await tabIds(tab);
      expect(ids.length, tab).toBeGreaterThan(0);
      for (let page = 1; page <= Math.ceil(ids.length / 2); page++) {
        const res = await call(app, 'GET', `work-orders?${q(owner, `tab=${tab}&pagination=true&per_page=2&page=${page}&contributions=true`)}`, { token: owner.token });
        expect(res.statusCode).toBe(200);
        const body = json<WorkOrder[]>(res);
        expect(body.total).toBe(ids.length);
        expect(body.data, `${tab} page ${page}`).toStrictEqual(await legacy(ids.slice((page - 1) * 2, page * 2)));
      }
    }
    const found = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=created&pagination=true&per_page=3&search=monte&contributions=true')}`, { token: owner.token }));
    expect(found.data.map((o) => o.work_order_id)).toEqual([rich]);
    expect(found.data).toStrictEqual(await legacy([rich]));
  });

  it('without contributions=true a page leaves the contribution lists empty, and its totals still count them', async () => {
    const withLists = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=created&contributions=true')}`, { token: owner.token })).data;
    const without = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=created')}`, { token: owner.token })).data;
    expect(without.map((o) => o.work_order_id)).toEqual(withLists.map((o) => o.work_order_id));
    const richOrder = withLists.find((o) => o.work_order_id === rich);
    expect(richOrder?.labor_contributions).toHaveLength(2);
    expect(Number(richOrder?.total_contributions)).toBeGreaterThan(0);
    expect(without).toStrictEqual(withLists.map((o) => ({ ...o, labor_contributions: [], supply_contributions: [] })));
  });

  it('keeps the children, their order and their text numbers', async () => {
    const [o] = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, `work_order_id=${rich}`)}`, { token: owner.token })).data;
    expect(o).toStrictEqual((await legacy([rich]))[0]);
    expect(o.field_crops.map((l) => [l.field.name, l.field.hectares, l.hectares_to_apply, l.crop?.name ?? null, l.stage !== null])).toEqual([
      ['El Monte', '20.00', '12.35', 'Soja', true],
      ['El Bajo', '50.00', '50.00', 'Soja', false],
      ['La Loma', '30.00', '0.01', 'Soja', false],
    ]);
    expect(o.supplies.map((s) => [s.dose_to_apply, s.price, s.fill_order, s.stock?.quantity ?? null])).toEqual([
      ['0.12345', '7000.50', 2, expect.stringMatching(/^\d+\.\d{5}$/)],
      ['3.00000', '0.00', null, null],
      ['1.50000', '5000.00', 1, expect.stringMatching(/^\d+\.\d{5}$/)],
    ]);
    expect(o.adversities).toHaveLength(3);
    expect(o.labor_contributions.map((c) => [c.contribution, c.exchange_rate])).toEqual([['1000.50', '1000.00'], ['20.00', '1100.25']]);
    expect(o.supply_contributions.map((c) => [c.contribution, c.exchange_rate])).toEqual([['300.00', '1000.00'], ['80000.00', '999.99']]);
    expect(o.company.partners.map((p) => p.partner.name)).toEqual(['Socio Norte SA', 'Socio Sur SRL']);
    expect(o.notes).toBe('Con viento "suave" — ojo');
    const used = json<WorkOrder[]>(await call(app, 'GET', `work-orders?${q(owner, 'tab=created&pagination=true&per_page=40')}`, { token: owner.token })).data;
    expect(used.filter((x) => x.stock_used)).toHaveLength(1);
    // another workspace's order is not found, however its children are stored
    const otherOrder = (await app.db.select({ id: workOrders.work_order_id }).from(workOrders).where(eq(workOrders.workspace_id, other.workspace_id)))[0].id;
    expect(await loadWorkOrder(app.db, owner.workspace_id, otherOrder)).toBeUndefined();
  });

  it('a page is its ids and their JSON (+ its total until cached), one order is one statement, and the texts are the same on every page', async () => {
    const plan = (page: number) => planList({ pagination: 'true', per_page: 2, page }, workOrderList);
    const page = (n: number, search?: string) => countStatements(app, () => listWorkOrders(app.db, owner.workspace_id, plan(n), listQuery('created', search), undefined));
    // a write request makes every cached total stale
    await createOrder(app, owner, orderBody(fx));
    const ids = await tabIds('created');
    expect(ids.length).toBeGreaterThan(4);
    const uncounted = await page(1);
    expect(uncounted.count, uncounted.sql.join('\n---\n')).toBe(3);
    const first = await page(1);
    expect(first.count, first.sql.join('\n---\n')).toBe(2);
    expect(first.result.data.map(orderId)).toEqual(ids.slice(0, 2));
    const last = await page(Math.ceil(ids.length / 2));
    expect(last.count).toBe(2);
    expect(last.result.data.map(orderId)).toEqual(ids.slice(-(ids.length % 2 || 2)));
    // the ids are prepared per filter shape (decision 0029) and the JSON has one text: every page shares them
    const second = await page(2);
    expect(second.result.data.map(orderId)).toEqual(ids.slice(2, 4));
    expect(second.count).toBe(2);
    expect(last.sql).toEqual(second.sql);
    expect(first.sql).toEqual(second.sql);
    expect(second.sql[0]).toMatch(/^select .* offset \$\d+$/);
    expect(second.sql[1]).toMatch(/= any\(\$\d+::int\[\]\) and .*workspace_id.* order by array_position\(/);
    const searched = await page(1, 'loma');
    expect(searched.count).toBeLessThanOrEqual(3);
    expect(searched.result.data.map(orderId)).toEqual(ids.slice(0, 2));
    const one = await countStatements(app, () => loadWorkOrder(app.db, owner.workspace_id, rich));
    expect(one.count, one.sql.join('\n---\n')).toBe(1);
    expect(one.result).toStrictEqual(await legacyLoadWorkOrder(app.db, owner.workspace_id, rich));
    const none = await countStatements(app, () => loadWorkOrder(app.db, owner.workspace_id, disabled + 100_000));
    expect([none.count, none.result]).toEqual([1, undefined]);
  });
});
