import { isValidCuit } from '@fm/domain';

/**
 * Reading an invoice's or delivery note's text layer (issue 9 item 8): line items, the issuer's CUIT and name,
 * the invoice and delivery-note numbers. Pure functions over positioned text, so they run in the parse worker
 * and are tested without a PDF.
 */

/** One run of text at a position (PDF points, x to the right, y up), as pdfjs gives it. */
export type TextRun = { str: string; x: number; y: number; width: number; height: number };
/** Runs merged into the cells of one printed line, left to right. */
export type TextCell = { text: string; x: number; end: number };
export type TextLine = { y: number; cells: TextCell[] };

/** Decimals travel as strings until the answer (ARCHITECTURE §3: never a float in between). */
export type ReadItem = { name: string; quantity: string | null; price: string | null };

export type TextFindings = {
  items: ReadItem[];
  /** The first valid CUIT printed (the issuer's, on AFIP's layout) */
  cuit: string | null;
  issuer_name: string | null;
  /** `00003-00001234` */
  invoice: string | null;
  delivery_note: string | null;
};

export const MAX_ITEMS = 100;

/**
 * Groups runs into lines (same baseline within a third of the text height) and, within a line, runs closer than
 * about two spaces into one cell: table columns are further apart than the words of one column.
 */
export function linesOf(runs: TextRun[]): TextLine[] {
  const sorted = runs.filter((r) => r.str.trim()).sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; h: number; runs: TextRun[] }[] = [];
  for (const run of sorted) {
    const line = lines.find((l) => Math.abs(l.y - run.y) <= Math.max(1.5, Math.min(l.h, run.height || l.h) / 3));
    if (line) line.runs.push(run);
    else lines.push({ y: run.y, h: run.height || 10, runs: [run] });
  }
  return lines.map((l) => {
    const cells: TextCell[] = [];
    for (const run of l.runs.sort((a, b) => a.x - b.x)) {
      const last = cells.at(-1);
      const gap = last ? run.x - last.end : Infinity;
      if (last && gap < Math.max(2, 0.6 * (run.height || l.h))) {
        last.text = `${last.text}${gap > 0.15 * (run.height || l.h) ? ' ' : ''}${run.str.trim()}`;
        last.end = Math.max(last.end, run.x + run.width);
      } else cells.push({ text: run.str.trim(), x: run.x, end: run.x + run.width });
    }
    return { y: l.y, cells };
  });
}

/**
 * A printed number as a plain decimal string: Argentine `1.234,56` and `20,00`, or `1234.56`. A single dot
 * followed by exactly three digits (`1.500`) is a thousands separator, as Argentine invoices print it.
 */
export function parseDecimal(raw: string): string | null {
  const s = raw.replace(/\$|US\$|U\$S|ARS|\s/gi, '');
  let n: string;
  if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(s) || /^\d+,\d+$/.test(s)) n = s.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) n = s.replace(/,/g, '');
  else if (/^\d+(\.\d+)?$/.test(s)) n = s;
  else return null;
  const [int, frac = ''] = n.split('.');
  const trimmed = frac.replace(/0+$/, '');
  const whole = int.replace(/^0+(?=\d)/, '');
  return trimmed ? `${whole}.${trimmed}` : whole;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

const HEADER = {
  name: /^(producto|descripci|detalle|articulo|concepto|producto\s*\/\s*servicio|insumo)/,
  quantity: /^cant/,
  price: /^(precio|p\.\s*unit|importe\s+unit|valor\s+unit|precio\s+unit)/,
};
const END_OF_TABLE = /^(subtotal|importe\s+neto|importe\s+total|total|otros\s+tributos|iva\s|son\s+pesos|cae\b|observaciones)/;

type Columns = { name: number; quantity: number; price: number | null; centers: number[] };

function headerOf(line: TextLine): Columns | null {
  const find = (re: RegExp) => line.cells.findIndex((c) => re.test(fold(c.text)));
  const name = find(HEADER.name);
  const quantity = find(HEADER.quantity);
  if (name < 0 || quantity < 0) return null;
  const price = find(HEADER.price);
  return { name, quantity, price: price < 0 ? null : price, centers: line.cells.map((c) => (c.x + c.end) / 2) };
}

/** The header column whose center is nearest the cell's center (left- and right-aligned columns alike). */
function columnOf(cell: TextCell, centers: number[]): number {
  const mid = (cell.x + cell.end) / 2;
  let best = 0;
  for (let i = 1; i < centers.length; i++) if (Math.abs(centers[i] - mid) < Math.abs(centers[best] - mid)) best = i;
  return best;
}

