import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { providers } from '../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../test/app';
import { countStatements } from '../test/statements';
import { planList, type ListSpec } from './list-query';

/** Decision 0033: a dense search over a small list walks the order's index; a sparse one, or a deep page, sorts its matches. */
let app: TestApp;
let owner: TestUser;
const agro = Array.from({ length: 20 }, (_, i) => `Agro ${String.fromCharCode(65 + i)} SA`);
const others = ['Semillas del Sur', 'Sur Insumos', ...Array.from({ length: 8 }, (_, i) => `Ferretería ${i + 1}`)];
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  for (const name of [...agro, ...others]) {
    const res = await call(app, 'POST', 'providers', { token: owner.token, body: { name } });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => app.cleanup());

const search = (value: string) => encodeURIComponent(JSON.stringify({ AND: [{ field: 'name', condition: 'contains', value }] }));
const page = (value: string, n: number) => countStatements(app, () => call(app, 'GET', `providers?pagination=true&per_page=2&page=${n}&filters=${search(value)}`, { token: owner.token }));
const sorted = (sqls: string[]) => sqls.some((q) => q.includes('random() * 0'));

describe('searches walk or sort by density (decision 0033)', () => {
  it('walks the name order for a dense search on its first pages, sorts for a deep page, with the same rows either way', async () => {
    const names: string[] = [];
    const modes: boolean[] = [];
    for (let n = 1; n <= 10; n++) {
      const { result, sql } = await page('agro', n);
      expect(result.statusCode, result.body).toBe(200);
      expect(json(result)).toMatchObject({ total: 20, page: n, per_page: 2 });
      names.push(...json<{ name: string }[]>(result).data.map((p) => p.name));
      modes.push(sorted(sql));
    }
    expect(names).toEqual(agro);
    // 20 matches among 30 providers: pages whose walk reads at most half the matches walk (2 × 2n × 30 / 20 <= 20)
    expect(modes).toEqual([false, false, false, true, true, true, true, true, true, true]);
  });

  it('sorts a sparse search', async () => {
    const { result, sql } = await page('sur', 1);
    expect(json<{ name: string }[]>(result).data.map((p) => p.name)).toEqual(['Semillas del Sur', 'Sur Insumos']);
    expect(sorted(sql)).toBe(true);
  });

  it('the list without its searches keeps every other filter, and an OR group only when no search is in it', () => {
    const spec: ListSpec = {
      resource: 'provider',
      fields: { name: { column: providers.name, type: 'string' }, active: { column: providers.active, type: 'boolean' } },
      defaultOrder: [asc(providers.name)],
      searchesOnlyInFilters: true,
    };
    const filters = (f: unknown) => JSON.stringify(f);
    const plan = planList({ pagination: 'true', filters: filters({ AND: [{ field: 'name', condition: 'contains', value: 'a' }, { field: 'active', condition: 'is', value: true }] }) }, spec);
    expect(plan.unsearched?.filters).toEqual({ AND: [{ field: 'active', condition: 'is', value: true }], OR: [] });
    expect(plan.unsearched?.searches).toBe(false);
    const mixedOr = planList({ filters: filters({ OR: [{ field: 'name', condition: 'contains', value: 'a' }, { field: 'active', condition: 'is', value: false }] }) }, spec);
    expect(mixedOr.unsearched?.filters).toBeUndefined();
    const keptOr = planList({ filters: filters({ AND: [{ field: 'name', condition: 'similar_to', value: 'A%' }], OR: [{ field: 'active', condition: 'is', value: false }] }) }, spec);
    expect(keptOr.unsearched?.filters).toEqual({ AND: [], OR: [{ field: 'active', condition: 'is', value: false }] });
    // a list whose statements may search on their own never walks: it has no unsearched plan
    expect(planList({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value: 'a' }] }) }, { ...spec, searchesOnlyInFilters: undefined }).unsearched).toBeUndefined();
  });
});
