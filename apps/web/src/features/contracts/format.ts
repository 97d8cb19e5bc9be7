import { formatNumber } from '@fm/domain';

/** Tons as the tables show them (3 decimals, commercial weights). */
export const tons = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : formatNumber(v, 3));
/** Prices with 2 decimals. */
export const price = (v: string | number | null | undefined, prefix = 'US$') => (v === null || v === undefined || v === '' ? '-' : `${prefix} ${formatNumber(v, 2)}`);

/** Tag colour of a contract status. */
export const STATUS_COLOR: Record<string, string> = { 'Sin entregar': 'default', 'Entrega parcial': 'gold', Cumplido: 'green' };
