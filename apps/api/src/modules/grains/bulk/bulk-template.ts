import { strToU8, zipSync } from 'fflate';
import { BULK_COLUMNS, BULK_TEMPLATE_ROWS } from '@fm/domain';

/** The workspace's choices offered as dropdowns by the Excel template. */
export type TemplateLists = { farms: string[]; plots: string[]; destinations: string[]; transports: string[]; drivers: string[]; partners: string[] };

const LIST_COLUMNS: { key: keyof TemplateLists; header: string; letter: string; for: string }[] = [
  { key: 'farms', header: 'Campaña - Empresa - Establecimiento', letter: 'A', for: 'A' },
  { key: 'plots', header: 'Lotes', letter: 'B', for: 'B' },
  { key: 'destinations', header: 'Destinos (acopios)', letter: 'C', for: 'C' },
  { key: 'partners', header: 'Socios', letter: 'D', for: 'E' },
  { key: 'transports', header: 'Transportes', letter: 'E', for: 'F' },
  { key: 'drivers', header: 'Choferes', letter: 'F', for: 'G' },
];

const escapeXml = (s: string) =>
  s
    // XML 1.0 has no place for control characters other than tab and line breaks
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Inline strings: a text that starts with '=' stays a text in every reader (never a formula). */
const cell = (ref: string, text: string, style = 0) => `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function sheet(rows: string[], widths: number[], extra = ''): string {
  const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  return `${HEAD}<worksheet ${NS}><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${rows.join('')}</sheetData>${extra}</worksheet>`;
}

/**
 * The Excel template (.xlsx): sheet 'Movimientos' with the header and 20 blank rows whose farm, plot, destination,
 * partner, transport and driver cells drop down the workspace's choices, kept on sheet 'Listas'.
 */
export function templateXlsx(lists: TemplateLists, data: string[][] = []): Uint8Array {
  const header = `<row r="1">${BULK_COLUMNS.map((c) => cell(`${c.letter}1`, c.header, 1)).join('')}</row>`;
  // filled rows serve tests and the bench (a template a user completed); the template itself has 20 blank ones
  const filled = data.map((row, i) => `<row r="${i + 2}">${BULK_COLUMNS.map((c, j) => (row[j] ? cell(`${c.letter}${i + 2}`, row[j]) : '')).join('')}</row>`);
  const blank = Array.from({ length: BULK_TEMPLATE_ROWS }, (_, i) => `<row r="${data.length + i + 2}"/>`);
  const last = data.length + BULK_TEMPLATE_ROWS + 1;
  const validations = LIST_COLUMNS.filter((l) => lists[l.key].length).map(
    (l) => `<dataValidation type="list" allowBlank="1" showErrorMessage="1" sqref="${l.for}2:${l.for}${last}"><formula1>Listas!$${l.letter}$2:$${l.letter}$${lists[l.key].length + 1}</formula1></dataValidation>`,
  );
  const dv = validations.length ? `<dataValidations count="${validations.length}">${validations.join('')}</dataValidations>` : '';
  const movements = sheet([header, ...filled, ...blank], BULK_COLUMNS.map((c) => (c.key === 'farm' ? 42 : Math.max(14, c.header.length + 2))), dv);

  const depth = Math.max(0, ...LIST_COLUMNS.map((l) => lists[l.key].length));
  const listRows = [`<row r="1">${LIST_COLUMNS.map((l) => cell(`${l.letter}1`, l.header, 1)).join('')}</row>`];
  for (let i = 0; i < depth; i += 1) {
    const cells = LIST_COLUMNS.flatMap((l) => (lists[l.key][i] !== undefined ? [cell(`${l.letter}${i + 2}`, lists[l.key][i])] : []));
    listRows.push(`<row r="${i + 2}">${cells.join('')}</row>`);
  }
  const listSheet = sheet(listRows, LIST_COLUMNS.map(() => 36));

  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(
      `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/worksheets/sheet2.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    ),
    '_rels/.rels': strToU8(
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(`${HEAD}<workbook ${NS}><sheets><sheet name="Movimientos" sheetId="1" r:id="rId1"/><sheet name="Listas" sheetId="2" r:id="rId2"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(
      `${HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(movements),
    'xl/worksheets/sheet2.xml': strToU8(listSheet),
  };
  return zipSync(files, { level: 6 });
}

/** The Google Sheets template (.csv, RFC 4180, CRLF): the header and 20 blank rows. */
export function templateCsv(): string {
  const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const blankRow = Array(BULK_COLUMNS.length).fill('').join(',');
  return `\uFEFF${[BULK_COLUMNS.map((c) => quote(c.header)).join(','), ...Array(BULK_TEMPLATE_ROWS).fill(blankRow)].join('\r\n')}\r\n`;
}
