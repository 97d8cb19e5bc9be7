import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, gt, sql } from 'drizzle-orm';
import type { ListQuery } from '@fm/domain';
import { crops } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/app';
import { invalidateListCounts, listPage, planList, type ListPlan, type ListSpec } from './list-query';
import { countStatement, listStatement } from './list-statement';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

const spec: ListSpec = {
  resource: 'crop',
  fields: {
    name: { column: crops.name, type: 'string' },
    crop_id: { column: crops.crop_id, type: 'number' },
    afip_code: { column: crops.afip_code, type: 'number' },
    // a timestamp per crop (crop n: n days after 1 Jan 2025, Argentine midnight) to filter by days and instants
    sown_at: { column: sql`(('2025-01-01'::date + ${crops.crop_id})::timestamp at time zone 'America/Argentina/Buenos_Aires')`, type: 'date' },
  },
  defaultOrder: [asc(crops.crop_id)],
};

let builds = 0;
const pageOf = listStatement((db, s, variant) => {
  builds += 1;
  const min = variant === 'min' ? gt(crops.crop_id, s.param('min')) : undefined;
  return db.select({ crop_id: crops.crop_id, name: crops.name }).from(crops).where(and(s.where, min)).orderBy(...s.orderBy).limit(s.limit).offset(s.offset);
});
const matching = countStatement((db, s, variant) =>
  db
    .select({ id: crops.crop_id })
    .from(crops)
    .where(and(s.where, variant === 'min' ? gt(crops.crop_id, s.param('min')) : undefined))
    .$dynamic(),
);

/** The same page through prepared shapes and through the plan's inline values (the oracle). */
async function both(query: ListQuery, min?: number) {
  const variant = min === undefined ? '' : 'min';
  const values = min === undefined ? {} : { min };
  const extra = min === undefined ? undefined : gt(crops.crop_id, min);
  const plan: ListPlan = planList(query, spec);
  const prepared = await listPage(app.db, plan, () => pageOf(app.db, plan, values, variant), matching(app.db, plan, values, variant));
  const inlinePlan = planList(query, spec);
  const inline = await listPage(
    app.db,
    inlinePlan,
    () => app.db.select({ crop_id: crops.crop_id, name: crops.name }).from(crops).where(and(inlinePlan.where, extra)).orderBy(...inlinePlan.orderBy).limit(inlinePlan.limit).offset(inlinePlan.offset),
    () => app.db.select({ id: crops.crop_id }).from(crops).where(and(inlinePlan.where, extra)).$dynamic(),
  );
  return { prepared, inline };
}

const f = (x: unknown) => JSON.stringify(x);
const cases: [ListQuery, number?][] = [
  [{ pagination: 'true', page: 1, per_page: 5 }],
  [{ pagination: 'true', page: 2, per_page: 5 }],
  [{ pagination: 'true', page: 1, per_page: 3 }, 4],
  [{ pagination: 'true', page: 1, per_page: 3 }, 8],
  [{ filters: f({ AND: [{ field: 'name', condition: 'contains', value: 'trigo' }] }) }],
  [{ filters: f({ AND: [{ field: 'name', condition: 'contains', value: 'soja' }] }) }],
  [{ filters: f({ AND: [{ field: 'name', condition: 'contains', value: '' }] }) }],
  [{ filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: [1, 2, 3] }] }) }],
  [{ filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: [4, 5, 6] }] }) }],
  [{ filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: [7, 9] }] }) }],
  [{ filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: [] }] }) }],
  [{ filters: f({ AND: [{ field: 'afip_code', condition: 'is', value: null }] }) }],
  [{ filters: f({ AND: [{ field: 'afip_code', condition: 'gt', value: 5 }] }) }],
  [{ filters: f({ OR: [{ field: 'crop_id', condition: 'lt', value: 3 }, { field: 'crop_id', condition: 'gt', value: 10 }] }) }],
  [{ filters: f({ AND: [{ field: 'sown_at', condition: 'is', value: '2025-01-05' }] }) }],
  [{ filters: f({ AND: [{ field: 'sown_at', condition: 'is', value: '2025-01-07' }] }) }],
  [{ filters: f({ AND: [{ field: 'sown_at', condition: 'gt', value: '2025-01-09T12:00' }] }) }],
  [{ filters: f({ AND: [{ field: 'sown_at', condition: 'gt', value: '2025-01-03' }] }) }],
  [{ filters: f({ AND: [{ field: 'sown_at', condition: 'in', value: ['2025-01-02', '2025-01-04T00:00:00-03:00'] }] }) }],
  [{ filters: f({ AND: [{ field: 'name', condition: 'similar_to', value: '(Soja|Maíz)%' }] }) }],
  [{ order_by: 'name', order: 'DESC', pagination: 'true', page: 1, per_page: 4 }],
  [{ order_by: 'name', order: 'ASC', pagination: 'true', page: 1, per_page: 4 }],
  [{ pagination: 'true', page: 1, per_page: 2, filters: f({ AND: [{ field: 'name', condition: 'contains', value: 'o' }] }) }],
  [{ pagination: 'true', page: 2, per_page: 2, filters: f({ AND: [{ field: 'name', condition: 'contains', value: 'a' }] }) }],
];

