import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_MSG, type DocumentReading, type DocumentType } from '@fm/domain';
import type { Executor } from '../../db/client';
import { brands, providers, supplies } from '../../db/schema/index';
import { AppError } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import type { RawReading } from './document-reader';
import type { ReadItem } from './document-reader-text';

/** Folded for comparison: lower case, no accents, only letters, digits and single spaces. */
export const fold = (s: string) =>
  ` ${s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

const tokensOf = (s: string) => fold(s).trim().split(' ').filter((t) => t.length >= 3 && !/^\d+$/.test(t));

/** a × b with decimal strings, rounded half up to `scale` places: no float on the way (ARCHITECTURE §3). */
export function multiplyDecimals(a: string, b: string, scale = 4): string {
  const parse = (s: string) => {
    const [int, frac = ''] = s.split('.');
    return { n: BigInt(`${int}${frac}`), places: frac.length };
  };
  const x = parse(a);
  const y = parse(b);
  const places = x.places + y.places;
  let product = x.n * y.n;
  if (places > scale) {
    const div = 10n ** BigInt(places - scale);
    product = (product + div / 2n) / div;
  }
  const digits = product.toString().padStart(Math.min(places, scale) + 1, '0');
  const cut = digits.length - Math.min(places, scale);
  return Math.min(places, scale) ? `${digits.slice(0, cut)}.${digits.slice(cut)}` : digits;
}

/** A decimal string as the JSON number the API answers, or null past the column's range (numeric(16,5)). */
const asNumber = (s: string | null) => (s === null || Number(s) >= 1e11 ? null : Number(s));

/** The workspace's provider (shared into it, active) with this CUIT. */
async function providerByCuit(db: Executor, workspaceId: number, cuit: string) {
  const [row] = await db
    .select({ provider_id: providers.provider_id, name: providers.name, tax_identifier: providers.tax_identifier })
    .from(providers)
    .where(and(eq(providers.tax_identifier, cuit), eq(providers.active, true), sharedInto('providers', providers.provider_id, workspaceId)))
    .orderBy(providers.provider_id)
    .limit(1);
  return row ?? null;
}

type Candidate = { supply_id: number; name: string; unit_id: number; brand: string | null; own: boolean };

/** Catalogue supplies (shared catalogue and the workspace's own) whose name or brand shares a word with a read item. */
async function candidatesFor(db: Executor, workspaceId: number, items: ReadItem[]): Promise<Candidate[]> {
  const words = [...new Set(items.flatMap((i) => tokensOf(i.name)))].slice(0, 60);
  if (!words.length) return [];
  const folded = (col: SQL) => sql`translate(lower(${col}), 'áéíóúüñ', 'aeiouun')`;
  const like = (col: SQL) => or(...words.map((w) => sql`${folded(col)} like ${`%${w}%`}`));
  return db
    .select({ supply_id: supplies.supply_id, name: supplies.name, unit_id: supplies.unit_id, brand: brands.name, own: sql<boolean>`${supplies.workspace_id} is not null` })
    .from(supplies)
    .leftJoin(brands, eq(brands.brand_id, supplies.brand_id))
    .where(
      and(
        or(isNull(supplies.workspace_id), eq(supplies.workspace_id, workspaceId)),
        eq(supplies.active, true),
        or(like(sql`${supplies.name}`), like(sql`coalesce(${brands.name}, '')`)),
      ),
    )
    .limit(500);
}

/**
 * How well a catalogue supply names a read line: its whole name inside the line's text beats most of its words
 * there; the brand named too, and the workspace's own supply, break ties. Below 30 it is no match.
 */
export function matchScore(line: string, c: Pick<Candidate, 'name' | 'brand' | 'own'>): number {
  const text = fold(line);
  const name = fold(c.name);
  const words = tokensOf(c.name);
  let score = 0;
  if (name.trim() && text.includes(name)) score = 100 + name.length;
  else if (words.length) {
    const ratio = words.filter((w) => text.includes(` ${w} `)).length / words.length;
    if (ratio >= 0.6) score = 50 * ratio;
  }
  if (score && c.brand && text.includes(fold(c.brand))) score += 20;
  return score && c.own ? score + 1 : score;
}

function bestMatch(line: string, candidates: Candidate[]): Candidate | null {
  let best: Candidate | null = null;
  let bestScore = 29;
  for (const c of candidates) {
    const s = matchScore(line, c);
    if (s > bestScore) [best, bestScore] = [c, s];
  }
  return best;
}

const pad = (n: number, size: number) => String(n).padStart(size, '0');

/**
 * The stock-entry form's prefill from what the parse task read: the invoice from the fiscal QR (or the text),
 * the provider matched by CUIT among the workspace's providers (or a suggestion to create it), and each line
 * matched to the catalogue. Nothing is saved. A document with nothing usable answers 422 in Spanish.
 */
export async function shapeReading(db: Executor, workspaceId: number, type: DocumentType, raw: RawReading): Promise<DocumentReading> {
  const { qr } = raw;
  const cuit = qr?.cuit ?? raw.cuit;
  if (!qr && !raw.items.length && !cuit && !raw.invoice && !raw.delivery_note) {
    throw new AppError('VALIDATION', DOCUMENT_MSG.unreadable, [{ loc: ['body', 'file'], msg: DOCUMENT_MSG.unreadable }]);
  }
  const provider = cuit ? await providerByCuit(db, workspaceId, cuit) : null;
  const candidates = await candidatesFor(db, workspaceId, raw.items);
  const foreign = qr && qr.currency !== 'PES' && Number(qr.exchange_rate) > 0 ? qr.exchange_rate : null;
  return {
    invoice: qr ? `${pad(qr.point_of_sale, 5)}-${pad(qr.number, 8)}` : raw.invoice,
    delivery_note: raw.delivery_note ?? (type === 'delivery-note' && !qr ? raw.invoice : null),
    provider,
    provider_suggestion: cuit && !provider ? { ...(raw.issuer_name ? { name: raw.issuer_name } : {}), tax_identifier: cuit } : null,
    document: qr
      ? {
          cuit: qr.cuit,
          point_of_sale: qr.point_of_sale,
          invoice_type: qr.invoice_type,
          number: qr.number,
          date: qr.date,
          total: Number(qr.total),
          currency: qr.currency,
          exchange_rate: Number(qr.exchange_rate),
        }
      : null,
    supplies: raw.items.map((item) => {
      const match = bestMatch(item.name, candidates);
      const price = item.price !== null && foreign ? multiplyDecimals(item.price, foreign) : item.price;
      return {
        supply_id: match?.supply_id ?? null,
        name: item.name,
        unit_id: match?.unit_id ?? null,
        quantity: asNumber(item.quantity),
        price: asNumber(price),
        exchange_rate: foreign ? Number(foreign) : null,
      };
    }),
  };
}
