import { z } from 'zod';

/**
 * The fiscal QR of an Argentine electronic voucher (AFIP/ARCA, RG 4892/2020; DOMAIN.md): the URL
 * `https://www.afip.gob.ar/fe/qr/?p=<base64 JSON>` whose JSON holds {ver, fecha, cuit, ptoVta, tipoCmp, nroCmp,
 * importe, moneda, ctz, tipoDocRec, nroDocRec, tipoCodAut, codAut}.
 */
export type AfipQr = {
  cuit: string;
  point_of_sale: number;
  invoice_type: number;
  number: number;
  /** yyyy-mm-dd */
  date: string;
  /** Total as printed, a decimal string */
  total: string;
  currency: string;
  /** ARS per unit of `currency` (1 for pesos), a decimal string */
  exchange_rate: string;
};

const num = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]);
const int = (max: number) => z.coerce.number().int().min(0).max(max);

const Payload = z.object({
  fecha: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  cuit: z.union([z.number(), z.string()]).transform((v) => String(v).replace(/\D/g, '')).pipe(z.string().regex(/^\d{11}$/)),
  ptoVta: int(99_999),
  tipoCmp: int(999),
  nroCmp: int(99_999_999),
  importe: num,
  moneda: z.string().min(1).max(3),
  ctz: num,
});

const HOSTS = /(^|\.)(afip|arca)\.gob\.ar$/i;

/** Decimal text of a JSON number without going through exponent notation for ordinary amounts. */
function decimalText(v: number | string): string {
  const s = typeof v === 'number' ? (Number.isInteger(v) ? v.toFixed(0) : String(v)) : v;
  return /e/i.test(s) ? Number(s).toFixed(4).replace(/\.?0+$/, '') : s;
}

/** The voucher's data from the QR's text, or null when it is not an AFIP/ARCA fiscal QR (any other QR). */
export function parseAfipQr(text: string): AfipQr | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (!HOSTS.test(url.hostname) || !/\/fe\/qr\/?$/i.test(url.pathname)) return null;
  // URLSearchParams would turn base64's '+' into a space: take the raw value
  const raw = /(?:^|&)p=([^&]*)/.exec(url.search.slice(1))?.[1];
  if (!raw) return null;
  let json: unknown;
  try {
    const b64 = decodeURIComponent(raw).replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
    json = JSON.parse(Buffer.from(b64, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const p = Payload.safeParse(json);
  if (!p.success) return null;
  const d = p.data;
  return {
    cuit: d.cuit,
    point_of_sale: d.ptoVta,
    invoice_type: d.tipoCmp,
    number: d.nroCmp,
    date: d.fecha.slice(0, 10),
    total: decimalText(d.importe),
    currency: d.moneda.toUpperCase(),
    exchange_rate: decimalText(d.ctz),
  };
}
