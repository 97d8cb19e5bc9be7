import { formatNumber } from '@fm/domain';
import type { GrainStock, Movement } from './types';

type Named = { name: string } | string | null | undefined;
const nameOf = (n: Named): string | undefined => (typeof n === 'string' ? n : (n?.name ?? undefined));

/** Tons as the tables show them: 3 decimals ("Commercial weights are rounded to 3 decimals"). */
export const tons = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : formatNumber(v, 3));
export const pct = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : `${formatNumber(v, 2)} %`);

export const seasonName = (r: Movement | GrainStock) => nameOf(r.season) ?? r.season_name ?? '-';
export const companyName = (r: Movement | GrainStock) => nameOf(r.company) ?? r.company_name ?? '-';
export const cropName = (r: Movement | GrainStock) => nameOf(r.crop) ?? r.crop_name ?? '-';
export const destinationName = (r: Movement | GrainStock) => nameOf(r.destination) ?? r.destination_name ?? '-';
export const destinationType = (r: Movement | GrainStock) => r.destination?.destination_type ?? r.destination_type;

/** Origen column: the origin's name (a stock), else "field | farm" (doc 3 "Grain movements list"). */
export function originLabel(m: Movement): string {
  const origin = nameOf(m.origin) ?? m.origin_name;
  if (origin) return origin;
  const field = nameOf(m.field) ?? m.field_name;
  const farm = nameOf(m.farm) ?? m.farm_name;
  return [field, farm].filter(Boolean).join(' | ') || '-';
}

/** Empresa column: the partner's name when the movement has one, else the company. */
export function movementCompany(m: Movement): string {
  return nameOf(m.partner) ?? m.partner_name ?? companyName(m);
}

/** Today as YYYY-MM-DD in the browser's zone (default load date, doc 3 §9). */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
