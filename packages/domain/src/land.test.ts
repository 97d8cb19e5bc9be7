import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGE } from './campaign';
import { geometryHectares, ringAreaM2 } from './geo-area';
import { CompanyBody, contributionTotal, FieldCropsBody, hectaresByCrop, isAgreement, LAND_MSG, SeasonName, seasonPlanLabel } from './land';
import { CUIT_MESSAGE } from './tax-id';

const square = (lat: number, lon: number, meters: number) => {
  const dLat = meters / 111_195;
  const dLon = meters / (111_195 * Math.cos((lat * Math.PI) / 180));
  return [[lon, lat], [lon + dLon, lat], [lon + dLon, lat + dLat], [lon, lat + dLat], [lon, lat]];
};

describe('geodesic area', () => {
  it('measures a 1 km square near Tandil as ~100 ha, whatever the winding', () => {
    const ring = square(-37.32, -59.13, 1000);
    expect(geometryHectares({ type: 'Polygon', coordinates: [ring] })).toBeCloseTo(100, 0);
    expect(Math.abs(ringAreaM2([...ring].reverse()))).toBeCloseTo(Math.abs(ringAreaM2(ring)), 3);
  });
  it('subtracts holes and adds the parts of a MultiPolygon', () => {
    const outer = square(-33.89, -60.57, 1000);
    const hole = square(-33.888, -60.568, 100);
    expect(geometryHectares({ type: 'Polygon', coordinates: [outer, hole] })).toBeCloseTo(99, 0);
    expect(geometryHectares({ type: 'MultiPolygon', coordinates: [[outer], [square(-33.8, -60.5, 500)]] })).toBeCloseTo(125, 0);
  });
});

describe('land rules', () => {
  it('sums contributions to cents and limits partners to 100 %', () => {
    expect(contributionTotal([{ contribution: 33.33 }, { contribution: 33.33 }, { contribution: 33.34 }])).toBe(100);
    const body = { name: 'Convenio', tax_identifier: '30-71234567-1', company_type_id: 2 };
    expect(CompanyBody.safeParse({ ...body, partners: [{ partner_id: 1, contribution: 60 }, { partner_id: 2, contribution: 40 }] }).success).toBe(true);
    const over = CompanyBody.safeParse({ ...body, partners: [{ partner_id: 1, contribution: 60 }, { partner_id: 2, contribution: 40.01 }] });
    expect(over.success ? '' : over.error.issues[0].message).toBe(LAND_MSG.contributionsOver100);
    const dup = CompanyBody.safeParse({ ...body, partners: [{ partner_id: 1, contribution: 10 }, { partner_id: 1, contribution: 10 }] });
    expect(dup.success ? '' : dup.error.issues[0].message).toBe(LAND_MSG.partnerDuplicated);
  });
  it('stores the CUIT as digits and refuses a wrong check digit', () => {
    const ok = CompanyBody.parse({ name: 'Agro', tax_identifier: '30-71234567-1' });
    expect(ok.tax_identifier).toBe('30712345671');
    expect(ok.company_type_id).toBe(1);
    const bad = CompanyBody.safeParse({ name: 'Agro', tax_identifier: '30-71234567-2' });
    expect(bad.success ? '' : bad.error.issues[0].message).toBe(CUIT_MESSAGE);
  });
  it('campaign names, labels, agreement type and totals per crop', () => {
    expect(SeasonName.safeParse('2025/26').success).toBe(true);
    const bad = SeasonName.safeParse('2025/27');
    expect(bad.success ? '' : bad.error.issues[0].message).toBe(CAMPAIGN_MESSAGE);
    expect(seasonPlanLabel('2025/26', 'Agro SA', 'La Esperanza')).toBe('2025/26 - Agro SA - La Esperanza');
    expect([1, 2, 3].map(isAgreement)).toEqual([false, true, false]);
    expect(hectaresByCrop([{ crop_name: 'Soja', hectares: 10.1 }, { crop_name: 'Maíz', hectares: 50 }, { crop_name: 'Soja', hectares: 20.2 }])).toEqual([
      { crop_name: 'Maíz', hectares: 50 },
      { crop_name: 'Soja', hectares: 30.3 },
    ]);
  });
  it('accepts one field crop or many, with sequences 0-6', () => {
    const row = { season_plan_id: 1, field_id: 2, crop_id: 1, hectares: 10 };
    expect(FieldCropsBody.safeParse(row).success).toBe(true);
    expect(FieldCropsBody.safeParse({ field_crops: [row, { ...row, crop_sequence_id: 6 }] }).success).toBe(true);
    expect(FieldCropsBody.safeParse({ field_crops: [] }).success).toBe(false);
    expect(FieldCropsBody.safeParse({ ...row, crop_sequence_id: 7 }).success).toBe(false);
    expect(FieldCropsBody.safeParse({ ...row, hectares: 0 }).success).toBe(false);
  });
});
