import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { SUPPLY_TYPE_ID, TOXICOLOGICAL_BANDS } from '@fm/domain';
import { brands, crops, supplies } from '../../db/schema/index';
import { seedCatalogue } from '../../db/seed/catalogue';
import { EIQ_BY_ACTIVE_INGREDIENT, eiqOfGenericName } from '../../db/seed/data/eiq-values';
import { SUPPLIES_CATALOGUE } from '../../db/seed/data/supplies-catalogue';
import { createTestApp, type TestApp } from '../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.cleanup());

const catalogueRows = () => app.db.select().from(supplies).where(isNull(supplies.workspace_id));

describe('starter catalogue data', () => {
  it('has 80–150 supplies with unique names, known brands and crops, and EIQ only for single pesticides', async () => {
    expect(SUPPLIES_CATALOGUE.length).toBeGreaterThanOrEqual(80);
    expect(SUPPLIES_CATALOGUE.length).toBeLessThanOrEqual(150);
    expect(new Set(SUPPLIES_CATALOGUE.map((s) => s.name)).size).toBe(SUPPLIES_CATALOGUE.length);
    const brandNames = new Set((await app.db.select().from(brands)).map((b) => b.name));
    expect(SUPPLIES_CATALOGUE.filter((s) => s.brand && !brandNames.has(s.brand)).map((s) => s.name)).toEqual([]);
    const cropIds = new Set((await app.db.select().from(crops)).map((c) => c.crop_id));
    const seeds = SUPPLIES_CATALOGUE.filter((s) => s.type === SUPPLY_TYPE_ID.SEED);
    expect(seeds.filter((s) => !s.crop_id || !cropIds.has(s.crop_id)).map((s) => s.name)).toEqual([]);
    for (const crop of [1, 2, 3, 4, 5, 6]) expect(seeds.some((s) => s.crop_id === crop), `semilla del cultivo ${crop}`).toBe(true);
    // EIQ rates pesticides' active ingredients: none for fertilisers, seeds, adjuvants, nor for a mixture's single value
    const pesticides: number[] = [SUPPLY_TYPE_ID.HERBICIDE, SUPPLY_TYPE_ID.INSECTICIDE, SUPPLY_TYPE_ID.FUNGICIDE];
    expect(SUPPLIES_CATALOGUE.filter((s) => s.eiq !== null && (!pesticides.includes(s.type) || s.generic_name?.includes('+'))).map((s) => s.name)).toEqual([]);
    expect(SUPPLIES_CATALOGUE.filter((s) => s.eiq !== eiqOfGenericName(pesticides.includes(s.type) ? s.generic_name : null)).map((s) => s.name)).toEqual([]);
    const bands = TOXICOLOGICAL_BANDS.map((b) => b.band as string);
    expect(SUPPLIES_CATALOGUE.filter((s) => s.band !== null && !bands.includes(s.band))).toEqual([]);
    for (const name of ['Glifosato 66,2% SL', 'Atrazina 90% WG', 'Urea granulada 46-0-0', 'Fosfato diamónico 18-46-0', 'Fosfato monoamónico 11-52-0', 'UAN 32', 'Amistar Xtra', 'Coragen']) {
      expect(SUPPLIES_CATALOGUE.map((s) => s.name)).toContain(name);
    }
  });

  it('takes every EIQ from eiq-values.ts, each with the stored source it was read from', () => {
    const pesticides: number[] = [SUPPLY_TYPE_ID.HERBICIDE, SUPPLY_TYPE_ID.INSECTICIDE, SUPPLY_TYPE_ID.FUNGICIDE];
    const single = SUPPLIES_CATALOGUE.filter((s) => pesticides.includes(s.type) && !s.generic_name?.includes('+'));
    // Single active ingredients with no sourced EIQ (null in the catalogue): none today; list one here, and in
    // docs/data-sources.md, if an ingredient is added without a value.
    expect(single.filter((s) => s.eiq === null).map((s) => s.generic_name)).toEqual([]);
    for (const [ingredient, { eiq, source }] of Object.entries(EIQ_BY_ACTIVE_INGREDIENT)) {
      expect(eiq, ingredient).toBeGreaterThan(0);
      expect(Math.round(eiq * 100) / 100, ingredient).toBe(eiq);
      expect(source, ingredient).toMatch(/^https:\/\/github\.com\/[^ ]+\/blob\/[0-9a-f]{40}\/[^ ]+ \(.+: [0-9.,]+\)/);
      expect(single.some((s) => s.generic_name === ingredient || s.generic_name?.replace(/\s*\(.*\)$/, '') === ingredient), `${ingredient} no está en el catálogo`).toBe(true);
    }
    // Salts and esters fall back to the ingredient; 2,4-D's forms are rated apart; the 2 values corrected in issue 9
    expect(SUPPLIES_CATALOGUE.find((s) => s.name === 'Glifosato 48% SL')?.eiq).toBe(15.33);
    expect(SUPPLIES_CATALOGUE.find((s) => s.name === '2,4-D éster etilhexílico 97% EC')?.eiq).toBe(15.33);
    expect(SUPPLIES_CATALOGUE.find((s) => s.name === '2,4-D sal amina 60% SL')?.eiq).toBe(20.67);
    expect(SUPPLIES_CATALOGUE.find((s) => s.name === 'Bifentrin 10% EC')?.eiq).toBe(44.35);
    expect(SUPPLIES_CATALOGUE.find((s) => s.name === 'Lambdacialotrina 5% EC')?.eiq).toBe(44.17);
    expect(SUPPLIES_CATALOGUE.find((s) => s.name === 'Amistar Xtra')?.eiq).toBeNull();
  });
});

