import { formatNumber } from '@fm/domain';

/** Money with decimal comma and two decimals ('1.234,50'); '-' when missing. */
export function money(value: number | string | null | undefined, prefix = '$'): string {
  const text = formatNumber(value, 2);
  return text === '' ? '-' : `${prefix} ${text}`;
}

/** A quantity with up to 5 decimals and at least 2 ('1.234,50', '0,12345'). */
export function quantity(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = Number(value);
  if (!Number.isFinite(n)) return '-';
  return n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 5 });
}

/** A signed quantity, '+' on increases (adjustment differences). */
export function signedQuantity(value: number | string | null | undefined): string {
  const n = Number(value);
  if (value === null || value === undefined || !Number.isFinite(n)) return '-';
  return n > 0 ? `+${quantity(n)}` : quantity(n);
}

/** Room of a supply name in the lists: a single word wider than this shows cut with "…" (full name on hover). */
export const SUPPLY_NAME_WIDTH = 160;