describe('list statements prepared per filter shape', () => {
  it('answer every page, total and filter exactly as the inline statement, whatever shapes ran before', async () => {
    for (const round of [0, 1]) {
      const order = round === 0 ? cases : [...cases].reverse();
      for (const [query, min] of order) {
        const { prepared, inline } = await both(query, min);
        expect(prepared, `${round} ${JSON.stringify(query)} ${min}`).toEqual(inline);
      }
    }
    // most cases had a result: the comparison is not between empty lists
    const answered = await Promise.all(cases.map(([q, m]) => both(q, m)));
    expect(answered.filter((a) => a.prepared.data.length > 0).length).toBeGreaterThan(cases.length - 4);
  });

  it('builds a statement once per shape, then reuses it with other values', async () => {
    const before = builds;
    const contains = (value: string) => ({ filters: f({ AND: [{ field: 'name', condition: 'contains', value }] }), pagination: 'true' as const, page: 1, per_page: 50 });
    await both(contains('zz-first'));
    const afterFirst = builds;
    expect(afterFirst - before).toBeLessThanOrEqual(1);
    const names = (await both(contains('trigo'))).prepared.data.map((r) => r.name).sort();
    expect(names).toEqual(['Trigo', 'Trigo candeal']);
    expect((await both(contains('soja'))).prepared.data.map((r) => r.name)).toEqual(['Soja']);
    expect(builds).toBe(afterFirst);
    // another shape (two conditions) is another statement
    await both({ filters: f({ AND: [{ field: 'name', condition: 'contains', value: 'a' }, { field: 'crop_id', condition: 'gt', value: 2 }] }) });
    expect(builds).toBe(afterFirst + 1);
  });

  it('keeps a total per filter values until a write', async () => {
    const q = (value: number) => ({ pagination: 'true' as const, page: 1, per_page: 2, filters: f({ AND: [{ field: 'crop_id', condition: 'gt', value }] }) });
    const a = Number((await both(q(2))).prepared.extra.total);
    const b = Number((await both(q(8))).prepared.extra.total);
    expect(a).toBe(b + 6);
    const [{ id }] = await app.db.insert(crops).values({ name: 'Cultivo de prueba de totales' }).returning({ id: crops.crop_id });
    invalidateListCounts();
    expect((await both(q(8))).prepared.extra.total).toBe(b + 1);
    await app.db.delete(crops).where(sql`${crops.crop_id} = ${id}`);
    invalidateListCounts();
    expect((await both(q(8))).prepared.extra.total).toBe(b);
  });

  it('still answers right past the number of shapes it keeps', async () => {
    for (let n = 1; n <= 230; n += 1) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      const { prepared } = await both({ filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: ids }] }) });
      expect(prepared.data.length).toBe(Math.min(n, 12));
    }
    const { prepared, inline } = await both({ filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: [3, 1] }] }) });
    expect(prepared).toEqual(inline);
     // a long `in` list is built for its request and not kept; short ones are kept once
    const long = { filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: Array.from({ length: 150 }, (_, i) => i + 1) }] }) };
    const before = builds;
    await both(long);
    await both(long);
    expect(builds - before).toBe(2);
    const short = { filters: f({ AND: [{ field: 'crop_id', condition: 'in', value: [1, 2, 3, 4, 5, 6, 7] }] }) };
    await both(short);
    await both(short);
    expect(builds - before).toBeLessThanOrEqual(3);
  });
});
