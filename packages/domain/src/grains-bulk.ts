import { isValidPlate, normalizePlate } from './plate';
import { isValidCtg, normalizeCtg } from './grains';

/**
 * Bulk load of grain movements (spec doc 3 "Bulk load screen", §5 "Bulk import, validated per row", §9): the
 * template's columns, and the per-row rules that turn a sheet into POST grains/movements rows or into the
 * spec's 'Hay errores en …' messages naming the rows and cells that failed.
 */

export const BULK_TEMPLATE_ROWS = 20;
export const BULK_TEMPLATE_BASENAME = 'carga-masiva-movimientos-granos';
export const BULK_MAX_ROWS = 100_000;
export const BULK_MAX_BYTES = 25 * 1024 * 1024;
/** One POST grains/movements carries at most this many rows (GrainMovementsBody). */
export const BULK_SAVE_CHUNK = 10_000;

export const BULK_COLUMNS = [
  { key: 'farm', header: 'Campaña - Empresa - Establecimiento', letter: 'A' },
  { key: 'plot', header: 'Lote', letter: 'B' },
  { key: 'destination', header: 'Destino (acopio)', letter: 'C' },
  { key: 'date', header: 'Fecha de carga (DD/MM/AAAA)', letter: 'D' },
  { key: 'partner', header: 'Socio', letter: 'E' },
  { key: 'transport', header: 'Transporte', letter: 'F' },
  { key: 'driver', header: 'Chofer', letter: 'G' },
  { key: 'chassis', header: 'Patente chasis', letter: 'H' },
  { key: 'trailer', header: 'Patente acoplado', letter: 'I' },
  { key: 'ctg', header: 'CTG', letter: 'J' },
  { key: 'waybill', header: 'Carta de porte', letter: 'K' },
  { key: 'tons', header: 'Toneladas', letter: 'L' },
  { key: 'humidity', header: 'Humedad (%)', letter: 'M' },
  { key: 'price_ars', header: 'Precio flete (ARS/tn)', letter: 'N' },
  { key: 'price_usd', header: 'Precio flete (US$/tn)', letter: 'O' },
] as const;
export type BulkColumnKey = (typeof BULK_COLUMNS)[number]['key'];

/** The spec's messages (§5, verbatim) and ours for the plates (wording not shown) and the file. */
export const BULK_MSG = {
  farm: 'Hay errores en los establecimientos',
  plot: 'Hay errores en los lotes',
  destination: 'Hay errores en los destinos',
  date: 'Hay errores en las fechas',
  partner: 'Hay errores en los socios',
  transport: 'Hay errores en los transportes',
  price_ars: 'Hay errores en los precios ARS',
  price_usd: 'Hay errores en los precios US$',
  humidity: 'Hay errores en las humedades',
  tons: 'Hay errores en las toneladas',
  driver: 'Hay errores en los choferes',
  chassis: 'Hay errores en las patentes de chasis (deben ser las del chofer)',
  trailer: 'Hay errores en las patentes de acoplado (deben ser las del chofer)',
  ctg: 'Hay errores en los CTG (11 dígitos)',
  waybill: 'Hay errores en las cartas de porte',
  file: 'Error al procesar el archivo. Por favor, verifique el formato.',
  empty: 'El archivo no tiene filas para cargar.',
  tooManyRows: `El archivo supera las ${BULK_MAX_ROWS.toLocaleString('es-AR')} filas.`,
  loaded: '¡Se cargaron correctamente!',
} as const;

/** What the workspace offers, keyed by normalised label (see `bulkKey`). */
export type BulkLookups = {
  plans: Map<string, { season_plan_id: number; agreement: boolean; partners: Map<string, number>; plots: Map<string, number> }>;
  destinations: Map<string, number>;
  transports: Map<string, { transport_id: number; drivers: Map<string, { carrier_id: number; chassis_patent: string | null; trailer_patent: string | null }> }>;
};

/** One row ready for POST grains/movements, with its sheet row number and the names it was typed with (preview). */
export type BulkMovement = {
  row: number;
  labels: { farm: string; plot: string; destination: string; transport: string; driver: string; partner: string };
  season_plan_id: number;
  field_crop_id: number;
  partner_id: number | null;
  destination_id: number;
  transport_id: number;
  carrier_id: number | null;
  load_date: string;
  waybill: string | null;
  grain_traceability_code: string | null;
  chassis_patent: string | null;
  trailer_patent: string | null;
  origin_tons: string;
  origin_humidity: string;
  freight_price: string;
  freight_exchange_rate: string | null;
};

export type BulkError = { column: BulkColumnKey; message: string; rows: number[]; cells: string[] };
export type BulkResult = { movements: BulkMovement[]; errors: BulkError[] };

/** Labels compare without case, accents or repeated spaces. */
export const bulkKey = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** Digits with an optional comma and up to 3 decimals (§5), rounded half-up to 2: '30,125' → '30.13'. */
export function bulkNumber(raw: string): string | null {
  const s = raw.trim();
  if (!/^\d{1,9}(,\d{1,3})?$/.test(s)) return null;
  const [int, dec = ''] = s.split(',');
  const thousandths = BigInt(int) * 1000n + BigInt(dec.padEnd(3, '0'));
  const hundredths = (thousandths + 5n) / 10n;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** DD/MM/YYYY of a real calendar day → YYYY-MM-DD; an Excel day serial (a date cell) is accepted too. */
export function bulkDate(raw: string): string | null {
  const s = raw.trim();
  if (/^\d{5}$/.test(s)) {
    const d = new Date(Date.UTC(1899, 11, 30) + Number(s) * 86_400_000);
    return d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100 ? d.toISOString().slice(0, 10) : null;
  }
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day || year < 2000 || year > 2100) return null;
  return d.toISOString().slice(0, 10);
}

