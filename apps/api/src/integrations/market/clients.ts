import { z } from 'zod';
import { CROP_PRICE_NAMES, CROP_PRICE_PORT, CropPriceSourceEntry, DolarApiEntry, EXCHANGE_HOUSES, sameCropName, type CropPriceEntry, type ExchangeEntry, type ExchangeHouse } from '@fm/domain';

const TIMEOUT_MS = 8_000;
/** A market answer is a short JSON list; anything larger is not one. */
const MAX_BYTES = 256 * 1024;

export type MarketReading<T> = { entries: T[]; updatedAt: Date };
export type MarketFetcher<T> = () => Promise<MarketReading<T>>;

export class MarketSourceError extends Error {}

async function getJson(url: string, fetchImpl: typeof fetch, timeoutMs: number): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
  } catch (err) {
    throw new MarketSourceError(`sin respuesta: ${(err as Error).message}`);
  }
  if (!response.ok) throw new MarketSourceError(`HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_BYTES) throw new MarketSourceError('respuesta demasiado grande');
  try {
    return JSON.parse(text);
  } catch {
    throw new MarketSourceError('la respuesta no es JSON');
  }
}

const latest = (dates: string[]) => new Date(Math.max(...dates.map((d) => Date.parse(d))));

/**
 * DolarAPI (`GET /v1/dolares` → `[{moneda, casa, nombre, compra, venta, fechaActualizacion}]`): keeps oficial, blue
 * and mayorista in that order. A house missing from the answer is an error (the first entry is every form's default).
 */
export function dolarApiClient(url: string, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): MarketFetcher<ExchangeEntry> {
  return async () => {
    const parsed = z.array(z.unknown()).max(50).safeParse(await getJson(url, fetchImpl, timeoutMs));
    if (!parsed.success) throw new MarketSourceError('no es una lista de cotizaciones');
    const rows = parsed.data.flatMap((raw) => {
      const row = DolarApiEntry.safeParse(raw);
      return row.success ? [row.data] : [];
    });
    const entries = EXCHANGE_HOUSES.map((casa: ExchangeHouse) => {
      const row = rows.find((r) => r.casa === casa);
      if (!row || row.venta == null) throw new MarketSourceError(`falta la cotización ${casa}`);
      return { nombre: row.nombre, casa, compra: row.compra ?? null, venta: row.venta, fechaActualizacion: new Date(row.fechaActualizacion).toISOString(), origen: 'live' as const };
    });
    return { entries, updatedAt: latest(entries.map((e) => e.fechaActualizacion)) };
  };
}

/**
 * Crop prices (`[{nombre, puerto, importe, fecha?}]`, ARS/tn): the five crops of the list at Rosario (RS), in the
 * list's order; a crop without a quote ("S/C", null or absent) is kept with importe null ('sin cotización').
 */
export function cropPriceClient(url: string, fetchImpl: typeof fetch = fetch, timeoutMs = TIMEOUT_MS): MarketFetcher<CropPriceEntry> {
  return async () => {
    const parsed = z.array(z.unknown()).max(200).safeParse(await getJson(url, fetchImpl, timeoutMs));
    if (!parsed.success) throw new MarketSourceError('no es una lista de precios');
    const rows = parsed.data.flatMap((raw) => {
      const row = CropPriceSourceEntry.safeParse(raw);
      return row.success && row.data.puerto.toUpperCase() === CROP_PRICE_PORT ? [row.data] : [];
    });
    if (!rows.length) throw new MarketSourceError('sin precios de Rosario');
    const now = new Date().toISOString();
    const entries = CROP_PRICE_NAMES.map((nombre) => {
      const row = rows.find((r) => sameCropName(r.nombre, nombre));
      const importe = typeof row?.importe === 'number' && row.importe > 0 ? row.importe : null;
      return { nombre, puerto: CROP_PRICE_PORT, importe, fecha: row?.fecha ? new Date(row.fecha).toISOString() : now, origen: 'live' as const };
    });
    return { entries, updatedAt: latest(entries.map((e) => e.fecha)) };
  };
}
