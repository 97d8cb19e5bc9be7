import type { CropPriceEntry, ExchangeEntry } from '@fm/domain';

/**
 * The example snapshot a fresh installation serves until a live source is configured (EXCHANGE_API_URL,
 * CROP_PRICE_API_URL). Its values are illustrative and carry their own date and origin 'seed', so a screen can
 * say how old they are instead of presenting them as today's quotes. Sorgo has no quote, as happens on the
 * Rosario pizarra ("S/C").
 */
export const SEED_DATE = '2026-11-20T18:00:00.000Z';

export const SEED_EXCHANGE: ExchangeEntry[] = [
  { nombre: 'Oficial', casa: 'oficial', compra: 1415, venta: 1465, fechaActualizacion: SEED_DATE, origen: 'seed' },
  { nombre: 'Blue', casa: 'blue', compra: 1430, venta: 1450, fechaActualizacion: SEED_DATE, origen: 'seed' },
  { nombre: 'Mayorista', casa: 'mayorista', compra: 1418.5, venta: 1427.5, fechaActualizacion: SEED_DATE, origen: 'seed' },
];

export const SEED_CROP_PRICES: CropPriceEntry[] = [
  { nombre: 'Girasol', puerto: 'RS', importe: 520000, fecha: SEED_DATE, origen: 'seed' },
  { nombre: 'Maíz', puerto: 'RS', importe: 258000, fecha: SEED_DATE, origen: 'seed' },
  { nombre: 'Sorgo', puerto: 'RS', importe: null, fecha: SEED_DATE, origen: 'seed' },
  { nombre: 'Soja', puerto: 'RS', importe: 445000, fecha: SEED_DATE, origen: 'seed' },
  { nombre: 'Trigo', puerto: 'RS', importe: 232000, fecha: SEED_DATE, origen: 'seed' },
];
