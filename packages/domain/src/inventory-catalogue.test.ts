import { describe, expect, it } from 'vitest';
import { eiqBand, fieldEiq, foldAccents, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, SupplyBody, SupplyUpdateBody, supplyAlreadyUsed, supplyTypeName, WarehouseBody, INVENTORY_CATALOGUE_MSG as MSG } from './inventory-catalogue';

describe('inventory catalogue rules', () => {
  it('field EIQ = EIQ × %ai/100 × rate in US units (DOMAIN.md)', () => {
    // glifosato 66,2% at 2 L/ha: 15.33 × 0.662 × 2 × 0.855253
    expect(fieldEiq(15.33, 66.2, 2, 'lt/ha')).toBe(17.36);
    // atrazina 90% at 1.5 kg/ha: 22.85 × 0.9 × 1.5 × 0.892179
    expect(fieldEiq(22.85, 90, 1.5, 'kg/ha')).toBe(27.52);
  });

  it('EIQ bands: < 25 very low, 25–50 low, 50–100 moderate, 100–150 high, > 150 very high', () => {
    expect([0, 24.99, 25, 49.9, 50, 99.9, 100, 150, 150.01].map(eiqBand)).toEqual(['Muy bajo', 'Muy bajo', 'Bajo', 'Bajo', 'Moderado', 'Moderado', 'Alto', 'Alto', 'Muy alto']);
  });

  it('folds accented vowels for search, keeping ñ and everything else', () => {
    expect(foldAccents('Clorpirifós MAÍZ Bentazón pingüino Ñandú 2,4-D')).toBe('Clorpirifos MAIZ Bentazon pinguino Ñandu 2,4-D');
    expect(SEARCH_FOLD_FROM.length).toBe(SEARCH_FOLD_TO.length);
  });

  it('supply types by id; picker refuses a supply already chosen', () => {
    expect([1, 5, 7, 8].map(supplyTypeName)).toEqual(['Herbicida', 'Semilla', 'Otro', null]);
    expect(supplyAlreadyUsed([3, 4, null], 4)).toBe(true);
    expect(supplyAlreadyUsed([3, undefined], 4)).toBe(false);
  });

  it('bodies: required name, type and unit with their messages; empty optional texts clear', () => {
    const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);
    expect(msg(WarehouseBody.safeParse({ name: '  ' }))).toEqual([MSG.nameRequired]);
    expect(msg(WarehouseBody.safeParse({}))).toEqual([MSG.nameRequired]);
    expect(msg(SupplyBody.safeParse({ name: 'X', unit_id: 9 }))).toEqual([MSG.supplyTypeRequired]);
    expect(msg(SupplyBody.safeParse({ name: 'X', supply_type_id: 1 }))).toEqual([MSG.unitRequired]);
    expect(msg(SupplyBody.safeParse({ name: 'X', supply_type_id: 1, unit_id: 9, toxicological_band: 'V' }))).toEqual([MSG.bandInvalid]);
    const ok = SupplyBody.parse({ name: ' Urea ', supply_type_id: '4', unit_id: 10, generic_name: '', toxicological_band: '', eiq_value: '' });
    expect(ok).toMatchObject({ name: 'Urea', supply_type_id: 4, generic_name: null, toxicological_band: null, eiq_value: null });
    expect(SupplyUpdateBody.parse({ concentration: '46%' })).toEqual({ concentration: '46%' });
  });
});
