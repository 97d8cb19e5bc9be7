import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { crops } from '../db/schema/index';
import type { ListQuery } from '@fm/domain';
import { createTestApp, type TestApp } from '../test/app';
import { AppError } from './errors';
import { pageOf, planList, totalCount, type ListSpec } from './list-query';

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
  },
  defaultOrder: [asc(crops.crop_id)],
};

async function list(query: ListQuery) {
  const plan = planList(query, spec);
  const rows = await app.db
    .select({ crop_id: crops.crop_id, name: crops.name, _total: totalCount })
    .from(crops)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(plan.limit)
    .offset(plan.offset);
  return pageOf(rows, plan);
}

const filters = (f: unknown) => JSON.stringify(f);

function expect400(fn: () => unknown, msg: RegExp) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    expect((e as AppError).message).toMatch(msg);
    return;
  }
  throw new Error('expected a 400');
}

describe('list-query engine', () => {
  it('pages with a total', async () => {
    const { data, extra } = await list({ pagination: 'true', page: 2, per_page: 5 });
    expect(data.map((r) => r.crop_id)).toEqual([6, 7, 8, 9, 10]);
    expect(extra).toEqual({ total: 12, page: 2, per_page: 5 });
  });

  it('filters with AND / OR and every condition', async () => {
    const contains = await list({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value: 'trigo' }] }) });
    expect(contains.data.map((r) => r.name).sort()).toEqual(['Trigo', 'Trigo candeal']);
    const qualified = await list({ filters: filters({ AND: [{ field: 'crop.name', condition: 'is', value: 'Soja' }] }) });
    expect(qualified.data.map((r) => r.name)).toEqual(['Soja']);
    const range = await list({ filters: filters({ AND: [{ field: 'crop_id', condition: 'gt', value: 2 }, { field: 'crop_id', condition: 'lt', value: '5' }] }) });
    expect(range.data.map((r) => r.crop_id)).toEqual([3, 4]);
    const either = await list({ filters: filters({ OR: [{ field: 'name', condition: 'is', value: 'Soja' }, { field: 'name', condition: 'is', value: 'Maíz' }] }) });
    expect(either.data).toHaveLength(2);
    const inList = await list({ filters: filters({ AND: [{ field: 'crop_id', condition: 'in', value: [1, 3, 99] }] }) });
    expect(inList.data.map((r) => r.crop_id)).toEqual([1, 3]);
    const similar = await list({ filters: filters({ AND: [{ field: 'name', condition: 'similar_to', value: '(Soja|Sorgo)' }] }) });
    expect(similar.data.map((r) => r.name).sort()).toEqual(['Soja', 'Sorgo']);
    const empty = await list({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value: '' }] }) });
    expect(empty.data).toHaveLength(12);
  });

  it('treats LIKE wildcards in a contains value literally', async () => {
    const r = await list({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value: '%' }] }) });
    expect(r.data).toHaveLength(0);
  });

  it('orders by a whitelisted field', async () => {
    const r = await list({ order_by: 'name', order: 'DESC' });
    expect(r.data[0].name).toBe('Trigo candeal');
  });

  it('refuses unknown fields, malformed JSON, bad values and SQL with 400', () => {
    expect400(() => planList({ filters: '{"AND":[' }, spec), /JSON/);
    expect400(() => planList({ filters: filters({ AND: [{ field: 'password_hash', condition: 'is', value: 'x' }] }) }, spec), /no está permitido/);
    expect400(() => planList({ filters: filters({ AND: [{ field: 'name', condition: 'drop', value: 'x' }] }) }, spec), /formato/);
    expect400(() => planList({ filters: filters({ AND: [{ field: 'crop_id', condition: 'is', value: '1 OR 1=1' }] }) }, spec), /inválido/);
    expect400(() => planList({ filters: filters({ AND: [{ field: 'name', condition: 'is', value: "x'; DROP TABLE crops; --" }] }) }, spec), /no permitido/);
    expect400(() => planList({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value: "' OR '1'='1" }] }) }, spec), /no permitido/);
    expect400(() => planList({ order_by: 'password_hash' }, spec), /no está permitido/);
  });

  it('leaves the table intact after injection attempts', async () => {
    const [{ n }] = await app.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(crops);
    expect(n).toBe(12);
  });
});
