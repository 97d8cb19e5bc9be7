/** Display helpers shared by web and server. Dates dd/mm/yyyy in Argentina time (UTC-3). */
const AR_OFFSET_MS = -3 * 60 * 60 * 1000;

export const MONTHS_ES = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
];

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** A plain `YYYY-MM-DD` is a calendar date (no zone); a timestamp is shown in Argentina time. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const ar = new Date(toDate(value).getTime() + AR_OFFSET_MS);
  const dd = String(ar.getUTCDate()).padStart(2, '0');
  const mm = String(ar.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${ar.getUTCFullYear()}`;
}

/** Notification date: day plus Spanish month name ("21 de noviembre"). */
export function formatDayMonth(value: string | Date): string {
  const ar = new Date(toDate(value).getTime() + AR_OFFSET_MS);
  return `${ar.getUTCDate()} de ${MONTHS_ES[ar.getUTCMonth()]}`;
}

/** One formatter per number of decimals: `toLocaleString` with options builds one on every call (~15 µs against ~0.4). */
const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let format = numberFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('es-AR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, format);
  }
  return format;
}

export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return numberFormat(decimals).format(n);
}

export function formatHectares(value: number | string | null | undefined): string {
  return formatNumber(value, 2);
}

/** Dots that group thousands ('1.234', '12.345.678'): a first group without a leading zero, then groups of three. */
const GROUPED_THOUSANDS = /^-?[1-9]\d{0,2}(\.\d{3})+$/;

/**
 * Reads a number written as the tables show it ('1.234,5', '85,5'). Without a comma, dots that group thousands
 * are dropped ('12.500' is 12500) and any other dot is the decimal point ('85.5' is 85.5). Null when it is not a number.
 */
export function parseDecimal(text: string | null | undefined): number | null {
  let s = (text ?? '').replace(/[\s\u00a0]/g, '');
  if (s.includes(',')) s = s.replace(/\./g, '').replace(',', '.');
  else if (GROUPED_THOUSANDS.test(s)) s = s.replace(/\./g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  return Number(s);
}

/**
 * The calendar day `offset` days from `now` in Argentina, as YYYY-MM-DD: the app's calendar ("today" of expiry, load
 * dates, forecasts). From 21:00 to 24:00 there the UTC day is already the next one.
 */
export function argentinaDay(offset = 0, now: Date = new Date()): string {
  return new Date(now.getTime() + AR_OFFSET_MS + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days until end (never below 0), spec doc 1 §4 "Subscription". */
export function daysLeft(endDate: string | Date | null | undefined, now: Date = new Date()): number {
  if (!endDate) return 0;
  const ms = toDate(endDate).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}
