import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contributionsIndicator, stockIndicator, type WorkOrder } from '@fm/domain';
import { users } from '../../db/schema/index';
import { call, createTestApp, json, type TestApp } from '../../test/app';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';
import { ledgerSum } from '../inventory/stocks.test-helpers';

let app: TestApp;
let token: string;
let workspaceId: number;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db);
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  workspaceId = demo.last_workspace_id ?? 0;
  token = (await app.tokens.sign(demo.user_id, workspaceId)).token;
});
afterAll(() => app.cleanup());

const list = async (tab: string) => json<WorkOrder[]>(await call(app, 'GET', `work-orders?workspace_id=${workspaceId}&workspace=true&tab=${tab}&contributions=true`, { token })).data;

describe('demo work orders', () => {
  it('fill every tab: statuses 1-6 created, one planned, one disabled; two Realizada/Facturada used stock; the agreement order is at 100 %', async () => {
    const created = await list('created');
    const statuses = new Set(created.map((o) => o.status_id));
    for (const s of [1, 2, 3, 4, 5, 6]) expect(statuses.has(s as never), `status ${s}`).toBe(true);
    expect((await list('planned')).map((o) => o.status_id)).toEqual([7]);
    expect((await list('disabled')).length).toBe(1);

    const used = created.filter((o) => o.stock_used);
    expect(used.map((o) => o.status_id).sort()).toEqual([3, 4]);
    for (const o of used) for (const s of o.supplies) if (s.stock_id) expect(await ledgerSum(app, s.stock_id)).toBe(Number(s.stock?.quantity).toFixed(5));
    expect(created.some((o) => stockIndicator(o.supplies) === 'success')).toBe(true);
    expect(created.some((o) => stockIndicator(o.supplies) === 'warning')).toBe(true);

    const agreement = created.filter((o) => o.company.is_an_agreement);
    expect(agreement).toHaveLength(1);
    expect(agreement[0].percentage_contributions).toBe('100.00');
    expect(contributionsIndicator(true, agreement[0].percentage_contributions)).toBe('success');

    // written before their labor started, on different days, never in the future
    const all = [...created, ...(await list('planned')), ...(await list('disabled'))];
    expect(new Set(all.map((o) => o.created_at.slice(0, 10))).size).toBeGreaterThan(2);
    for (const o of all) expect(Date.parse(o.created_at)).toBeLessThanOrEqual(Date.now());
    const paid = created.find((o) => o.status_id === 5);
    expect(paid && Date.parse(paid.created_at)).toBeLessThan(Date.parse(`${paid?.labor_start_date}T12:00:00Z`));
  });
});