function itemsUnder(lines: TextLine[], start: number, cols: Columns): ReadItem[] {
  const items: ReadItem[] = [];
  for (const line of lines.slice(start + 1)) {
    if (items.length >= MAX_ITEMS) break;
    const first = fold(line.cells[0]?.text ?? '');
    if (END_OF_TABLE.test(first)) break;
    const byCol = new Map<number, string>();
    for (const cell of line.cells) {
      const col = columnOf(cell, cols.centers);
      byCol.set(col, byCol.has(col) ? `${byCol.get(col)} ${cell.text}` : cell.text);
    }
    const name = byCol.get(cols.name)?.trim() ?? '';
    const quantity = parseDecimal(byCol.get(cols.quantity) ?? '');
    const price = cols.price === null ? null : parseDecimal(byCol.get(cols.price) ?? '');
    if (name.includes(':')) continue; // a label of the totals below the table ("Importe Otros Tributos: $ 0,00")
    if (name && quantity !== null) items.push({ name: name.slice(0, 150), quantity, price });
    else if (name && quantity === null && items.length && !/\d{3,}/.test(name)) {
      // a description that wraps onto a second line
      const last = items[items.length - 1];
      last.name = `${last.name} ${name}`.slice(0, 150);
    }
  }
  return items;
}

/** Without a recognisable header: lines of a text, then at least two numbers (quantity, then unit price). */
function looseItems(lines: TextLine[]): ReadItem[] {
  const items: ReadItem[] = [];
  for (const line of lines) {
    if (items.length >= MAX_ITEMS) break;
    const nameIdx = line.cells.findIndex((c) => /[a-zA-ZÀ-ÿ]{3,}/.test(c.text) && parseDecimal(c.text) === null);
    if (nameIdx < 0 || /:/.test(line.cells[nameIdx].text)) continue;
    const numbers = line.cells.slice(nameIdx + 1).map((c) => parseDecimal(c.text)).filter((n): n is string => n !== null);
    if (numbers.length < 2 || END_OF_TABLE.test(fold(line.cells[nameIdx].text))) continue;
    items.push({ name: line.cells[nameIdx].text.slice(0, 150), quantity: numbers[0], price: numbers[1] });
  }
  return items;
}

/** Line items: under the table header when there is one (AFIP's layout: Producto / Servicio, Cantidad, Precio Unit.). */
export function itemsOf(lines: TextLine[]): ReadItem[] {
  const start = lines.findIndex((l) => headerOf(l));
  if (start >= 0) {
    const cols = headerOf(lines[start]);
    if (cols) return itemsUnder(lines, start, cols);
  }
  return looseItems(lines);
}

const pad = (s: string, n: number) => s.padStart(n, '0');

/** Invoice number `PPPPP-NNNNNNNN` from AFIP's "Punto de Venta: 00003 Comp. Nro: 00001234" or a printed `0003-00001234`. */
function invoiceOf(text: string): string | null {
  const pv = /punto\s+de\s+venta\s*:?\s*(\d{1,5})\b/i.exec(text);
  const nro = /comp(?:robante)?\.?\s*n(?:ro|[°º])\.?\s*:?\s*(\d{1,8})\b/i.exec(text);
  if (pv && nro) return `${pad(pv[1], 5)}-${pad(nro[1], 8)}`;
  const joined = /(?:factura|comprobante|fact\.?)[^\n\d]{0,20}(\d{4,5})\s*-\s*(\d{8})\b/i.exec(text);
  return joined ? `${pad(joined[1], 5)}-${joined[2]}` : null;
}

function deliveryNoteOf(text: string): string | null {
  const m = /remito[^\n\d]{0,20}(\d{1,5})\s*-\s*(\d{1,8})\b/i.exec(text);
  return m ? `${pad(m[1], 5)}-${pad(m[2], 8)}` : null;
}

function cuitOf(text: string): string | null {
  for (const m of text.matchAll(/\b(\d{2})-?(\d{8})-?(\d)\b/g)) {
    const digits = `${m[1]}${m[2]}${m[3]}`;
    if (isValidCuit(digits)) return digits;
  }
  return null;
}

function issuerNameOf(text: string): string | null {
  const m = /raz[oó]n\s+social\s*:?\s*([^\n]+)/i.exec(text);
  const name = m?.[1].split(/\s{3,}|\s+(?:cuit|domicilio|fecha)\b/i)[0].trim();
  return name ? name.slice(0, 120) : null;
}

/** Everything the reader takes from the text layer. */
export function findingsOf(lines: TextLine[]): TextFindings {
  const text = lines.map((l) => l.cells.map((c) => c.text).join('   ')).join('\n');
  return { items: itemsOf(lines), cuit: cuitOf(text), issuer_name: issuerNameOf(text), invoice: invoiceOf(text), delivery_note: deliveryNoteOf(text) };
}
