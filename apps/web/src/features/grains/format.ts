import { formatNumber } from '@fm/domain';
import type { GrainStock, Movement } from './types';

/** Tons as the tables show them: 3 decimals ("Commercial weights are rounded to 3 decimals"). */
export const tons = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : formatNumber(v, 3));
export const pct = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? '-' : `${formatNumber(v, 2)} %`);

export const seasonName = (r: Movement | GrainStock) => r.season_name || '-';
export const companyName = (r: Movement | GrainStock) => r.company_name || '-';
export const cropName = (r: Movement | GrainStock) => r.crop_name || '-';
export const destinationName = (r: Movement | GrainStock) => r.destination_name || '-';

/** Origen column: the origin stock's name, else "lote | establecimiento", as the API composes it (doc 3 "Grain movements list"). */
export const originLabel = (m: Movement): string => m.origin || '-';

/** Today as YYYY-MM-DD in the browser's zone (default load date, doc 3 §9). */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
