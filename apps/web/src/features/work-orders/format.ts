import { formatDate } from '@fm/domain';

/** dd/mm/yyyy HH:mm in Argentina time (UTC−3, no daylight saving), as the history panel shows it (spec doc 2 §2.7). */
export function formatDateTimeAr(value: string | Date | null | undefined): string {
  if (!value) return '';
  const t = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(t)) return '';
  const ar = new Date(t - 3 * 3_600_000);
  const hh = String(ar.getUTCHours()).padStart(2, '0');
  const mi = String(ar.getUTCMinutes()).padStart(2, '0');
  return `${formatDate(value)} ${hh}:${mi}`;
}
