import { and, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { brands, supplies, units } from '../schema/index';
import { SUPPLIES_CATALOGUE, type CatalogueSupply } from './data/supplies-catalogue';

/**
 * The starter supplies catalogue (workspace_id null), kept equal to the data file on every start: rows are upserted
 * by name (unique among catalogue rows, migration 0004), changed only when a value differs, and rows no longer in the
 * file are deactivated, never deleted (stocks and work orders may reference them). Runs after seedReference, which
 * provides the brands and units it names.
 */
export async function seedCatalogue(db: Db, catalogue: readonly CatalogueSupply[] = SUPPLIES_CATALOGUE): Promise<void> {
  await db.transaction(async (tx) => {
    const brandNames = [...new Set(catalogue.flatMap((s) => (s.brand ? [s.brand] : [])))];
    const unitNames = [...new Set(catalogue.map((s) => s.unit))];
    const brandIds = new Map((brandNames.length ? await tx.select().from(brands).where(inArray(brands.name, brandNames)) : []).map((b) => [b.name, b.brand_id]));
    const unitIds = new Map((await tx.select().from(units).where(inArray(units.name, unitNames))).map((u) => [u.name, u.unit_id]));
    const rows = catalogue.map((s) => {
      const unitId = unitIds.get(s.unit);
      const brandId = s.brand ? brandIds.get(s.brand) : null;
      if (unitId === undefined) throw new Error(`catálogo de insumos: la unidad ${s.unit} no está en la referencia (${s.name})`);
      if (brandId === undefined) throw new Error(`catálogo de insumos: la marca ${s.brand} no está en la referencia (${s.name})`);
      return {
        workspace_id: null,
        name: s.name,
        brand_id: brandId,
        generic_name: s.generic_name,
        concentration: s.concentration,
        formulation_denomination: s.formulation,
        supply_type_id: s.type,
        subtype: s.subtype,
        unit_id: unitId,
        senasa_registration: null,
        toxicological_band: s.band,
        eiq_value: s.eiq === null ? null : s.eiq.toFixed(2),
        crop_id: s.crop_id ?? null,
        active: true,
      };
    });
    const changed = sql`(${supplies.brand_id}, ${supplies.generic_name}, ${supplies.concentration}, ${supplies.formulation_denomination}, ${supplies.supply_type_id}, ${supplies.subtype}, ${supplies.unit_id}, ${supplies.toxicological_band}, ${supplies.eiq_value}, ${supplies.crop_id}, ${supplies.active})
      is distinct from (excluded.brand_id, excluded.generic_name, excluded.concentration, excluded.formulation_denomination, excluded.supply_type_id, excluded.subtype, excluded.unit_id, excluded.toxicological_band, excluded.eiq_value, excluded.crop_id, excluded.active)`;
    if (rows.length) {
      await tx
        .insert(supplies)
        .values(rows)
        .onConflictDoUpdate({
          target: supplies.name,
          targetWhere: sql`workspace_id is null`,
          set: {
            brand_id: sql`excluded.brand_id`,
            generic_name: sql`excluded.generic_name`,
            concentration: sql`excluded.concentration`,
            formulation_denomination: sql`excluded.formulation_denomination`,
            supply_type_id: sql`excluded.supply_type_id`,
            subtype: sql`excluded.subtype`,
            unit_id: sql`excluded.unit_id`,
            toxicological_band: sql`excluded.toxicological_band`,
            eiq_value: sql`excluded.eiq_value`,
            crop_id: sql`excluded.crop_id`,
            active: sql`excluded.active`,
            updated_at: sql`now()`,
          },
          setWhere: changed,
        });
    }
    const names = rows.map((r) => r.name);
    await tx
      .update(supplies)
      .set({ active: false, updated_at: new Date() })
      .where(and(isNull(supplies.workspace_id), sql`${supplies.active}`, names.length ? notInArray(supplies.name, names) : undefined));
  });
}
