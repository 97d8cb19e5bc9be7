import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { share } from '../../http/sharing';
import { supplies, warehouses, workspaces } from '../../db/schema/index';
import { planList } from '../../http/list-query';
import type { ResourceScope } from '../../http/resource-scope';
import { buildUser, createTestApp, type TestApp, type TestUser } from '../../test/app';
import { textsBuilt } from '../../test/statements';
import { insertCompany, insertStock } from './catalogue.test-helpers';
import { listSupplies, prepareSupplyFilters, supplyList } from './supplies.repo';
import { listWarehouses, warehouseList } from './warehouses.repo';

/** Decision 0029: the warehouses and supplies lists run statements built once per filter shape, with the same answers. */
let app: TestApp;
let owner: TestUser;
let secondWs: number;
let depots: number[];
let companies: number[];
let urea: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  [{ workspace_id: secondWs }] = await app.db.insert(workspaces).values({ name: 'Campo 2', user_id: owner.user_id }).returning();
  depots = (await app.db.insert(warehouses).values(['Depósito Norte', 'Depósito Sur', 'Galpón'].map((name) => ({ user_id: owner.user_id, name }))).returning()).map((w) => w.warehouse_id);
  await share(app.db, 'warehouses', depots[0], [owner.workspace_id]);
  await share(app.db, 'warehouses', depots[1], [owner.workspace_id, secondWs]);
  await share(app.db, 'warehouses', depots[2], [secondWs]);
  companies = [await insertCompany(app, owner.user_id, 'Empresa A'), await insertCompany(app, owner.user_id, 'Empresa B')];
  const [row] = await app.db.select().from(supplies).where(eq(supplies.name, 'Urea granulada 46-0-0'));
  urea = row.supply_id;
  const stock = { supply_id: urea, unit_id: row.unit_id, quantity: '5' };
  await insertStock(app, { ...stock, workspace_id: owner.workspace_id, company_id: companies[0], warehouse_id: depots[1] });
  await insertStock(app, { ...stock, workspace_id: secondWs, company_id: companies[1], warehouse_id: depots[1] });
});
afterAll(() => app.cleanup());

const named = (value: string) => JSON.stringify({ AND: [{ field: 'name', condition: 'contains', value }] });

describe('warehouses and supplies prepared per filter shape', () => {
  it('warehouses: scope, name filter and id as before; another value of a shape builds no SQL', async () => {
    const workspace: ResourceScope = { kind: 'workspace', workspaceId: owner.workspace_id, ownerId: owner.user_id };
    const account: ResourceScope = { ...workspace, kind: 'account' };
    const page = (scope: ResourceScope, filters?: string, id?: number) => listWarehouses(app.db, scope, planList({ pagination: 'true', per_page: 10, filters }, warehouseList), id);
    // names only: stock_count is left to warehouses.test.ts
    const rows = (p: Awaited<ReturnType<typeof page>>) => p.data.map((w) => w.name);
    expect(rows(await page(workspace))).toEqual(['Depósito Norte', 'Depósito Sur']);
    expect(rows(await page(account))).toEqual(['Depósito Norte', 'Depósito Sur', 'Galpón']);
    expect(rows(await page(account, named('norte')))).toEqual(['Depósito Norte']);
    const again = await textsBuilt(() => page(account, named('galp')));
    expect(again.built).toBe(0);
    expect(rows(again.result)).toEqual(['Galpón']);
    expect(rows(await page(workspace, undefined, depots[2]))).toEqual([]);
    expect(rows(await page(workspace, undefined, depots[1]))).toEqual(['Depósito Sur']);
  });

  it('supplies: a company with stock, a name search and the inactive ones keep their answers', async () => {
    const page = async (filters: string, includeInactive = false) => {
      const prepared = prepareSupplyFilters(filters);
      const plan = planList({ pagination: 'true', per_page: 5, filters: prepared.filters }, supplyList);
      return listSupplies(app.db, owner.workspace_id, plan, { companyIds: prepared.companyIds, includeInactive });
    };
    const byCompany = (id: number) => JSON.stringify({ AND: [{ field: 'company_id', condition: 'is', value: id }] });
    expect((await page(byCompany(companies[0]))).data.map((s) => s.supply_id)).toEqual([urea]);
    const other = await textsBuilt(() => page(byCompany(companies[1])));
    expect(other.built).toBe(0);
    expect(other.result.data).toEqual([]); // its stock is in the other workspace
    const none = JSON.stringify({ AND: [{ field: 'company_id', condition: 'in', value: [companies[0]] }, { field: 'company_id', condition: 'is', value: companies[1] }] });
    expect((await page(none)).data).toEqual([]);
    const urea1 = await page(named('urea'));
    expect(urea1.data.map((s) => s.supply_id)).toContain(urea);
    const accents = await textsBuilt(() => page(named('glifosato')));
    expect(accents.built).toBe(0);
    expect(accents.result.data.map((s) => s.name)).toEqual(expect.arrayContaining(['Glifosato 48% SL']));
    expect((await page(named('urea'), true)).extra).toEqual(urea1.extra);
  });
});