describe('seedCatalogue', () => {
  it('ran on start: every row is in the database, read-only catalogue rows (workspace_id null)', async () => {
    const rows = await catalogueRows();
    expect(rows).toHaveLength(SUPPLIES_CATALOGUE.length);
    expect(rows.every((r) => r.active)).toBe(true);
    const glifo = rows.find((r) => r.name === 'Glifosato 66,2% SL');
    expect(glifo).toMatchObject({ generic_name: 'Glifosato (sal potásica)', eiq_value: '15.33', toxicological_band: 'IV', formulation_denomination: 'SL' });
  });

  it('is idempotent, restores changed rows from the data file and deactivates rows no longer in it', async () => {
    const before = await catalogueRows();
    await seedCatalogue(app.db);
    const again = await catalogueRows();
    expect(again.map((r) => [r.supply_id, r.updated_at.getTime()])).toEqual(before.map((r) => [r.supply_id, r.updated_at.getTime()]));

    await app.db.update(supplies).set({ eiq_value: '99.00', concentration: 'x' }).where(and(isNull(supplies.workspace_id), eq(supplies.name, 'Atrazina 90% WG')));
    await seedCatalogue(app.db);
    const [atrazina] = await app.db.select().from(supplies).where(and(isNull(supplies.workspace_id), eq(supplies.name, 'Atrazina 90% WG')));
    expect(atrazina).toMatchObject({ eiq_value: '22.85', concentration: '90%' });

    await seedCatalogue(app.db, SUPPLIES_CATALOGUE.filter((s) => s.name !== 'Heat'));
    const [heat] = await app.db.select().from(supplies).where(eq(supplies.name, 'Heat'));
    expect(heat.active).toBe(false);
    await seedCatalogue(app.db);
    const [back] = await app.db.select().from(supplies).where(eq(supplies.name, 'Heat'));
    expect([back.active, back.supply_id]).toEqual([true, heat.supply_id]);
    const [{ n }] = await app.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(supplies).where(isNull(supplies.workspace_id));
    expect(n).toBe(SUPPLIES_CATALOGUE.length);
  });
});
