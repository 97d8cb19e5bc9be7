import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { crops, users } from '../db/schema/index';
import { invalidFilterValue, type ListQuery } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp } from '../test/app';
import { AppError } from './errors';
import { listPage, planList, type ListSpec } from './list-query';

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
  return listPage(
    app.db,
    plan,
    () => app.db.select({ crop_id: crops.crop_id, name: crops.name }).from(crops).where(plan.where).orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset),
    () => app.db.select({ id: crops.crop_id }).from(crops).where(plan.where).$dynamic(),
  );
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

  it('a contains on a text ignores accents and case, both in the column and in the value (decision 0039)', async () => {
    for (const value of ['maiz', 'MAÍZ', 'Maíz', 'aí']) {
      const r = await list({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value }] }) });
      expect(r.data.map((c) => c.name), value).toEqual(['Maíz']);
    }
    // `is` stays exact: it names one value, it does not search
    expect((await list({ filters: filters({ AND: [{ field: 'name', condition: 'is', value: 'Maiz' }] }) })).data).toHaveLength(0);
  });

  it('a verbatim text field compares its contains as stored (codes, columns a module folds itself)', async () => {
    const verbatim: ListSpec = { ...spec, fields: { ...spec.fields, name: { column: crops.name, type: 'string', verbatim: true } } };
    const plan = planList({ filters: filters({ AND: [{ field: 'name', condition: 'contains', value: 'maiz' }] }) }, verbatim);
    expect(await app.db.select({ name: crops.name }).from(crops).where(plan.where)).toEqual([]);
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

/** Three users a day apart: `birth_date` is a date column, `plan_end_date` a timestamptz one. */
describe('date filters on date and timestamptz columns', () => {
  const dates: ListSpec = {
    resource: 'user',
    fields: { birth_date: { column: users.birth_date, type: 'date' }, plan_end_date: { column: users.plan_end_date, type: 'date' } },
    defaultOrder: [asc(users.user_id)],
  };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const rows = [
      // 23:00 on 30/06 in Argentina, 09:00 on 01/07, 00:30 on 02/07
      { key: 'a', birth_date: '2025-06-30', plan_end_date: new Date('2025-07-01T02:00:00Z') },
      { key: 'b', birth_date: '2025-07-01', plan_end_date: new Date('2025-07-01T12:00:00Z') },
      { key: 'c', birth_date: '2025-07-02', plan_end_date: new Date('2025-07-02T03:30:00Z') },
    ];
    for (const { key, ...dated } of rows) {
      const u = await buildUser(app);
      await app.db.update(users).set(dated).where(inArray(users.user_id, [u.user_id]));
      ids[key] = u.user_id;
    }
  });

  async function match(field: string, condition: string, value: unknown): Promise<string[]> {
    const plan = planList({ filters: filters({ AND: [{ field, condition, value }] }) }, dates);
    const rows = await app.db
      .select({ user_id: users.user_id })
      .from(users)
      .where(and(inArray(users.user_id, Object.values(ids)), plan.where))
      .orderBy(...plan.orderBy);
    return rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.user_id) ?? '?');
  }

  it('compares a day with is / gt / lt / in on a date column', async () => {
    expect(await match('birth_date', 'is', '2025-07-01')).toEqual(['b']);
    expect(await match('birth_date', 'gt', '2025-07-01')).toEqual(['c']);
    expect(await match('birth_date', 'lt', '2025-07-01')).toEqual(['a']);
    expect(await match('birth_date', 'in', ['2025-06-30', '2025-07-02'])).toEqual(['a', 'c']);
    expect(await match('birth_date', 'is', '2025-07-01T10:00:00Z')).toEqual(['b']);
  });

  it('reads a day on a timestamptz column as that day in Argentina', async () => {
    expect(await match('plan_end_date', 'is', '2025-07-01')).toEqual(['b']);
    expect(await match('plan_end_date', 'gt', '2025-07-01')).toEqual(['c']);
    expect(await match('plan_end_date', 'lt', '2025-07-01')).toEqual(['a']);
    expect(await match('plan_end_date', 'in', ['2025-06-30', '2025-07-02'])).toEqual(['a', 'c']);
  });

  it('compares an ISO timestamp as an instant (Argentina time when it has no offset)', async () => {
    expect(await match('plan_end_date', 'gt', '2025-07-01T12:00:00Z')).toEqual(['c']);
    expect(await match('plan_end_date', 'lt', '2025-07-01T09:00:00')).toEqual(['a']);
    expect(await match('plan_end_date', 'is', '2025-07-01T09:00:00-03:00')).toEqual(['b']);
    expect(await match('plan_end_date', 'contains', '2025-07-02')).toEqual(['c']);
  });

  it('refuses a value that is not a date with 400', () => {
    for (const value of ['2025-02-30', '2025-13-01', '0000-01-01', 'ayer', '2025-07-01T25:00:00Z', 20250701]) {
      expect400(() => planList({ filters: filters({ AND: [{ field: 'plan_end_date', condition: 'gt', value }] }) }, dates), /inválido para 'plan_end_date'/);
    }
  });
});

describe('list routes with dates and patterns', () => {
  it('filters a real list by a date (was a 500) and answers 400 naming the field for a pattern PostgreSQL refuses', async () => {
    const owner = await buildUser(app);
    const created = await call(app, 'POST', 'providers', { token: owner.token, body: { name: 'Agroinsumos del Sur SA' } });
    expect(created.statusCode).toBe(201);
    const list = (f: unknown) => call(app, 'GET', `providers?filters=${encodeURIComponent(filters({ AND: [f] }))}`, { token: owner.token });
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    for (const [condition, value, rows] of [['is', today, 1], ['gt', today, 0], ['lt', '2099-01-01T00:00:00Z', 1]] as const) {
      const res = await list({ field: 'created_at', condition, value });
      expect({ condition, status: res.statusCode, rows: json<unknown[]>(res).data?.length }).toEqual({ condition, status: 200, rows });
    }
    for (const pattern of ['(Agro', '[z-a]%', 'a{2,1}', '\\x', '((a{200}){200}){200}']) {
      const res = await list({ field: 'name', condition: 'similar_to', value: pattern });
      expect({ pattern, status: res.statusCode, message: json(res).message }).toEqual({ pattern, status: 400, message: invalidFilterValue('name') });
    }
    expect(json<unknown[]>(await list({ field: 'name', condition: 'similar_to', value: 'Agro%' })).data).toHaveLength(1);
  });
});
