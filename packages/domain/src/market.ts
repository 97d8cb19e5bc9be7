import { z } from 'zod';

/**
 * Market data (spec doc 1 §3 "Exchange-rate entry", "Crop-price entry"; doc 3 §9; DOMAIN.md "Markets"): the
 * exchange rates the product shows and the Rosario crop prices, each with the date its source gives it.
 */

/** The houses shown, in this order: the first entry's venta is every form's default exchange rate. */
export const EXCHANGE_HOUSES = ['oficial', 'blue', 'mayorista'] as const;
export type ExchangeHouse = (typeof EXCHANGE_HOUSES)[number];
/** Display names (doc 3 §9: wholesale is labelled Exportación). */
export const EXCHANGE_LABELS: Record<ExchangeHouse, string> = { oficial: 'Oficial', blue: 'Blue', mayorista: 'Exportación' };

/** Crops of the price list (doc 3 §9), port RS (Rosario). */
export const CROP_PRICE_NAMES = ['Girasol', 'Maíz', 'Sorgo', 'Soja', 'Trigo'] as const;
export const CROP_PRICE_PORT = 'RS';
export const NO_QUOTE_TEXT = 'sin cotización';

/** Where a served value comes from: the example shipped with the product, or the configured live source. */
export type MarketOrigin = 'seed' | 'live';

export type ExchangeEntry = {
  nombre: string;
  casa: ExchangeHouse;
  compra: number | null;
  venta: number | null;
  /** ISO date-time the source gives for this quote. */
  fechaActualizacion: string;
  origen: MarketOrigin;
};

export type CropPriceEntry = {
  nombre: string;
  puerto: string;
  /** ARS per ton; null when the source has no quote that day (shown as 'sin cotización'). */
  importe: number | null;
  /** ISO date-time of the quote. */
  fecha: string;
  origen: MarketOrigin;
};

const money = z.union([z.number(), z.string().regex(/^\d+([.,]\d+)?$/)]).transform((v) => (typeof v === 'number' ? v : Number(v.replace(',', '.'))));

/** One DolarAPI entry (`[{moneda, casa, nombre, compra, venta, fechaActualizacion}]`; compra may be missing). */
export const DolarApiEntry = z.object({
  casa: z.string().max(40),
  nombre: z.string().max(80),
  compra: money.nullish(),
  venta: money.nullish(),
  fechaActualizacion: z.string().datetime({ offset: true }),
});

/** One crop-price entry of the configured source (`[{nombre, puerto, importe, fecha?}]`); "S/C" or null: no quote. */
export const CropPriceSourceEntry = z.object({
  nombre: z.string().max(80),
  puerto: z.string().max(10),
  importe: z.union([money, z.literal('S/C'), z.null()]).optional(),
  fecha: z.string().datetime({ offset: true }).optional(),
});

/** 'Maíz' and 'maiz' are the same crop: compare names without case or accents. */
export function sameCropName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
  return norm(a) === norm(b);
}
