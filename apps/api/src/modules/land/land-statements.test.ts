import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADDON_ID, type Company, type Farm, type Field } from '@fm/domain';
import { cities, workspaces } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { countStatements, isAuthStatement } from '../../test/statements';
import { setAddonQuantity } from '../plans/index';

/** A page of companies or farms reads its links (partners, shared workspaces, plot totals) in one statement (issue 8). */
let app: TestApp;
let owner: TestUser;
let otherWorkspace: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  await setAddonQuantity(app.db, owner.user_id, ADDON_ID.COMPANIES, 5);
  [{ workspace_id: otherWorkspace }] = await app.db.insert(workspaces).values({ name: 'Campo Norte', user_id: owner.user_id }).returning();
});
afterAll(() => app.cleanup());

const post = async <T>(path: string, body: object) => {
  const res = await call(app, 'POST', path, { token: owner.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return json<T[]>(res).data[0];
};
/** The list's own statements (the auth hook's is left out: remembered or not, it is not the list's). */
const list = async <T>(path: string) => {
  const { result, sql } = await countStatements(app, async () => json<T[]>(await call(app, 'GET', path, { token: owner.token })).data);
  return { result, count: sql.filter((text) => !isAuthStatement(text)).length };
};

describe('land lists: one statement for the links of a page', () => {
  it('companies: page, then partners and workspaces of every company in one statement', async () => {
    const a = await post<Company>('companies', { name: 'Socio A', tax_identifier: '30709988774', company_type_id: 3 });
    const b = await post<Company>('companies', { name: 'Socio B', tax_identifier: '33711122236', company_type_id: 3 });
    const agreement = await post<Company>('companies', {
      name: 'Convenio Los Álamos',
      tax_identifier: '30695522114',
      company_type_id: 2,
      partners: [{ partner_id: b.company_id, contribution: 40.5 }, { partner_id: a.company_id, contribution: 59.5 }],
    });
    const shared = await call(app, 'PUT', `companies?company_id=${a.company_id}`, { token: owner.token, body: { workspaces: [otherWorkspace, owner.workspace_id] } });
    expect(shared.statusCode, shared.body).toBe(200);

    const page = await list<Company>('companies?pagination=true&per_page=10');
    expect(page.count).toBe(2);
    expect(page.result.map((c) => c.name)).toEqual(['Convenio Los Álamos', 'Socio A', 'Socio B']);
    const [conv, socioA, socioB] = page.result;
    expect(conv).toMatchObject({ company_id: agreement.company_id, is_an_agreement: true, workspaces: [{ workspace_id: owner.workspace_id }] });
    expect(conv.partners.map((p) => [p.partner.company_id, p.partner.name, p.contribution])).toEqual([
      [b.company_id, 'Socio B', 40.5],
      [a.company_id, 'Socio A', 59.5],
    ]);
    expect(socioA.partners).toEqual([]);
    expect(socioA.workspaces).toEqual([
      { workspace_id: owner.workspace_id, name: expect.any(String) },
      { workspace_id: otherWorkspace, name: 'Campo Norte' },
    ]);
    expect(socioB.workspaces.map((w) => w.workspace_id)).toEqual([owner.workspace_id]);
    // an empty page reads no links
    expect((await list<Company>('companies?pagination=true&per_page=10&page=2')).result).toEqual([]);
  });

  it('farms: ids, then rows with their plot totals and workspaces; with their plots one more', async () => {
    const [tandil] = await app.db.select({ id: cities.city_id }).from(cities).where(eq(cities.name, 'Tandil'));
    const esperanza = await post<Farm>('farms', { name: 'La Esperanza', city_id: tandil.id, fields: [{ name: 'Lote 1', hectares: 120.25 }, { name: 'Lote 2', hectares: 80.5 }, { name: 'Lote 3', hectares: 10 }] });
    await post<Farm>('farms', { name: 'San José', city_id: tandil.id });
    const [, lote2, lote3] = esperanza.fields as Field[];
    expect((await call(app, 'PUT', `fields?field_id=${lote2.field_id}`, { token: owner.token, body: { active: false } })).statusCode).toBe(200);
    expect((await call(app, 'DELETE', `fields?field_id=${lote3.field_id}`, { token: owner.token })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `farms?farm_id=${esperanza.farm_id}`, { token: owner.token, body: { workspaces: [owner.workspace_id, otherWorkspace] } })).statusCode).toBe(200);

    const page = await list<Farm>('farms?pagination=true&per_page=10&include=city,state');
    expect(page.count).toBe(2);
    const [withPlots, empty] = page.result;
    // an inactive plot counts as a plot but not in the hectares; a deleted one in neither
    expect(withPlots).toMatchObject({ name: 'La Esperanza', hectares: 120.25, fields_count: 2, city: { name: 'Tandil' } });
    expect(withPlots.workspaces.map((w) => w.workspace_id)).toEqual([owner.workspace_id, otherWorkspace]);
    expect(empty).toMatchObject({ name: 'San José', hectares: 0, fields_count: 0, workspaces: [{ workspace_id: owner.workspace_id }] });
    expect(withPlots.fields).toBeUndefined();

    const full = await list<Farm>('farms?pagination=true&per_page=10');
    expect(full.count).toBe(3);
    expect(full.result[0]).toMatchObject({ hectares: 120.25, fields_count: 2 });
    expect(full.result[0].fields?.map((f) => [f.name, f.active])).toEqual([['Lote 1', true], ['Lote 2', false]]);
    expect(full.result[0].workspaces).toEqual(withPlots.workspaces);
  });
});
