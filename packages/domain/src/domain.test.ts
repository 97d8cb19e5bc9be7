import { describe, expect, it } from 'vitest';
import { isValidCuit, formatCuit } from './tax-id';
import { localPhone, normalizePhone } from './phone';
import { campaignForDate, isValidCampaignName } from './campaign';
import { argentinaDay, daysLeft, formatDate, formatDayMonth, formatHectares, formatNumber, parseDecimal } from './format';
import { effectiveFlags, BUILT_FEATURES } from './flags';
import { can, defaultPermissions } from './modules';

describe('CUIT', () => {
  it('accepts valid check digits with or without dashes', () => {
    expect(isValidCuit('20-12345678-6')).toBe(true);
    expect(isValidCuit('30500010912')).toBe(true);
    expect(isValidCuit('27-00000000-6')).toBe(true);
  });
  it('rejects a wrong check digit, bad prefix or length', () => {
    expect(isValidCuit('20-12345678-9')).toBe(false);
    expect(isValidCuit('11-12345678-6')).toBe(false);
    expect(isValidCuit('2012345678')).toBe(false);
  });
  it('formats with dashes', () => expect(formatCuit('20123456786')).toBe('20-12345678-6'));
});

describe('phone', () => {
  it('normalises to +54 9 without 0 and 15', () => {
    expect(normalizePhone('011 15-1234-5678')).toBe('+5491112345678');
    expect(normalizePhone('0221 15 456 7890')).toBe('+5492214567890');
    expect(normalizePhone('+54 9 11 1234 5678')).toBe('+5491112345678');
    expect(normalizePhone('2494 123456')).toBe('+5492494123456');
  });
  it('shows the local part beside the +54 9 prefix, and round-trips', () => {
    expect(localPhone('+5492494123456')).toBe('2494123456');
    expect(localPhone(null)).toBe('');
    expect(normalizePhone(localPhone('+5491112345678'))).toBe('+5491112345678');
  });
});

describe('campaign', () => {
  it('validates 2025/26 names', () => {
    expect(isValidCampaignName('2025/26')).toBe(true);
    expect(isValidCampaignName('2025/27')).toBe(false);
    expect(isValidCampaignName('2099/00')).toBe(true);
  });
  it('derives the campaign of a date (July to June)', () => {
    expect(campaignForDate(new Date('2026-11-21'))).toBe('2026/27');
    expect(campaignForDate(new Date('2026-03-01'))).toBe('2025/26');
  });
});

describe('format', () => {
  it('shows dates dd/mm/yyyy in Argentina time', () => {
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDate('2026-01-05T02:00:00Z')).toBe('04/01/2026');
    expect(formatDayMonth('2026-11-21T15:00:00Z')).toBe('21 de noviembre');
  });
  it('shows hectares with a decimal comma and thousands grouped by dots', () => {
    expect(formatHectares(85.5)).toBe('85,50');
    expect(formatHectares('1234.5')).toBe('1.234,50');
  });
  it('formats numbers with the asked decimals, each count with its own formatter, and nothing for what is not a number', () => {
    expect(formatNumber(1234567.891, 3)).toBe('1.234.567,891');
    expect(formatNumber(-5.5, 0)).toBe('-6');
    expect(formatNumber('0.005')).toBe('0,01');
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(1234567.891, 3)).toBe('1.234.567,891');
    expect([formatNumber(null), formatNumber(undefined), formatNumber(''), formatNumber('abc'), formatNumber(Infinity)]).toEqual(['', '', '', '', '']);
  });
  it('reads numbers typed with a decimal comma or point, as the tables show them', () => {
    expect(parseDecimal('85,5')).toBe(85.5);
    expect(parseDecimal('85.5')).toBe(85.5);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal(' 12.500 ')).toBe(12500);
    expect(parseDecimal('1.234.567')).toBe(1234567);
    expect(parseDecimal('0.125')).toBe(0.125);
    expect(parseDecimal('1.2345')).toBe(1.2345);
    expect(parseDecimal(',5')).toBe(0.5);
    expect(parseDecimal('-3,2')).toBe(-3.2);
    for (const bad of ['', '-', 'abc', '1,2,3', '1..2', null, undefined]) expect(parseDecimal(bad)).toBeNull();
  });
  it('never counts days left below 0', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(daysLeft('2026-11-20T00:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-12-06T00:00:00Z', now)).toBe(15);
    expect(daysLeft(null, now)).toBe(0);
  });
  it("counts days on Argentina's calendar: from 21:00 there the UTC day is already the next one", () => {
    expect(argentinaDay(0, new Date('2026-11-28T02:59:00Z'))).toBe('2026-11-27');
    expect(argentinaDay(0, new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-28');
    expect(argentinaDay(-1, new Date('2026-11-28T01:00:00Z'))).toBe('2026-11-26');
    expect(argentinaDay(5, new Date('2026-12-30T12:00:00Z'))).toBe('2027-01-04');
  });
});

describe('flags and permissions', () => {
  it('restricts an expired trial to home, store and logout', () => {
    const on = Object.entries(effectiveFlags('development', true)).filter(([, v]) => v).map(([k]) => k);
    expect(on.sort()).toEqual(['home', 'logout', 'store']);
  });
  it('never turns on a feature that is not built', () => {
    const flags = effectiveFlags('development', false);
    for (const [f, on] of Object.entries(flags)) if (on) expect(BUILT_FEATURES).toContain(f);
  });
  it('production turns destinations off', () => expect(effectiveFlags('production', false).destinations).toBe(false));
  it('checks module permissions as the spec reads them', () => {
    const perms = defaultPermissions();
    expect(can(perms, 'seasons')).toBe(true);
    expect(can(perms, 'costs')).toBe(false);
    expect(can([], 'costs')).toBe(true);
    expect(can(undefined, 'seasons')).toBe(false);
  });
});
