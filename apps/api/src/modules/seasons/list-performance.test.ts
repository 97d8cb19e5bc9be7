import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ADDON_ID, PLAN, type Company, type Farm, type FieldCrop, type Season, type SeasonPlan } from '@fm/domain';
import { rowsOf } from '../../db/client';
import { folded } from '../../db/schema/common';
import { cities, fieldCrops, notifications, providers, seasonPlans } from '../../db/schema/index';
import { COUNT_CAP, listPage, planList } from '../../http/list-query';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { countStatements } from '../../test/statements';
import { setAddonQuantity } from '../plans/index';
import { fieldCropList, listFieldCropRows, listPlans, seasonPlanList, shapePlans } from './seasons.repo';

/** Decision 0011: counts once per filter (capped), denormalised sort keys kept by triggers, indexes that serve the order. */
let app: TestApp;
let owner: TestUser;
let seasonId: number;
let planIds: number[];
let farm: Farm;
let partnerA: Company;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app, { plan_id: PLAN.PRO });
  await setAddonQuantity(app.db, owner.user_id, ADDON_ID.COMPANIES, 10);
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Pergamino'));
  const post = async <T>(path: string, body: unknown) => {
    const res = await call(app, 'POST', path, { token: owner.token, body });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.body}`);
    return json<T[]>(res).data[0];
  };
  partnerA = await post<Company>('companies', { name: 'Zeta SRL', tax_identifier: '30712345671', company_type_id: 3 });
  const partnerB = await post<Company>('companies', { name: 'Beta SA', tax_identifier: '30612345674', company_type_id: 3 });
  const agreement = await post<Company>('companies', {
    name: 'Convenio Norte',
    tax_identifier: '30695522114',
    company_type_id: 2,
    partners: [{ partner_id: partnerA.company_id, contribution: 60.5 }, { partner_id: partnerB.company_id, contribution: 39.5 }],
  });
  farm = await post<Farm>('farms', { name: 'La Esperanza', city_id: city.id, fields: [{ name: 'Lote Norte 1', hectares: 10 }, { name: 'Lote Sur 2', hectares: 20 }, { name: 'Bajo 3', hectares: 30 }] });
  const other = await post<Farm>('farms', { name: 'Don Pedro', city_id: city.id });
  seasonId = (await post<Season>('seasons', { name: '2025/26' })).season_id;
  planIds = [];
  for (const [c, f] of [[agreement, farm], [partnerA, farm], [partnerB, other]] as const) {
    planIds.push((await post<SeasonPlan>('seasons/plans', { season_id: seasonId, company_id: c.company_id, farm_id: f.farm_id })).season_plan_id);
  }
  const crops = (farm.fields ?? []).map((f) => ({ season_plan_id: planIds[0], field_id: f.field_id, crop_id: 1, hectares: 5 }));
  expect((await call(app, 'POST', 'fields/crops', { token: owner.token, body: { field_crops: crops } })).statusCode).toBe(201);
});
afterAll(() => app.cleanup());

describe('list performance (decision 0011)', () => {
  it('shapes the unpaged season plans in SQL exactly as the paged path shapes them in JavaScript', async () => {
    const res = await call(app, 'GET', `seasons/plans?season_id=${seasonId}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = json<SeasonPlan[]>(res);
    expect(Object.keys(body)).toEqual(['success', 'status', 'data']);
    const plan = planList({}, seasonPlanList);
    const rows = await listPlans(app.db, owner.workspace_id, plan, { season_id: seasonId });
    expect(body.data).toEqual(shapePlans(rows.data));
    expect(body.data.map((p) => p.company.name)).toEqual(['Beta SA', 'Convenio Norte', 'Zeta SRL']);
    expect(body.data[1].company.partners.map((p) => [p.partner.name, p.contribution])).toEqual([['Zeta SRL', 60.5], ['Beta SA', 39.5]]);
    expect(body.data[1].label).toBe('2025/26 - Convenio Norte - La Esperanza');
  });

  it('reads a page of plans with its agreements\' partners in the rows statement (no statement of their own)', async () => {
    const { result: res, sql: texts } = await countStatements(app, () => call(app, 'GET', `seasons/plans?pagination=true&per_page=10`, { token: owner.token }));
    const page = json<SeasonPlan[]>(res).data;
    const agreement = page.find((p) => p.company.name === 'Convenio Norte');
    expect(agreement?.company.partners.map((p) => [p.partner.name, p.contribution])).toEqual([['Zeta SRL', 60.5], ['Beta SA', 39.5]]);
    expect(page.filter((p) => p.company.name !== 'Convenio Norte').every((p) => p.company.partners.length === 0)).toBe(true);
    const partnerTexts = texts.filter((t) => t.includes('agreement_partners'));
    expect(partnerTexts).toHaveLength(1);
    expect(partnerTexts[0]).toMatch(/from "season_plans"/);
  });

  it('keeps the denormalised sort keys in step with renames (triggers) and lists by them', async () => {
    const [before] = await app.db.select().from(seasonPlans).where(eq(seasonPlans.season_plan_id, planIds[1]));
    expect([before.season_name, before.company_name, before.farm_name]).toEqual(['2025/26', 'Zeta SRL', 'La Esperanza']);
    expect((await call(app, 'PUT', `companies?company_id=${partnerA.company_id}`, { token: owner.token, body: { name: 'Alfa SRL' } })).statusCode).toBe(200);
    const plans = json<SeasonPlan[]>(await call(app, 'GET', 'seasons/plans?pagination=true&per_page=10', { token: owner.token })).data;
    expect(plans.map((p) => p.company.name)).toEqual(['Alfa SRL', 'Beta SA', 'Convenio Norte']);
    const lote = farm.fields?.find((f) => f.name === 'Bajo 3');
    expect((await call(app, 'PUT', `fields?field_id=${lote?.field_id}`, { token: owner.token, body: { name: 'Alto 3' } })).statusCode).toBe(200);
    const crops = await app.db.select({ ws: fieldCrops.workspace_id, name: fieldCrops.field_name }).from(fieldCrops).where(eq(fieldCrops.field_id, lote?.field_id ?? 0));
    expect(crops).toEqual([{ ws: owner.workspace_id, name: 'Alto 3' }]);
    // the app never writes the copies: a direct write is overwritten from the source
    await app.db.update(fieldCrops).set({ workspace_id: 999_999, field_name: 'x' }).where(eq(fieldCrops.field_id, lote?.field_id ?? 0));
    const again = await app.db.select({ ws: fieldCrops.workspace_id, name: fieldCrops.field_name }).from(fieldCrops).where(eq(fieldCrops.field_id, lote?.field_id ?? 0));
    expect(again).toEqual([{ ws: owner.workspace_id, name: 'Alto 3' }]);
    const search = `filters=${encodeURIComponent(JSON.stringify({ AND: [{ field: 'field.name', condition: 'contains', value: 'alto' }] }))}`;
    const found = json<FieldCrop[]>(await call(app, 'GET', `fields/crops?pagination=true&${search}`, { token: owner.token }));
    expect(found.data.map((c) => c.field.name)).toEqual(['Alto 3']);
    expect(found.total).toBe(1);
  });

  it('counts once per filter: a total is reused until a write, and a write through the API recounts', async () => {
    const plan = planList({ pagination: 'true', per_page: 1 }, seasonPlanList);
    const page = () => listPlans(app.db, owner.workspace_id, plan);
    expect((await page()).total).toBe(3);
    // written behind the app's back (no request): the cached figure stands
    await app.db.delete(fieldCrops).where(eq(fieldCrops.season_plan_id, planIds[2]));
    await app.db.delete(seasonPlans).where(eq(seasonPlans.season_plan_id, planIds[2]));
    expect((await page()).total).toBe(3);
    // any write request makes cached totals stale
    await call(app, 'POST', 'seasons', { token: owner.token, body: { name: '2026/27' } });
    expect((await page()).total).toBe(2);
    const seasons = json(await call(app, 'GET', 'seasons?pagination=true&per_page=1', { token: owner.token }));
    expect(seasons.total).toBe(2);
  });

  it('answers a last page without counting and caps the count past COUNT_CAP', async () => {
    await rowsOf(app.db, sql`insert into ${notifications} (user_id, title, body) select ${owner.user_id}, 'Aviso ' || g, 'texto' from generate_series(1, ${COUNT_CAP + 5}) g`);
    const first = await call(app, 'GET', 'notifications/web?pagination=true&per_page=100', { token: owner.token });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ total: COUNT_CAP, total_capped: true, page: 1, per_page: 100 });
    const last = await call(app, 'GET', `notifications/web?pagination=true&per_page=100&page=${Math.ceil((COUNT_CAP + 5) / 100)}`, { token: owner.token });
    expect(json(last)).toMatchObject({ total: COUNT_CAP + 5, page: 101 });
    expect(json(last)).not.toHaveProperty('total_capped');
    let counted = 0;
    const single = await listPage(
      app.db,
      planList({ pagination: 'true', per_page: 10 }, fieldCropList),
      () => listFieldCropRows(app.db, owner.workspace_id, planList({ pagination: 'true', per_page: 10 }, fieldCropList)),
      () => {
        counted += 1;
        return app.db.select({ id: fieldCrops.field_crop_id }).from(fieldCrops).$dynamic();
      },
    );
    expect(single.total).toBe(3);
    expect(counted).toBe(0);
  });

  it('serves the default orders from the indexes (no sort, no sequential scan of the big tables)', async () => {
    const plan = planList({ pagination: 'true', page: 2, per_page: 10 }, seasonPlanList);
    const explain = async (query: { toSQL(): { sql: string; params: unknown[] } }) =>
      app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { sql: text, params } = query.toSQL();
        const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
          const v = params[Number(n) - 1];
          return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
        });
        const rows = await rowsOf<Record<string, string>>(tx, sql.raw(`explain ${inlined}`));
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const plans = await explain(
      app.db.select({ id: seasonPlans.season_plan_id }).from(seasonPlans).where(eq(seasonPlans.workspace_id, owner.workspace_id)).orderBy(...plan.orderBy).limit(10).offset(10),
    );
    expect(plans).toMatch(/Index (Only )?Scan using season_plans_list_idx/);
    expect(plans).not.toMatch(/Sort/);
    const cropPlan = planList({ pagination: 'true', per_page: 10 }, fieldCropList);
    const crops = await explain(
      app.db
        .select({ id: fieldCrops.field_crop_id })
        .from(fieldCrops)
        .where(and(eq(fieldCrops.workspace_id, owner.workspace_id), isNull(fieldCrops.deleted_at)))
        .orderBy(...cropPlan.orderBy)
        .limit(10),
    );
    expect(crops).toMatch(/Index (Only )?Scan using field_crops_list_idx/);
    expect(crops).not.toMatch(/Sort/);
    // contains on a name: with enough rows the planner takes the trigram index
    await rowsOf(app.db, sql`insert into ${providers} (user_id, name) select ${owner.user_id}, 'Proveedor ' || g from generate_series(1, 50000) g`);
    await rowsOf(app.db, sql`insert into ${providers} (user_id, name) values (${owner.user_id}, 'Agro Norte')`);
    await rowsOf(app.db, sql`vacuum analyze ${providers}`); // vacuum empties the GIN pending list (autovacuum does in production)
    const { sql: text } = app.db.select({ id: providers.provider_id }).from(providers).where(sql`${folded(providers.name)} ilike '%norte%'`).toSQL();
    const contains = (await rowsOf<Record<string, string>>(app.db, sql.raw(`explain ${text}`))).map((r) => Object.values(r)[0]).join('\n');
    expect(contains).toMatch(/providers_name_trgm_idx/);
  }, 60_000); // 50,000 rows and a vacuum: slow on a loaded machine

  it('a search with few matches sorts them instead of walking the name index (after the 50,000 providers above)', async () => {
    for (const name of ['Zona Norte Insumos', 'Agro Norte SA', 'Proveedor Norteño', 'Norte Grande SRL', 'Sur Insumos']) {
      const res = await call(app, 'POST', 'providers', { token: owner.token, body: { name } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const filters = encodeURIComponent(JSON.stringify({ AND: [{ field: 'name', condition: 'contains', value: 'norte' }] }));
    const page = (n: number) => countStatements(app, () => call(app, 'GET', `providers?pagination=true&per_page=2&page=${n}&filters=${filters}`, { token: owner.token }));
    const first = await page(1);
    expect(json(first.result), first.result.body.slice(0, 400)).toMatchObject({ total: 4, page: 1, per_page: 2 });
    const second = await page(2);
    const names = [...json<{ name: string }[]>(first.result).data, ...json<{ name: string }[]>(second.result).data].map((p) => p.name);
    expect(names).toEqual(['Agro Norte SA', 'Norte Grande SRL', 'Proveedor Norteño', 'Zona Norte Insumos']);
    expect(first.sql.some((q) => q.includes('random() * 0'))).toBe(true);
    // without a search the order's index serves the page as before
    const plain = await countStatements(app, () => call(app, 'GET', 'providers?pagination=true&per_page=2', { token: owner.token }));
    expect(plain.sql.some((q) => q.includes('random() * 0'))).toBe(false);
    // and the sorted search is planned on the trigram index, never a walk of the name order
    const { sql: text } = app.db
      .select({ id: providers.provider_id })
      .from(providers)
      .where(sql`${folded(providers.name)} ilike '%norte%'`)
      .orderBy(sql`random() * 0`, providers.name)
      .toSQL();
    const planned = (await rowsOf<Record<string, string>>(app.db, sql.raw(`explain ${text} limit 2`))).map((r) => Object.values(r)[0]).join('\n');
    expect(planned).toMatch(/providers_name_trgm_idx/);
    expect(planned).toMatch(/Sort/);
  });
});
