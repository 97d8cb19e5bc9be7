import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { INVENTORY_CATALOGUE_MSG as MSG, type Supply } from '@fm/domain';
import { supplies, units, warehouses, workspaces } from '../../db/schema/index';
import { SUPPLIES_CATALOGUE } from '../../db/seed/data/supplies-catalogue';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { insertCompany, insertStock, memberWithout } from './catalogue.test-helpers';
import { supplyList } from './supplies.repo';

let app: TestApp;
let owner: TestUser;
let other: TestUser;
let lt: number;
let kg: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  other = await buildUser(app);
  const rows = await app.db.select().from(units);
  lt = rows.find((u) => u.name === 'lt')?.unit_id ?? 0;
  kg = rows.find((u) => u.name === 'kg')?.unit_id ?? 0;
});
afterAll(() => app.cleanup());

const q = (filters: unknown) => `filters=${encodeURIComponent(JSON.stringify(filters))}`;
const get = async (query: string, token = owner.token) => {
  const res = await call(app, 'GET', `supplies?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return json<Supply[]>(res);
};
const names = async (query: string, token = owner.token) => (await get(query, token)).data.map((s) => s.name);
const catalogueId = async (name: string) => (await app.db.select().from(supplies).where(eq(supplies.name, name)))[0].supply_id;

const ownBody = { name: 'Glifosato Premium 62%', generic_name: 'Glifosato (sal potásica)', concentration: '62%', formulation_denomination: 'SL', supply_type_id: 1, unit_id: 0, toxicological_band: 'IV', eiq_value: 15.33 };

describe('supplies catalogue', () => {
  it('serves the starter catalogue paged, 10 per page for pickers, in the contract shape', async () => {
    expect((await call(app, 'GET', 'supplies')).statusCode).toBe(401);
    const page = await get('pagination=true&page=1&per_page=10');
    expect(page.total).toBe(SUPPLIES_CATALOGUE.length);
    expect(page.data).toHaveLength(10);
    const roundup = (await get(q({ AND: [{ field: 'name', condition: 'is', value: 'Roundup Full II' }] }))).data[0];
    expect(roundup).toEqual({
      supply_id: expect.any(Number),
      name: 'Roundup Full II',
      brand: { brand_id: expect.any(Number), name: 'Bayer' },
      generic: { name: 'Glifosato (sal potásica)' },
      concentration: '66,2%',
      formulation_denomination: 'SL',
      type: { supply_type_id: 1, name: 'Herbicida' },
      subtype: 'Total',
      unit: { unit_id: lt, name: 'lt' },
      senasa_registration: null,
      toxicological_band: 'IV',
      eiq_value: 15.33,
      crop_id: null,
      file_url: null,
      own: false,
      stocks: [],
    });
  });

  it('filters by name (contains, any case; similar_to), generic name, id, type and crop, brand', async () => {
    expect(await names(q({ AND: [{ field: 'name', condition: 'contains', value: 'GLIFOSATO' }] }))).toEqual(['Glifosato 48% SL', 'Glifosato 66,2% SL']);
    expect(await names(q({ AND: [{ field: 'name', condition: 'similar_to', value: '(Dual|Spider)%' }] }))).toEqual(['Dual Gold', 'Spider']);
    expect(await names(q({ AND: [{ field: 'generic.name', condition: 'contains', value: 'atrazina' }] }))).toEqual(['Atrazina 50% SC', 'Atrazina 90% WG', 'Gesaprim 90 WDG']);
    const id = await catalogueId('Coragen');
    expect(await names(`supply_id=${id}`)).toEqual(['Coragen']);
    expect(await names(q({ AND: [{ field: 'supply_id', condition: 'is', value: id }] }))).toEqual(['Coragen']);
    // seeds of a crop (spec: "by seed type and crop")
    expect(await names(q({ AND: [{ field: 'supply_type_id', condition: 'is', value: 5 }, { field: 'crop_id', condition: 'is', value: 4 }] }))).toEqual(['Semilla de girasol alto oleico', 'Semilla de girasol híbrido']);
    expect(await names(q({ AND: [{ field: 'brand.name', condition: 'contains', value: 'basf' }] }))).toEqual(['Heat', 'Opera', 'Pivot H']);
    const fungicides = await get(q({ AND: [{ field: 'supply.supply_type_id', condition: 'is', value: 3 }] }));
    expect(fungicides.data.every((s) => s.type.name === 'Fungicida')).toBe(true);
    expect((await call(app, 'GET', `supplies?${q({ AND: [{ field: 'workspace_id', condition: 'is', value: 1 }] })}`, { token: owner.token })).statusCode).toBe(400);
  });

  it('ignores accents in name and generic name searches', async () => {
    expect(await names(q({ AND: [{ field: 'generic.name', condition: 'contains', value: 'clorpirifos' }] }))).toEqual(['Clorpirifós 48% EC', 'Lorsban 48E']);
    expect(await names(q({ AND: [{ field: 'name', condition: 'contains', value: 'MAIZ' }] }))).toEqual(['Semilla de maíz colorado flint', 'Semilla de maíz híbrido']);
    expect(await names(q({ AND: [{ field: 'name', condition: 'contains', value: 'Fomesafén' }] }))).toEqual(['Fomesafén 25% SL']);
    expect(await names(q({ AND: [{ field: 'name', condition: 'is', value: 'Bentazon 60% SL' }] }))).toEqual(['Bentazón 60% SL']);
    expect(await names(q({ OR: [{ field: 'name', condition: 'similar_to', value: 'Metsulfur_n%' }, { field: 'name', condition: 'similar_to', value: 'Clorimur(o|ó)n%' }] }))).toEqual(['Clorimurón etil 25% WG', 'Metsulfurón metil 60% WG']);
  });

  it('name and generic-name searches can use the trigram indexes (the list expression matches the index)', async () => {
    for (const [field, index] of [['name', 'supplies_name_trgm_idx'], ['generic.name', 'supplies_generic_name_trgm_idx']] as const) {
      const column = supplyList.fields[field].column;
      const plan = await app.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain select ${supplies.supply_id} from ${supplies} where ${column} ilike ${'%glifosato%'}`);
      });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain(index);
    }
  });

  it('filters by company with stock and lists the workspace stocks of each supply', async () => {
    const companyA = await insertCompany(app, owner.user_id, 'Empresa A');
    const companyB = await insertCompany(app, owner.user_id, 'Empresa B');
    const [wh] = await app.db.insert(warehouses).values({ user_id: owner.user_id, name: 'Depósito' }).returning();
    const urea = await catalogueId('Urea granulada 46-0-0');
    const atrazina = await catalogueId('Atrazina 90% WG');
    const base = { workspace_id: owner.workspace_id, warehouse_id: wh.warehouse_id, unit_id: kg };
    const stockA = await insertStock(app, { ...base, company_id: companyA, supply_id: urea, quantity: '1500.5' });
    await insertStock(app, { ...base, company_id: companyB, supply_id: urea, quantity: '10' });
    await insertStock(app, { ...base, company_id: companyB, supply_id: atrazina, quantity: '0' }); // at zero: not "with stock"

    const ofA = await get(q({ AND: [{ field: 'company_id', condition: 'is', value: companyA }] }));
    expect(ofA.data.map((s) => s.name)).toEqual(['Urea granulada 46-0-0']);
    expect(ofA.data[0].stocks).toEqual([{ stock_id: stockA, company: { company_id: companyA }, unit: { unit_id: kg, name: 'kg' }, quantity: 1500.5 }]);
    expect(await names(q({ AND: [{ field: 'stock.company_id', condition: 'is', value: companyB }] }))).toEqual(['Urea granulada 46-0-0']);
    expect(await names(`company_id=${companyB}`)).toEqual(['Urea granulada 46-0-0']);
    const both = await get(q({ AND: [{ field: 'company_id', condition: 'in', value: [companyA, companyB] }, { field: 'name', condition: 'contains', value: 'urea' }] }));
    expect(both.data.map((s) => s.stocks.length)).toEqual([2]);
    // without the company filter every stock with quantity shows
    expect((await get(`supply_id=${urea}`)).data[0].stocks.map((s) => s.quantity)).toEqual([1500.5, 10]);
    expect((await call(app, 'GET', `supplies?${q({ AND: [{ field: 'company_id', condition: 'is', value: 'x' }] })}`, { token: owner.token })).statusCode).toBe(400);
    // another workspace sees the catalogue supply but none of these stocks, and nothing "with stock" of those companies
    expect((await get(`supply_id=${urea}`, other.token)).data[0].stocks).toEqual([]);
    expect(await names(`company_id=${companyA}`, other.token)).toEqual([]);
  });
});

