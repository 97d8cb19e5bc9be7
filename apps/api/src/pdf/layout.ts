import PDFDocument from 'pdfkit';

/**
 * A small printable-document kit over pdfkit, shared by the work-order PDF and the built-in recipe issuer:
 * A4, the standard Helvetica fonts (WinAnsi covers Spanish: á, ñ, °, ¿), a header band, titled sections,
 * label/value grids, tables that repeat their header on a new page, and signature lines.
 */
export type Pdf = PDFKit.PDFDocument;

export const MARGIN = 40;
const INK = '#1f1f1f';
const MUTED = '#595959';
const RULE = '#bfbfbf';
const BAND = '#f0f5eb';
const ACCENT = '#3f6212';

export function createPdf(title: string): Pdf {
  return new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: title, Producer: 'Gestión Agro' } });
}

/** Ends the document and resolves with its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

const contentWidth = (doc: Pdf) => doc.page.width - MARGIN * 2;
const bottom = (doc: Pdf) => doc.page.height - MARGIN - 20;

/** Starts a new page when fewer than `height` points are left. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** Title band: the document name on the left, its number/date lines on the right. */
export function header(doc: Pdf, title: string, subtitle: string, right: string[]): void {
  const top = MARGIN;
  doc.save().rect(MARGIN, top, contentWidth(doc), 56).fill(BAND).restore();
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(18).text(title, MARGIN + 12, top + 10, { width: 330 });
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(subtitle, MARGIN + 12, top + 34, { width: 330 });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10);
  right.forEach((line, i) => doc.text(line, MARGIN + 340, top + 10 + i * 14, { width: contentWidth(doc) - 352, align: 'right' }));
  doc.x = MARGIN;
  doc.y = top + 68;
}

export function section(doc: Pdf, title: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.4);
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(11).text(title.toUpperCase(), MARGIN, doc.y, { characterSpacing: 0.5 });
  const y = doc.y + 2;
  doc.save().moveTo(MARGIN, y).lineTo(MARGIN + contentWidth(doc), y).lineWidth(0.8).strokeColor(ACCENT).stroke().restore();
  doc.y = y + 6;
  doc.fillColor(INK);
}

/** Label/value pairs in `columns` columns; empty values print as '-'. */
export function fields(doc: Pdf, pairs: [string, string | null | undefined][], columns = 2): void {
  const colWidth = contentWidth(doc) / columns;
  for (let i = 0; i < pairs.length; i += columns) {
    const row = pairs.slice(i, i + columns);
    const heights = row.map(([, value]) => doc.font('Helvetica').fontSize(10).heightOfString(value || '-', { width: colWidth - 8 }));
    const height = 12 + Math.max(...heights);
    ensureSpace(doc, height + 4);
    const y = doc.y;
    row.forEach(([label, value], c) => {
      const x = MARGIN + c * colWidth;
      doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(label, x, y, { width: colWidth - 8 });
      doc.fillColor(INK).font('Helvetica').fontSize(10).text(value || '-', x, y + 10, { width: colWidth - 8 });
    });
    doc.x = MARGIN;
    doc.y = y + height + 4;
  }
}

export type Column = { title: string; width: number; align?: 'left' | 'right' | 'center' };

/** A table: `width`s are fractions of the content width; the header repeats on every page it spans. */
export function table(doc: Pdf, columns: Column[], rows: string[][], emptyText = 'Sin datos'): void {
  const total = contentWidth(doc);
  const widths = columns.map((c) => c.width * total);
  const drawHeader = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5);
    const height = 8 + Math.max(...columns.map((c, i) => doc.heightOfString(c.title, { width: widths[i] - 8 })));
    doc.save().rect(MARGIN, y, total, height).fill('#e6e6e6').restore();
    let x = MARGIN;
    columns.forEach((c, i) => {
      doc.fillColor(INK).font('Helvetica-Bold').fontSize(8.5).text(c.title, x + 4, y + 4, { width: widths[i] - 8, align: c.align ?? 'left' });
      x += widths[i];
    });
    doc.y = y + height;
  };
  ensureSpace(doc, 34);
  drawHeader();
  if (rows.length === 0) {
    doc.fillColor(MUTED).font('Helvetica-Oblique').fontSize(9).text(emptyText, MARGIN + 4, doc.y + 4);
    doc.y += 4;
    doc.x = MARGIN;
    return;
  }
  for (const row of rows) {
    doc.font('Helvetica').fontSize(9);
    const height = 8 + Math.max(...row.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i] - 8 })));
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = MARGIN;
    row.forEach((cell, i) => {
      doc.fillColor(INK).font('Helvetica').fontSize(9).text(cell, x + 4, y + 4, { width: widths[i] - 8, align: columns[i].align ?? 'left' });
      x += widths[i];
    });
    doc.save().moveTo(MARGIN, y + height).lineTo(MARGIN + total, y + height).lineWidth(0.4).strokeColor(RULE).stroke().restore();
    doc.y = y + height;
  }
  doc.x = MARGIN;
  doc.y += 4;
}

/** A paragraph of plain text (notes, recommendations). */
export function paragraph(doc: Pdf, text: string, options: { muted?: boolean } = {}): void {
  doc.font('Helvetica').fontSize(9.5);
  ensureSpace(doc, Math.min(doc.heightOfString(text, { width: contentWidth(doc) }) + 6, 120));
  doc.fillColor(options.muted ? MUTED : INK).text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}

/** Lines to sign over, side by side, with the caption under each. */
export function signatures(doc: Pdf, captions: string[]): void {
  ensureSpace(doc, 80);
  const gap = 30;
  const width = (contentWidth(doc) - gap * (captions.length - 1)) / captions.length;
  const y = Math.max(doc.y + 50, bottom(doc) - 40);
  captions.forEach((caption, i) => {
    const x = MARGIN + i * (width + gap);
    doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(0.8).strokeColor(INK).stroke().restore();
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(caption, x, y + 4, { width, align: 'center' });
  });
  doc.x = MARGIN;
  doc.y = y + 20;
}

/** Page numbers and a generation line at the foot of every page (needs bufferPages). */
export function footers(doc: Pdf, left: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN;
    // writing below the bottom margin must not start a new page
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.fillColor(MUTED).font('Helvetica').fontSize(7.5);
    doc.text(left, MARGIN, y, { width: 360, lineBreak: false });
    doc.text(`Página ${i - range.start + 1} de ${range.count}`, MARGIN, y, { width: contentWidth(doc), align: 'right', lineBreak: false });
    doc.page.margins = margins;
  }
}
