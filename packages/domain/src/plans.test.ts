import { describe, expect, it } from 'vitest';
import {
  ADDON_ID,
  AnalyticsBody,
  REPORT_ADDONS,
  REPORT_SLUGS,
  SUBSCRIPTION_MSG,
  findAddon,
  includedCapacity,
  subscriptionRequestMessage,
} from './plans';
import { PLAN } from './account';
import { EXAMPLE_TAX_ID, OnboardingBody, exampleOnboarding } from './onboarding';
import { isValidCuit } from './tax-id';
import { hasAddon } from './session';

describe('plans and add-ons', () => {
  it('models one report add-on per report slug, all matched by the Reporte rule', () => {
    expect(REPORT_ADDONS.map((r) => r.slug)).toEqual([...REPORT_SLUGS]);
    expect(new Set(REPORT_ADDONS.map((r) => r.addon_id)).size).toBe(13);
    for (const r of REPORT_ADDONS) expect(hasAddon([{ ...r, quantity: 1, available: 1, used: 0 }], 'Reporte')).toBe(true);
  });

  it('finds add-ons by id or by name, ignoring case and accents', () => {
    expect(findAddon('2')?.name).toBe('Empresas');
    expect(findAddon('hectareas')?.addon_id).toBe(ADDON_ID.HECTARES);
    expect(findAddon('reporte ganaderia')?.name).toBe('Reporte ganadería');
    expect(findAddon('tractores')).toBeUndefined();
  });

  it('includes 3 users and 2 companies in PRO and trial, 1 and 1 when free or expired', () => {
    expect(includedCapacity(PLAN.PRO, ADDON_ID.USERS)).toBe(3);
    expect(includedCapacity(PLAN.TRIAL, ADDON_ID.COMPANIES)).toBe(2);
    expect(includedCapacity(PLAN.TRIAL, ADDON_ID.COMPANIES, true)).toBe(1);
    expect(includedCapacity(PLAN.FREE, ADDON_ID.USERS)).toBe(1);
    expect(includedCapacity(PLAN.PRO, ADDON_ID.RECIPES)).toBe(0);
  });

  it('answers each request type with the spec text', () => {
    expect(subscriptionRequestMessage('users')).toBe('Recibimos tu solicitud de adicionales. En breve nos contactaremos para avanzar');
    expect(subscriptionRequestMessage('reports')).toBe(SUBSCRIPTION_MSG.reports);
    expect(subscriptionRequestMessage('demo')).toBe('Recibimos tu solicitud. En breve nos contactaremos para avanzar');
  });

  it('accepts both analytics field namings', () => {
    expect(AnalyticsBody.parse({ event_name: 'x', event_origin: 'WEB', event_payload: { a: 1 } })).toEqual({ event: 'x', origin: 'WEB', category: null, payload: { a: 1 } });
    expect(AnalyticsBody.safeParse({ origin: 'WEB' }).success).toBe(false);
  });
});

describe('onboarding', () => {
  it('example data is valid: sample CUIT, 20 ha, crop 4, campaign of the date', () => {
    expect(isValidCuit(EXAMPLE_TAX_ID)).toBe(true);
    const body = exampleOnboarding(55, new Date('2026-03-10T12:00:00Z'));
    expect(body).toMatchObject({ season: '2025/26', hectares: 20, crop_id: 4, city_id: 55 });
    expect(OnboardingBody.safeParse(body).success).toBe(true);
  });

  it('refuses a CUIT with dashes or a wrong check digit', () => {
    const bad = OnboardingBody.safeParse({ ...exampleOnboarding(1), tax_identifier: '30-71234567-1' });
    expect(bad.success).toBe(false);
    expect(OnboardingBody.safeParse({ ...exampleOnboarding(1), tax_identifier: '30712345670' }).success).toBe(false);
  });
});
