/** Home market tiles: ARS amounts (es-AR) and 'dd/mm/yyyy HH:mm' in Argentina time (UTC-3). */
const AR_OFFSET_MS = -3 * 60 * 60 * 1000;

export function formatArs(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `$ ${value.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const t = new Date(value).getTime();
  if (!Number.isFinite(t)) return '';
  const ar = new Date(t + AR_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(ar.getUTCDate())}/${p(ar.getUTCMonth() + 1)}/${ar.getUTCFullYear()} ${p(ar.getUTCHours())}:${p(ar.getUTCMinutes())}`;
}
