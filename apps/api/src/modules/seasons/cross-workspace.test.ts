import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDON_ID, type Company, type Farm, type FieldCrop, type Season, type SeasonPlan } from '@fm/domain';
import { cities, workspaces } from '../../db/schema/index';
import { addMember, buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { setAddonQuantity } from '../plans/index';

/** Land and a sown season plan of one account, every name carrying `tag` so a leak is easy to spot. */
type Holdings = { company: Company; farm: Farm; fieldId: number; season: Season; plan: SeasonPlan; fieldCrop: FieldCrop };

let app: TestApp;
let tandil: number;
beforeAll(async () => {
  app = await createTestApp();
  const [city] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
  tandil = city.id;
});
afterAll(() => app.cleanup());

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await call(app, 'POST', path, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return json<T[]>(res).data[0];
}

async function holdings(token: string, tag: string): Promise<Holdings> {
  const company = await post<Company>(token, 'companies', { name: `Agro ${tag} SA`, tax_identifier: '30712345671' });
  const farm = await post<Farm>(token, 'farms', { name: `Estancia ${tag}`, city_id: tandil, fields: [{ name: `Lote ${tag}`, hectares: 50 }] });
  const fieldId = farm.fields?.[0]?.field_id ?? 0;
  const season = await post<Season>(token, 'seasons', { name: '2029/30' });
  const plan = await post<SeasonPlan>(token, 'seasons/plans', { season_id: season.season_id, company_id: company.company_id, farm_id: farm.farm_id });
  const fieldCrop = await post<FieldCrop>(token, 'fields/crops', { season_plan_id: plan.season_plan_id, field_id: fieldId, crop_id: 1, crop_sequence_id: 2, hectares: 40 });
  return { company, farm, fieldId, season, plan, fieldCrop };
}

describe("another workspace's ids in the write routes of land and seasons", () => {
  let victim: TestUser;
  let intruder: TestUser;
  let theirs: Holdings;
  let mine: Holdings;
  beforeAll(async () => {
    victim = await buildUser(app);
    intruder = await buildUser(app);
    theirs = await holdings(victim.token, 'Secreta');
    mine = await holdings(intruder.token, 'Propia');
  });

  it('answer 404 (ids in the query) or 422 (ids in the body) and never name what they point at', async () => {
    const t = theirs;
    const writes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, status: number][] = [
      ['PUT', `companies?company_id=${t.company.company_id}`, { name: 'Tomada' }, 404],
      ['DELETE', `companies?company_id=${t.company.company_id}`, undefined, 404],
      ['PUT', `companies?company_id=${mine.company.company_id}`, { company_type_id: 2, partners: [{ partner_id: t.company.company_id, contribution: 10 }] }, 422],
      ['PUT', `farms?farm_id=${t.farm.farm_id}`, { name: 'Tomada' }, 404],
      ['DELETE', `farms?farm_id=${t.farm.farm_id}`, undefined, 404],
      ['PUT', `farms?farm_id=${mine.farm.farm_id}`, { fields: [{ field_id: t.fieldId, name: 'Tomado', hectares: 1 }] }, 422],
      ['POST', 'fields', { farm_id: t.farm.farm_id, name: 'Intruso', hectares: 1 }, 404],
      ['PUT', `fields?field_id=${t.fieldId}`, { name: 'Tomado' }, 404],
      ['DELETE', `fields?field_id=${t.fieldId}`, undefined, 404],
      ['PUT', `seasons?season_id=${t.season.season_id}`, { active: false }, 404],
      ['DELETE', `seasons?season_id=${t.season.season_id}`, undefined, 404],
      ['POST', 'seasons/plans', { season_id: t.season.season_id, company_id: t.company.company_id, farm_id: t.farm.farm_id }, 422],
      ['DELETE', `seasons/plans?season_plan_id=${t.plan.season_plan_id}`, undefined, 404],
      ['POST', 'fields/crops', { season_plan_id: t.plan.season_plan_id, field_id: t.fieldId, crop_id: 1, crop_sequence_id: 3, hectares: 1 }, 422],
      // the same foreign plot twice on one's own plan: the duplicate check once named it
      ['POST', 'fields/crops', { field_crops: [0, 1].map(() => ({ season_plan_id: mine.plan.season_plan_id, field_id: t.fieldId, crop_id: 1, crop_sequence_id: 2, hectares: 1 })) }, 422],
      ['PUT', `fields/crops?field_crop_id=${t.fieldCrop.field_crop_id}`, { hectares: 1 }, 404],
      ['PUT', `fields/crops?field_crop_id=${mine.fieldCrop.field_crop_id}`, { field_id: t.fieldId }, 422],
      ['DELETE', `fields/crops?field_crop_id=${t.fieldCrop.field_crop_id}`, undefined, 404],
    ];
    for (const [method, url, body, status] of writes) {
      const res = await call(app, method, url, { token: intruder.token, body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      expect(res.body, `${method} ${url}`).not.toMatch(/Secret/);
    }

    // nothing of theirs changed
    const crops = json<FieldCrop[]>(await call(app, 'GET', `fields/crops?season_plan_id=${t.plan.season_plan_id}`, { token: victim.token })).data;
    expect(crops.map((c) => [c.field.name, c.hectares])).toEqual([['Lote Secreta', 40]]);
    const farms = json<Farm[]>(await call(app, 'GET', 'farms', { token: victim.token })).data;
    expect(farms.map((f) => [f.name, f.fields?.map((p) => p.name)])).toEqual([['Estancia Secreta', ['Lote Secreta']]]);
    expect(json<Season[]>(await call(app, 'GET', 'seasons', { token: victim.token })).data.map((s) => s.active)).toEqual([true]);
  });
});

describe('deletion refusals name only what the caller can see', () => {
  it("a plan of the owner's other workspace is counted, not named; the owner's Mis recursos names it", async () => {
    const owner = await buildUser(app);
    await setAddonQuantity(app.db, owner.user_id, ADDON_ID.COMPANIES, 5);
    const [other] = await app.db.insert(workspaces).values({ name: 'Campo Reservado', user_id: owner.user_id }).returning();
    const otherToken = (await app.tokens.sign(owner.user_id, other.workspace_id)).token;
    const used = await holdings(otherToken, 'Reservada');
    const partner = await post<Company>(otherToken, 'companies', { name: 'Socio Compartido', tax_identifier: '30709988774', company_type_id: 3 });
    await post<Company>(otherToken, 'companies', { name: 'Convenio Reservado', tax_identifier: '33711122236', company_type_id: 2, partners: [{ partner_id: partner.company_id, contribution: 50 }] });
    // the farm, its plot's company and the partner are shared into the owner's first workspace, where a member works
    for (const [path, key, id] of [['farms', 'farm_id', used.farm.farm_id], ['companies', 'company_id', used.company.company_id], ['companies', 'company_id', partner.company_id]] as const) {
      const res = await call(app, 'PUT', `${path}?${key}=${id}&scope=account`, { token: owner.token, body: { workspaces: [owner.workspace_id, other.workspace_id] } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const member = await addMember(app, owner.workspace_id, await buildUser(app));

    const refusals: [url: string, message: string][] = [
      [`farms?farm_id=${used.farm.farm_id}`, 'No se puede eliminar el establecimiento: lo usa 1 plan de campaña de otro espacio de trabajo'],
      [`fields?field_id=${used.fieldId}`, 'No se puede eliminar el lote Lote Reservada: lo usa 1 plan de campaña de otro espacio de trabajo'],
      [`companies?company_id=${used.company.company_id}`, 'No se puede eliminar la empresa: la usa 1 plan de campaña de otro espacio de trabajo'],
      [`companies?company_id=${partner.company_id}`, 'No se puede eliminar la empresa: es socia de 1 convenio de otro espacio de trabajo'],
    ];
    for (const [url, message] of refusals) {
      const res = await call(app, 'DELETE', url, { token: member });
      expect(res.statusCode, url).toBe(409);
      expect(json(res).message).toBe(message);
    }
    const label = '2029/30 - Agro Reservada SA - Estancia Reservada';
    const asOwner = await call(app, 'DELETE', `farms?farm_id=${used.farm.farm_id}&scope=account`, { token: owner.token });
    expect(json(asOwner).message).toBe(`No se puede eliminar el establecimiento: lo usa el plan de campaña ${label}`);
    const partnerAsOwner = await call(app, 'DELETE', `companies?company_id=${partner.company_id}&scope=account`, { token: owner.token });
    expect(json(partnerAsOwner).message).toBe('No se puede eliminar la empresa: es socia del convenio Convenio Reservado');
  });
});
