import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Farm, FieldCrop, Filters, Season, SeasonPlan } from '@fm/domain';
import { cities } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { plotNameSearch } from './field-crop-search';

/** The plot-name search page (issue 8: per-name probes instead of sorting every match) answers as the generic path. */
let app: TestApp;
let owner: TestUser;
let planIds: number[];

async function seedWorkspace(user: TestUser, plotNames: string[][]): Promise<number[]> {
  const post = async <T>(path: string, body: unknown) => {
    const res = await call(app, 'POST', path, { token: user.token, body });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.body}`);
    return json<T[]>(res).data[0];
  };
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Pergamino'));
  const company = { id: (await post<{ company_id: number }>('companies', { name: 'Agro Norte SA', tax_identifier: '30712345671', company_type_id: 3 })).company_id };
  const season = await post<Season>('seasons', { name: '2025/26' });
  const plans: number[] = [];
  for (const [i, names] of plotNames.entries()) {
    const farm = await post<Farm>('farms', { name: `Campo ${i + 1}`, city_id: city.id, fields: names.map((name, k) => ({ name, hectares: 10 + k })) });
    const plan = await post<SeasonPlan>('seasons/plans', { season_id: season.season_id, company_id: company.id, farm_id: farm.farm_id });
    plans.push(plan.season_plan_id);
    const crops = (farm.fields ?? []).flatMap((f, k) => [
      { season_plan_id: plan.season_plan_id, field_id: f.field_id, crop_id: 1 + (k % 3), hectares: 5 },
      ...(k % 2 === 0 ? [{ season_plan_id: plan.season_plan_id, field_id: f.field_id, crop_id: 2, crop_sequence_id: 2, hectares: 5 }] : []),
    ]);
    expect((await call(app, 'POST', 'fields/crops', { token: user.token, body: { field_crops: crops } })).statusCode).toBe(201);
  }
  return plans;
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  planIds = await seedWorkspace(owner, [
    ['Lote Norte', 'Norte Chico', 'Lote Sur', 'Bajo Norte', 'Loma 100%'],
    ['Lote Norte', 'El Norteño', 'Lote 7', 'Norte Chico'],
    ['Bajo Río'],
  ]);
  const stranger = await buildUser(app);
  await seedWorkspace(stranger, [['Lote Norte', 'Norte Ajeno']]);
});
afterAll(() => app.cleanup());

const list = async (filters: unknown, page: number, perPage: number, extra = '') => {
  const q = `fields/crops?pagination=true&page=${page}&per_page=${perPage}&filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
  const res = await call(app, 'GET', q, { token: owner.token });
  expect(res.statusCode).toBe(200);
  return json<FieldCrop[]>(res) as ReturnType<typeof json<FieldCrop[]>> & { total?: number };
};

describe('plot-name search over every plan', () => {
  it('recognises only a lone field.name contains with the crop’s own AND conditions', () => {
    const f = (x: Filters) => plotNameSearch(x);
    expect(f({ AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }] })).toBe('norte');
    expect(f({ AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }, { field: 'crop_id', condition: 'is', value: 2 }] })).toBe('norte');
    expect(f({ OR: [{ field: 'field.name', condition: 'contains', value: 'norte' }] })).toBeUndefined();
    expect(f({ AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }, { field: 'crop.name', condition: 'is', value: 'Soja' }] })).toBeUndefined();
    expect(f({ AND: [{ field: 'crop.name', condition: 'contains', value: 'soja' }] })).toBeUndefined();
    expect(plotNameSearch(undefined)).toBeUndefined();
  });

  it('every page, with and without an own-column condition, equals the generic path (same rows, order and total), never another workspace’s', async () => {
    const cases: [unknown, unknown][] = [
      [{ AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }] }, { OR: [{ field: 'field.name', condition: 'contains', value: 'norte' }] }],
      [
        { AND: [{ field: 'field.name', condition: 'contains', value: 'NORTE' }, { field: 'crop_id', condition: 'is', value: 2 }] },
        { AND: [{ field: 'crop_id', condition: 'is', value: 2 }], OR: [{ field: 'field.name', condition: 'contains', value: 'NORTE' }] },
      ],
      // LIKE characters are literal: '100%' matches one plot, not every one
      [{ AND: [{ field: 'field.name', condition: 'contains', value: '100%' }] }, { OR: [{ field: 'field.name', condition: 'contains', value: '100%' }] }],
      [{ AND: [{ field: 'field.name', condition: 'contains', value: 'ninguno' }] }, { OR: [{ field: 'field.name', condition: 'contains', value: 'ninguno' }] }],
      // accents folded on both paths (decision 0039)
      [{ AND: [{ field: 'field.name', condition: 'contains', value: 'RIO' }] }, { OR: [{ field: 'field.name', condition: 'contains', value: 'RIO' }] }],
    ];
    for (const [fast, generic] of cases) {
      const seen: number[] = [];
      for (let page = 1; page <= 5; page++) {
        const a = await list(fast, page, 2);
        const b = await list(generic, page, 2);
        expect(a.data).toEqual(b.data);
        expect(a.total).toEqual(b.total);
        seen.push(...a.data.map((c) => c.field_crop_id));
      }
      const all = (await list(generic, 1, 50)).data;
      expect(seen).toEqual(all.slice(0, 10).map((c) => c.field_crop_id));
      expect(all.every((c) => planIds.includes(c.season_plan_id))).toBe(true);
    }
    const norte = (await list(cases[0][0], 1, 50)).data;
    expect(norte.map((c) => c.field.name)).toEqual([...norte.map((c) => c.field.name)].sort((x, y) => x.localeCompare(y, 'es')));
    expect(new Set(norte.map((c) => c.field.name))).toEqual(new Set(['Bajo Norte', 'El Norteño', 'Lote Norte', 'Norte Chico']));
    expect(new Set((await list(cases[4][0], 1, 50)).data.map((c) => c.field.name))).toEqual(new Set(['Bajo Río']));
  });

  it('within one plan too (season_plan_id), and an explicit order keeps the generic path', async () => {
    const filters = { AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }] };
    const inPlan = await list(filters, 1, 10, `&season_plan_id=${planIds[1]}`);
    expect(inPlan.data.every((c) => c.season_plan_id === planIds[1])).toBe(true);
    expect(inPlan.data.map((c) => c.field.name)).toEqual(['El Norteño', 'El Norteño', 'Lote Norte', 'Lote Norte', 'Norte Chico']);
    expect(inPlan.data).toEqual((await list({ OR: filters.AND }, 1, 10, `&season_plan_id=${planIds[1]}`)).data);
    const ordered = await list(filters, 1, 10, '&order_by=hectares&order=DESC');
    expect(ordered.data.length).toBeGreaterThan(0);
  });

  it('a renamed plot is found at once (the cached names of a term do not outlive a write)', async () => {
    const filters = { AND: [{ field: 'field.name', condition: 'contains', value: 'norte' }] };
    const before = (await list(filters, 1, 50)).data;
    const sur = (await list({ AND: [{ field: 'field.name', condition: 'is', value: 'Lote Sur' }] }, 1, 5)).data[0];
    expect((await call(app, 'PUT', `fields?field_id=${sur.field_id}`, { token: owner.token, body: { name: 'Sur Norteado' } })).statusCode).toBe(200);
    const after = (await list(filters, 1, 50)).data;
    expect(after.length).toBe(before.length + 1);
    expect(after.map((c) => c.field.name)).toContain('Sur Norteado');
  });
});
