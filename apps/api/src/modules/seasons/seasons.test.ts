import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGE, LAND_MSG, type Company, type Farm, type FieldCrop, type Season, type SeasonPlan } from '@fm/domain';
import { eq } from 'drizzle-orm';
import { cities, fieldCrops } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { memberWithout } from '../land/land.test-helpers';

let app: TestApp;
let owner: TestUser;
let company: Company;
let farm: Farm;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Pergamino'));
  company = json<Company[]>(await call(app, 'POST', 'companies', { token: owner.token, body: { name: 'Agro SA', tax_identifier: '30712345671' } })).data[0];
  farm = json<Farm[]>(
    await call(app, 'POST', 'farms', {
      token: owner.token,
      body: { name: 'La Esperanza', city_id: city.id, fields: [{ name: 'Lote 1', hectares: 100 }, { name: 'Lote 2', hectares: 80 }, { name: 'Lote 3', hectares: 60 }] },
    }),
  ).data[0];
});
afterAll(() => app.cleanup());

const filters = (f: unknown) => `filters=${encodeURIComponent(JSON.stringify(f))}`;

describe('seasons', () => {
  it('validates the campaign name, is unique per workspace, filters by active and paginates', async () => {
    expect((await call(app, 'GET', 'seasons')).statusCode).toBe(401);
    const bad = await call(app, 'POST', 'seasons', { token: owner.token, body: { name: '2025/27' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe(CAMPAIGN_MESSAGE);
    for (const name of ['2024/25', '2025/26', '2023/24']) expect((await call(app, 'POST', 'seasons', { token: owner.token, body: { name } })).statusCode).toBe(201);
    const dup = await call(app, 'POST', 'seasons', { token: owner.token, body: { name: '2025/26' } });
    expect(json(dup).message).toBe(LAND_MSG.seasonTaken);

    const list = json<Season[]>(await call(app, 'GET', 'seasons', { token: owner.token })).data;
    expect(list.map((s) => s.name)).toEqual(['2025/26', '2024/25', '2023/24']);
    const old = list[2];
    const off = await call(app, 'PUT', `seasons?season_id=${old.season_id}`, { token: owner.token, body: { active: false } });
    expect(json<Season[]>(off).data[0].active).toBe(false);
    expect(json(off).message).toBe('Campaña desactivada');
    const active = json<Season[]>(await call(app, 'GET', `seasons?${filters({ AND: [{ field: 'active', condition: 'is', value: true }] })}`, { token: owner.token })).data;
    expect(active.map((s) => s.name)).toEqual(['2025/26', '2024/25']);
    const page = await call(app, 'GET', 'seasons?pagination=true&page=1&per_page=2', { token: owner.token });
    expect(json(page)).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect((await call(app, 'DELETE', `seasons?season_id=${old.season_id}`, { token: owner.token })).statusCode).toBe(200);

    // another workspace's season is a 404
    const stranger = await buildUser(app);
    expect((await call(app, 'PUT', `seasons?season_id=${list[0].season_id}`, { token: stranger.token, body: { active: false } })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `seasons?season_id=${list[0].season_id}`, { token: stranger.token })).statusCode).toBe(404);
    expect(json(await call(app, 'GET', 'seasons', { token: stranger.token })).data).toEqual([]);
  });

  it('403 without the seasons or seasons_plans permission', async () => {
    const token = await memberWithout(app, owner.workspace_id, 'seasons');
    expect((await call(app, 'GET', 'seasons', { token })).statusCode).toBe(403);
    expect((await call(app, 'POST', 'seasons', { token, body: { name: '2026/27' } })).statusCode).toBe(403);
    expect((await call(app, 'PUT', 'seasons?season_id=1', { token, body: {} })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', 'seasons?season_id=1', { token })).statusCode).toBe(403);
    // the plans and their plots are read by the work-order form too (alsoFor): refused only without both modules
    const noPlans = await memberWithout(app, owner.workspace_id, ['seasons_plans', 'work_orders']);
    for (const [method, url] of [['GET', 'seasons/plans'], ['POST', 'seasons/plans'], ['DELETE', 'seasons/plans?season_plan_id=1'], ['GET', 'fields/crops'], ['POST', 'fields/crops'], ['PUT', 'fields/crops?field_crop_id=1'], ['DELETE', 'fields/crops?field_crop_id=1']] as const) {
      expect((await call(app, method, url, { token: noPlans, body: method === 'POST' || method === 'PUT' ? {} : undefined })).statusCode, `${method} ${url}`).toBe(403);
    }
    const ordersOnly = await memberWithout(app, owner.workspace_id, 'seasons_plans');
    expect((await call(app, 'GET', 'seasons/plans', { token: ordersOnly })).statusCode).toBe(200);
    expect((await call(app, 'GET', 'fields/crops', { token: ordersOnly })).statusCode).toBe(200);
    expect((await call(app, 'POST', 'seasons/plans', { token: ordersOnly, body: {} })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', 'fields/crops?field_crop_id=1', { token: ordersOnly })).statusCode).toBe(403);
  });
});

describe('season plans and field crops', () => {
  let plan: SeasonPlan;
  let season: Season;

  it('creates a plan with the spec shape; refuses invisible companies and duplicates', async () => {
    season = json<Season[]>(await call(app, 'GET', `seasons?${filters({ AND: [{ field: 'name', condition: 'is', value: '2025/26' }] })}`, { token: owner.token })).data[0];
    const missing = await call(app, 'POST', 'seasons/plans', { token: owner.token, body: { season_id: season.season_id, company_id: company.company_id } });
    expect(json(missing).message).toBe(LAND_MSG.farmRequired);

    const stranger = await buildUser(app);
    const foreign = json<Company[]>(await call(app, 'POST', 'companies', { token: stranger.token, body: { name: 'Ajena', tax_identifier: '30709988774' } })).data[0];
    const invisible = await call(app, 'POST', 'seasons/plans', { token: owner.token, body: { season_id: season.season_id, company_id: foreign.company_id, farm_id: farm.farm_id } });
    expect(invisible.statusCode).toBe(422);
    const foreignSeason = json<Season[]>(await call(app, 'POST', 'seasons', { token: stranger.token, body: { name: '2025/26' } })).data[0];
    expect((await call(app, 'POST', 'seasons/plans', { token: owner.token, body: { season_id: foreignSeason.season_id, company_id: company.company_id, farm_id: farm.farm_id } })).statusCode).toBe(422);

    const res = await call(app, 'POST', 'seasons/plans', { token: owner.token, body: { season_id: season.season_id, company_id: company.company_id, farm_id: farm.farm_id } });
    expect(res.statusCode).toBe(201);
    plan = json<SeasonPlan[]>(res).data[0];
    expect(plan).toEqual({
      season_plan_id: plan.season_plan_id,
      company: { company_id: company.company_id, name: 'Agro SA', tax_identifier: '30712345671', active: true, is_an_agreement: false, partners: [] },
      farm: { farm_id: farm.farm_id, name: 'La Esperanza', active: true },
      season: { season_id: season.season_id, name: '2025/26', active: true },
      active: true,
      label: '2025/26 - Agro SA - La Esperanza',
    });
    expect((await call(app, 'POST', 'seasons/plans', { token: owner.token, body: { season_id: season.season_id, company_id: company.company_id, farm_id: farm.farm_id } })).statusCode).toBe(409);

    // derived active: the farm deactivated makes the plan inactive
    await call(app, 'PUT', `farms?farm_id=${farm.farm_id}`, { token: owner.token, body: { active: false } });
    const listed = json<SeasonPlan[]>(await call(app, 'GET', `seasons/plans?season_id=${season.season_id}`, { token: owner.token })).data;
    expect(listed.map((p) => p.active)).toEqual([false]);
    await call(app, 'PUT', `farms?farm_id=${farm.farm_id}`, { token: owner.token, body: { active: true } });
    const byFilter = json<SeasonPlan[]>(await call(app, 'GET', `seasons/plans?${filters({ AND: [{ field: 'active', condition: 'is', value: true }, { field: 'farm.name', condition: 'contains', value: 'esper' }] })}`, { token: owner.token })).data;
    expect(byFilter).toHaveLength(1);
    // paged, `active` (season, company and farm) filters and orders through the joins the page's ids then need
    const pagedActive = (value: boolean) => call(app, 'GET', `seasons/plans?pagination=true&order_by=active&${filters({ AND: [{ field: 'active', condition: 'is', value }] })}`, { token: owner.token });
    expect(json<SeasonPlan[]>(await pagedActive(true)).data.map((p) => p.label)).toEqual(['2025/26 - Agro SA - La Esperanza']);
    expect(json<SeasonPlan[]>(await pagedActive(false)).data).toEqual([]);
    expect(json(await call(app, 'GET', 'seasons/plans', { token: stranger.token })).data).toEqual([]);
    expect((await call(app, 'DELETE', `seasons/plans?season_plan_id=${plan.season_plan_id}`, { token: stranger.token })).statusCode).toBe(404);
  });

  it('assigns a crop to many plots in one transaction: one bad row writes nothing', async () => {
    const [l1, l2, l3] = farm.fields ?? [];
    const rows = (ha3: number) => [l1, l2, l3].map((f, i) => ({ season_plan_id: plan.season_plan_id, field_id: f.field_id, crop_id: 1, crop_sequence_id: 2, hectares: i === 2 ? ha3 : f.hectares }));
    const bad = await call(app, 'POST', 'fields/crops', { token: owner.token, body: { field_crops: rows(61) } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe('Las hectáreas asignadas (61) superan las del lote Lote 3 (60 ha)');
    expect(json(bad).detail?.[0].loc).toEqual(['body', 'field_crops', 2, 'hectares']);
    expect(await app.db.select().from(fieldCrops)).toEqual([]);
    const badSeq = await call(app, 'POST', 'fields/crops', { token: owner.token, body: { ...rows(60)[0], crop_sequence_id: 9 } });
    expect(json(badSeq).message).toBe(LAND_MSG.sequenceRange);

    const res = await call(app, 'POST', 'fields/crops', { token: owner.token, body: { field_crops: rows(60) } });
    expect(res.statusCode).toBe(201);
    const created = json<FieldCrop[]>(res).data;
    expect(created.map((c) => [c.field.name, c.crop_name, c.crop_sequence_name, c.hectares])).toEqual([
      ['Lote 1', 'Soja', 'Primera', 100],
      ['Lote 2', 'Soja', 'Primera', 80],
      ['Lote 3', 'Soja', 'Primera', 60],
    ]);
    const again = await call(app, 'POST', 'fields/crops', { token: owner.token, body: { field_crops: [rows(60)[1]] } });
    expect(again.statusCode).toBe(422);
    expect(json(again).message).toBe('El lote Lote 2 ya tiene ese cultivo con esa secuencia en el plan de campaña');
    // a single object is accepted too
    const single = await call(app, 'POST', 'fields/crops', { token: owner.token, body: { season_plan_id: plan.season_plan_id, field_id: l1.field_id, crop_id: 3, crop_sequence_id: 3, hectares: 50 } });
    expect(single.statusCode).toBe(201);
    const trigo = json<FieldCrop[]>(single).data[0];

    // list: spec filters (season_plan_id, field not deleted) and the plain query parameter
    const f = filters({ AND: [{ field: 'season_plan_id', condition: 'is', value: plan.season_plan_id }, { field: 'field.deleted_at', condition: 'is', value: null }] });
    expect(json<FieldCrop[]>(await call(app, 'GET', `fields/crops?${f}`, { token: owner.token })).data).toHaveLength(4);
    expect(json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}&pagination=true&per_page=3`, { token: owner.token })).total).toBe(4);
    // the page's ids come from field_crops alone, joined to the crop or the plot only when a filter or the order names them
    const soja = filters({ AND: [{ field: 'crop.name', condition: 'is', value: 'Soja' }, { field: 'field.deleted_at', condition: 'is', value: null }] });
    const sojaPage = json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}&${soja}&pagination=true&per_page=2`, { token: owner.token }));
    expect([sojaPage.total, sojaPage.data.map((c) => [c.field.name, c.crop_name])]).toEqual([3, [['Lote 1', 'Soja'], ['Lote 2', 'Soja']]]);
    const byCrop = json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}&order_by=crop.name&order=DESC`, { token: owner.token })).data;
    expect(byCrop.map((c) => c.crop_name)).toEqual([trigo.crop_name, 'Soja', 'Soja', 'Soja'].sort().reverse());

    // edit and soft delete
    const over = await call(app, 'PUT', `fields/crops?field_crop_id=${trigo.field_crop_id}`, { token: owner.token, body: { hectares: 101 } });
    expect(over.statusCode).toBe(422);
    const edited = await call(app, 'PUT', `fields/crops?field_crop_id=${trigo.field_crop_id}`, { token: owner.token, body: { crop_id: 2, hectares: 40 } });
    expect(json<FieldCrop[]>(edited).data[0]).toMatchObject({ crop_name: 'Maíz', hectares: 40 });
    expect((await call(app, 'DELETE', `fields/crops?field_crop_id=${trigo.field_crop_id}`, { token: owner.token })).statusCode).toBe(200);
    expect(json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}`, { token: owner.token })).data).toHaveLength(3);
    const stranger = await buildUser(app);
    expect((await call(app, 'PUT', `fields/crops?field_crop_id=${created[0].field_crop_id}`, { token: stranger.token, body: { hectares: 1 } })).statusCode).toBe(404);
    expect(json(await call(app, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}`, { token: stranger.token })).data).toEqual([]);
  });

  it('refuses deletions while something uses the record, naming it', async () => {
    const farmDel = await call(app, 'DELETE', `farms?farm_id=${farm.farm_id}`, { token: owner.token });
    expect(farmDel.statusCode).toBe(409);
    expect(json(farmDel).message).toBe('No se puede eliminar el establecimiento: lo usa el plan de campaña 2025/26 - Agro SA - La Esperanza');
    const companyDel = await call(app, 'DELETE', `companies?company_id=${company.company_id}`, { token: owner.token });
    expect(json(companyDel).message).toBe('No se puede eliminar la empresa: la usa el plan de campaña 2025/26 - Agro SA - La Esperanza');
    const seasonDel = await call(app, 'DELETE', `seasons?season_id=${season.season_id}`, { token: owner.token });
    expect(json(seasonDel).message).toBe('No se puede eliminar la campaña: la usa el plan de campaña 2025/26 - Agro SA - La Esperanza');
    const [l1] = farm.fields ?? [];
    const plotDel = await call(app, 'DELETE', `fields?field_id=${l1.field_id}`, { token: owner.token });
    expect(json(plotDel).message).toBe('No se puede eliminar el lote Lote 1: lo usa el plan de campaña 2025/26 - Agro SA - La Esperanza');
    const planDel = await call(app, 'DELETE', `seasons/plans?season_plan_id=${plan.season_plan_id}`, { token: owner.token });
    expect(planDel.statusCode).toBe(409);
    expect(json(planDel).message).toMatch(/^No se puede eliminar el plan de campaña: tiene 3 cultivo\(s\) asignado\(s\) en los lotes Lote 1, Lote 2, Lote 3/);

    for (const fc of json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${plan.season_plan_id}`, { token: owner.token })).data) {
      await call(app, 'DELETE', `fields/crops?field_crop_id=${fc.field_crop_id}`, { token: owner.token });
    }
    expect((await call(app, 'DELETE', `seasons/plans?season_plan_id=${plan.season_plan_id}`, { token: owner.token })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `farms?farm_id=${farm.farm_id}`, { token: owner.token })).statusCode).toBe(200);
  });
});