describe('own supplies', () => {
  let ownId: number;

  it('POST validates with the Spanish messages and creates an own supply (201 "Insumo creado correctamente")', async () => {
    const body = { ...ownBody, unit_id: lt };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...body, name: undefined }, MSG.nameRequired, 'name'],
      [{ ...body, name: ' ' }, MSG.nameRequired, 'name'],
      [{ ...body, supply_type_id: undefined }, MSG.supplyTypeRequired, 'supply_type_id'],
      [{ ...body, supply_type_id: 9 }, MSG.supplyTypeRequired, 'supply_type_id'],
      [{ ...body, unit_id: undefined }, MSG.unitRequired, 'unit_id'],
      [{ ...body, unit_id: 99999 }, MSG.unitNotFound, 'unit_id'],
      [{ ...body, brand_id: 99999 }, MSG.brandNotFound, 'brand_id'],
      [{ ...body, crop_id: 99999 }, MSG.cropNotFound, 'crop_id'],
      [{ ...body, toxicological_band: 'V' }, MSG.bandInvalid, 'toxicological_band'],
      [{ ...body, eiq_value: -1 }, MSG.eiqRange, 'eiq_value'],
      [{ ...body, name: 'x'.repeat(151) }, MSG.supplyNameMax, 'name'],
    ];
    for (const [payload, message, field] of cases) {
      const res = await call(app, 'POST', 'supplies', { token: owner.token, body: payload });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(json(res).message).toBe(message);
      expect(json(res).detail?.[0].loc).toEqual(['body', field]);
    }
    const res = await call(app, 'POST', 'supplies', { token: owner.token, body: { ...body, brand_id: 1, toxicological_band: '' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).message).toBe('Insumo creado correctamente');
    const made = json<Supply[]>(res).data[0];
    expect(made).toMatchObject({ name: body.name, own: true, brand: { brand_id: 1, name: 'Bayer' }, toxicological_band: null, eiq_value: 15.33, unit: { unit_id: lt, name: 'lt' }, type: { supply_type_id: 1, name: 'Herbicida' } });
    ownId = made.supply_id;
    const dup = await call(app, 'POST', 'supplies', { token: owner.token, body: { ...body, brand_id: 1, name: 'glifosato premium 62%' } });
    expect(dup.statusCode).toBe(422);
    expect(json(dup).message).toBe(MSG.supplyTaken);
    // the same name in another workspace is that workspace's own business
    expect((await call(app, 'POST', 'supplies', { token: other.token, body: { ...body, brand_id: 1 } })).statusCode).toBe(201);
  });

  it('is listed with the catalogue in its workspace only; own=true filter', async () => {
    expect(await names(q({ AND: [{ field: 'own', condition: 'is', value: true }] }))).toEqual(['Glifosato Premium 62%']);
    expect(await names(q({ AND: [{ field: 'name', condition: 'contains', value: 'glifosato' }] }))).toEqual(['Glifosato 48% SL', 'Glifosato 66,2% SL', 'Glifosato Premium 62%']);
    const stranger = await buildUser(app);
    expect(await names(q({ AND: [{ field: 'name', condition: 'contains', value: 'premium' }] }), stranger.token)).toEqual([]);
    expect(await names(`supply_id=${ownId}`, stranger.token)).toEqual([]);
    // the owner's second workspace is another workspace: own supplies are per workspace
    const [ws2] = await app.db.insert(workspaces).values({ name: 'Campo 2', user_id: owner.user_id }).returning();
    const token2 = (await app.tokens.sign(owner.user_id, ws2.workspace_id)).token;
    expect(await names(`supply_id=${ownId}`, token2)).toEqual([]);
  });

  it('PUT edits an own supply; the catalogue is read-only (403); another workspace\'s id is a 404', async () => {
    const res = await call(app, 'PUT', `supplies?supply_id=${ownId}`, { token: owner.token, body: { concentration: '62,0%', brand_id: null, subtype: 'Total' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Insumo editado correctamente');
    expect(json<Supply[]>(res).data[0]).toMatchObject({ concentration: '62,0%', brand: null, subtype: 'Total', name: 'Glifosato Premium 62%', eiq_value: 15.33 });
    const bad = await call(app, 'PUT', `supplies?supply_id=${ownId}`, { token: owner.token, body: { name: '' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).message).toBe(MSG.nameRequired);

    const catalogue = await call(app, 'PUT', `supplies?supply_id=${await catalogueId('Roundup Full II')}`, { token: owner.token, body: { name: 'Mío' } });
    expect(catalogue.statusCode).toBe(403);
    expect(json(catalogue).message).toBe('Los insumos del catálogo no se pueden editar.');
    expect((await names(q({ AND: [{ field: 'name', condition: 'is', value: 'Roundup Full II' }] })))).toEqual(['Roundup Full II']);

    const foreign = await call(app, 'PUT', `supplies?supply_id=${ownId}`, { token: other.token, body: { name: 'Robado' } });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).message).toBe(MSG.supplyNotFound);
    expect((await call(app, 'DELETE', `supplies?supply_id=${ownId}`, { token: other.token })).statusCode).toBe(404);
  });

  it('DELETE removes an own supply without stock; refuses the catalogue (403) and one in stock (409)', async () => {
    expect((await call(app, 'DELETE', `supplies?supply_id=${await catalogueId('Heat')}`, { token: owner.token })).statusCode).toBe(403);
    const made = json<Supply[]>(await call(app, 'POST', 'supplies', { token: owner.token, body: { name: 'Sulfato de zinc', supply_type_id: 4, unit_id: kg } })).data[0];
    const companyId = await insertCompany(app, owner.user_id, 'Empresa Z');
    const [wh] = await app.db.insert(warehouses).values({ user_id: owner.user_id, name: 'Depósito Z' }).returning();
    await insertStock(app, { workspace_id: owner.workspace_id, company_id: companyId, warehouse_id: wh.warehouse_id, supply_id: made.supply_id, unit_id: kg, quantity: '5' });
    const inStock = await call(app, 'DELETE', `supplies?supply_id=${made.supply_id}`, { token: owner.token });
    expect(inStock.statusCode).toBe(409);
    expect(json(inStock).message).toBe(MSG.supplyInStock);
    const res = await call(app, 'DELETE', `supplies?supply_id=${ownId}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(MSG.supplyDeleted);
    expect(await names(`supply_id=${ownId}`)).toEqual([]);
  });

  it('403 without the stock_supplies permission', async () => {
    // the work-order form picks supplies (alsoFor): the list is refused only without work orders too
    const ordersOnly = await memberWithout(app, owner.workspace_id, 'stock_supplies');
    expect((await call(app, 'GET', 'supplies', { token: ordersOnly })).statusCode).toBe(200);
    expect((await call(app, 'POST', 'supplies', { token: ordersOnly, body: { ...ownBody, unit_id: lt } })).statusCode).toBe(403);
    const token = await memberWithout(app, owner.workspace_id, ['stock_supplies', 'work_orders']);
    expect((await call(app, 'GET', 'supplies', { token })).statusCode).toBe(403);
    expect((await call(app, 'POST', 'supplies', { token, body: { ...ownBody, unit_id: lt } })).statusCode).toBe(403);
    expect((await call(app, 'PUT', `supplies?supply_id=1`, { token, body: { name: 'X' } })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `supplies?supply_id=1`, { token })).statusCode).toBe(403);
  });
});
