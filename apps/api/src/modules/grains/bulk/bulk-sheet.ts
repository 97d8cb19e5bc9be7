import { Unzip, UnzipInflate } from 'fflate';
import { BULK_MAX_ROWS, BULK_MSG } from '@fm/domain';
import { AppError } from '../../../http/errors';

/**
 * Reads the bulk-load file into rows of cell texts, off the request thread (a parse task). XLSX is inflated as a
 * stream under caps that count the bytes as they come (whatever the zip headers declare), and the sheet's XML is
 * scanned row by row, so a 100k-row sheet never sits in memory as one string. Formulas are never evaluated: a
 * formula cell gives its cached value as text. CSV is RFC 4180 with ',' or ';' (Excel in Spanish) as separator.
 */

const MAX_ENTRIES = 200;
const MAX_INFLATED = 200 * 1024 * 1024;
const MAX_COLUMNS = 40;
const CHUNK = 64 * 1024;

const fileError = () => new AppError('VALIDATION', BULK_MSG.file, [{ loc: ['body', 'file'], msg: BULK_MSG.file }]);
const tooMany = () => new AppError('VALIDATION', BULK_MSG.tooManyRows, [{ loc: ['body', 'file'], msg: BULK_MSG.tooManyRows }]);

export function readBulkSheet(input: Uint8Array): string[][] {
  const bytes = input instanceof Buffer ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) return readXlsx(bytes);
  return readCsv(bytes);
}

// ---------------------------------------------------------------------------------------------------------------
// XLSX

type Cell = string | { shared: number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? '';
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The text of every <t> in an element (rich text runs concatenated). */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => unescapeXml(m[1] ?? '')).join('');

function columnIndex(ref: string | undefined, fallback: number): number {
  const letters = ref ? /^([A-Z]{1,3})/.exec(ref)?.[1] : undefined;
  if (!letters) return fallback;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A number as the sheet's Spanish reader typed it: decimal comma, float noise cut at 6 decimals. */
function numberText(v: string): string {
  const n = Number(v);
  if (!Number.isFinite(n)) return v;
  return String(Number(n.toFixed(6))).replace('.', ',');
}

function parseRow(rowXml: string): Cell[] {
  const cells: Cell[] = [];
  let position = 0;
  for (const m of rowXml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attrs = m[1];
    const body = m[2] ?? '';
    const col = columnIndex(/\br="([A-Z]+\d+)"/.exec(attrs)?.[1], position);
    position = col + 1;
    if (col >= MAX_COLUMNS) continue;
    const type = /\bt="(\w+)"/.exec(attrs)?.[1];
    const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
    let value: Cell = '';
    if (type === 's') value = v !== undefined ? { shared: Number(v) } : '';
    else if (type === 'inlineStr') value = textOf(body);
    else if (type === 'str' || type === 'e') value = type === 'e' ? '' : unescapeXml(v ?? '');
    else if (type === 'b') value = v === '1' ? 'VERDADERO' : 'FALSO';
    else value = v !== undefined ? numberText(unescapeXml(v)) : '';
    cells[col] = value;
  }
  return cells;
}

function readXlsx(bytes: Buffer): string[][] {
  const rows: Cell[][] = [];
  const shared: string[] = [];
  let sheetName: string | undefined;
  let sheetDone = false;
  let entries = 0;
  let inflated = 0;
  let failure: Error | undefined;
  const decoder = () => new TextDecoder('utf-8', { fatal: false });

  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > MAX_ENTRIES) failure ??= fileError();
    const name = file.name;
    const isSheet = /^xl\/worksheets\/sheet\d+\.xml$/.test(name) && (sheetName === undefined || name === 'xl/worksheets/sheet1.xml') && !sheetDone;
    const isShared = name === 'xl/sharedStrings.xml';
    if (failure || (!isSheet && !isShared)) return;
    if (isSheet) {
      sheetName = name;
      rows.length = 0;
    }
    const text = decoder();
    let pending = '';
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return void (failure = fileError());
      inflated += data.length;
      if (inflated > MAX_INFLATED) return void (failure = fileError());
      pending += text.decode(data, { stream: !final });
      const tag = isSheet ? 'row' : 'si';
      const closing = `</${tag}>`;
      let end = pending.lastIndexOf(closing);
      if (end >= 0) {
        end += closing.length;
        const complete = pending.slice(0, end);
        pending = pending.slice(end);
        for (const m of complete.matchAll(isSheet ? /<row\b([^>]*)>([\s\S]*?)<\/row>|<row\b([^>]*)\/>/g : /<si>([\s\S]*?)<\/si>/g)) {
          if (isSheet) {
            const index = Number(/\br="(\d+)"/.exec(m[1] ?? m[3] ?? '')?.[1] ?? rows.length + 1) - 1;
            if (index > BULK_MAX_ROWS + 1) return void (failure = tooMany());
            rows[index] = m[2] ? parseRow(m[2]) : [];
          } else {
            shared.push(textOf(m[1]));
          }
        }
      }
      // a single element larger than the cap is not a sheet a person typed
      if (pending.length > 8 * 1024 * 1024) return void (failure = fileError());
      if (final && isSheet) sheetDone = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += CHUNK) unzip.push(bytes.subarray(at, at + CHUNK), at + CHUNK >= bytes.length);
  } catch {
    throw fileError();
  }
  if (failure) throw failure;
  if (!sheetDone) throw fileError();
  const out: string[][] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i] ?? [];
    out.push(Array.from({ length: row.length }, (_, c) => {
      const cell = row[c];
      return cell === undefined ? '' : typeof cell === 'string' ? cell : (shared[cell.shared] ?? '');
    }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// CSV

function readCsv(bytes: Buffer): string[][] {
  if (bytes.includes(0)) throw fileError(); // binary, not text
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('latin1').decode(bytes); // Excel's "CSV (delimitado por comas)" in Windows-1252
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === separator) {
      if (row.length < MAX_COLUMNS) row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      if (rows.length > BULK_MAX_ROWS + 1) throw tooMany();
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw fileError();
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  if (rows.length > BULK_MAX_ROWS + 1) throw tooMany();
  return rows;
}