/** The first row must be the template's header (its first columns at least): anything else is not our sheet. */
export function bulkHeaderOk(row: string[] | undefined): boolean {
  return !!row && BULK_COLUMNS.slice(0, 4).every((c, i) => bulkKey(row[i] ?? '') === bulkKey(c.header));
}

const blank = (row: string[]) => row.every((c) => !c || !c.trim());

/**
 * Validates every data row (the first row is the header; blank rows are skipped). A row passes only when every
 * cell does; each failing column gives one message naming its rows and cells (e.g. 'Hay errores en los lotes'
 * with B4, B9). `defaultRate` fills the exchange rate when only one freight price is given.
 */
export function validateBulkRows(sheet: string[][], lookups: BulkLookups, defaultRate: string | null): BulkResult {
  const failures = new Map<BulkColumnKey, { rows: number[]; cells: string[] }>();
  const fail = (column: BulkColumnKey, row: number) => {
    const f = failures.get(column) ?? { rows: [], cells: [] };
    f.rows.push(row);
    f.cells.push(`${BULK_COLUMNS.find((c) => c.key === column)?.letter}${row}`);
    failures.set(column, f);
  };
  const movements: BulkMovement[] = [];
  sheet.slice(1).forEach((cells, index) => {
    if (blank(cells)) return;
    const row = index + 2;
    const cell = (key: BulkColumnKey) => (cells[BULK_COLUMNS.findIndex((c) => c.key === key)] ?? '').trim();
    let ok = true;
    const check = <T>(column: BulkColumnKey, value: T | null | undefined): T | null => {
      if (value === null || value === undefined) {
        ok = false;
        fail(column, row);
        return null;
      }
      return value;
    };
    const plan = check('farm', lookups.plans.get(bulkKey(cell('farm'))));
    const plot = plan ? check('plot', plan.plots.get(bulkKey(cell('plot')))) : null;
    const destination = check('destination', lookups.destinations.get(bulkKey(cell('destination'))));
    const date = check('date', bulkDate(cell('date')));
    let partner: number | null = null;
    if (plan && (cell('partner') || plan.agreement)) partner = check('partner', plan.partners.get(bulkKey(cell('partner'))));
    const transport = check('transport', lookups.transports.get(bulkKey(cell('transport'))));
    const driver = transport && cell('driver') ? check('driver', transport.drivers.get(bulkKey(cell('driver')))) : null;
    const plate = (column: 'chassis' | 'trailer', own: string | null | undefined): string | null => {
      const raw = cell(column);
      if (!raw) return own ?? null;
      if (!isValidPlate(raw) || (driver && own && normalizePlate(raw) !== normalizePlate(own))) return check(column, null);
      return normalizePlate(raw);
    };
    const chassis = plate('chassis', driver?.chassis_patent);
    const trailer = plate('trailer', driver?.trailer_patent);
    const ctg = cell('ctg') ? check('ctg', isValidCtg(cell('ctg')) ? normalizeCtg(cell('ctg')) : null) : null;
    const waybill = cell('waybill').length > 40 ? check('waybill', null) : cell('waybill') || null;
    const tons = check('tons', positive(bulkNumber(cell('tons'))));
    const humidity = check('humidity', atMost100(bulkNumber(cell('humidity'))));
    const ars = cell('price_ars') ? check('price_ars', positive(bulkNumber(cell('price_ars')))) : null;
    const usd = cell('price_usd') ? check('price_usd', positive(bulkNumber(cell('price_usd')))) : null;
    if (!cell('price_ars') && !cell('price_usd')) check('price_usd', null);
    const rate = ars && usd ? (Number(ars) / Number(usd)).toFixed(2) : defaultRate;
    const price = usd ?? (ars && rate ? (Number(ars) / Number(rate)).toFixed(2) : null);
    if (ars && !usd && !price) check('price_ars', null);
    if (!ok || !plan || !plot || !destination || !date || !transport || !tons || !humidity || !price) return;
    movements.push({
      row,
      labels: { farm: cell('farm'), plot: cell('plot'), destination: cell('destination'), transport: cell('transport'), driver: cell('driver'), partner: cell('partner') },
      season_plan_id: plan.season_plan_id,
      field_crop_id: plot,
      partner_id: partner,
      destination_id: destination,
      transport_id: transport.transport_id,
      carrier_id: driver?.carrier_id ?? null,
      load_date: date,
      waybill,
      grain_traceability_code: ctg,
      chassis_patent: chassis,
      trailer_patent: trailer,
      origin_tons: tons,
      origin_humidity: humidity,
      freight_price: price,
      freight_exchange_rate: rate,
    });
  });
  const errors = BULK_COLUMNS.flatMap(({ key }) => {
    const f = failures.get(key);
    return f ? [{ column: key, message: BULK_MSG[key as keyof typeof BULK_MSG] as string, rows: f.rows, cells: f.cells }] : [];
  });
  return { movements, errors };
}

/** The body row of POST grains/movements (the preview's row number and names left out). */
export function bulkMovementBody({ row: _row, labels: _labels, ...body }: BulkMovement) {
  return body;
}

const positive = (v: string | null) => (v !== null && Number(v) > 0 ? v : null);
const atMost100 = (v: string | null) => (v !== null && Number(v) <= 100 ? v : null);
