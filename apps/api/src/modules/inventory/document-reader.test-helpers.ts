import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

// Invoices, photos and hostile files built at test time (no binary fixtures in the repository).

export type AfipPayload = {
  ver: number;
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: string;
  ctz: number;
  tipoDocRec: number;
  nroDocRec: number;
  tipoCodAut: string;
  codAut: number;
};

/** A valid CUIT (check digit per DOMAIN.md) for the issuer of the test invoices. */
export const ISSUER_CUIT = '30712345671';

export const samplePayload = (over: Partial<AfipPayload> = {}): AfipPayload => ({
  ver: 1,
  fecha: '2026-11-20',
  cuit: Number(ISSUER_CUIT),
  ptoVta: 3,
  tipoCmp: 1,
  nroCmp: 1234,
  importe: 150000.5,
  moneda: 'PES',
  ctz: 1,
  tipoDocRec: 80,
  nroDocRec: 20123456786,
  tipoCodAut: 'E',
  codAut: 70417054367476,
  ...over,
});

/** The fiscal QR's URL (RG 4892/2020): base64 of the JSON after `?p=`. */
export const afipQrUrl = (payload: AfipPayload) => `https://www.afip.gob.ar/fe/qr/?p=${Buffer.from(JSON.stringify(payload)).toString('base64')}`;

export const qrPng = (text: string, scale = 4): Promise<Buffer> => QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale });

export type InvoiceRow = { code: string; name: string; quantity: string; unit: string; price: string; subtotal: string };

export const SAMPLE_ROWS: InvoiceRow[] = [
  { code: '001', name: 'Glifosato Roundup Full II', quantity: '20,00', unit: 'litros', price: '5.250,50', subtotal: '105.010,00' },
  { code: '002', name: 'Atrazina 90 WG', quantity: '10,00', unit: 'kilogramos', price: '4.499,05', subtotal: '44.990,50' },
];

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

/**
 * An invoice laid out like AFIP's "Comprobante en línea": issuer, CUIT, point of sale and number, the item table
 * (Código, Producto / Servicio, Cantidad, U. Medida, Precio Unit., Subtotal), totals and the fiscal QR as an image.
 */
/** The QR drawn as vector squares (no image): what a reader that only looks at embedded images misses. */
function drawVectorQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / n;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.modules.get(r, c)) doc.rect(x + c * cell, y + r * cell, cell, cell);
  doc.fill('black');
}

export async function invoicePdf(
  opts: { payload?: AfipPayload | null; rows?: InvoiceRow[]; title?: string; extraPages?: number; vectorQr?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const done = collect(doc);
  doc.fontSize(14).text(opts.title ?? 'FACTURA A', 40, 40);
  doc.fontSize(9).text('Razón Social: Agroinsumos del Sur S.A.', 40, 70);
  doc.text(`CUIT: ${ISSUER_CUIT.slice(0, 2)}-${ISSUER_CUIT.slice(2, 10)}-${ISSUER_CUIT.slice(10)}`, 40, 84);
  doc.text('Punto de Venta: 00003', 300, 70);
  doc.text('Comp. Nro: 00001234', 420, 70);
  doc.text('Fecha de Emisión: 20/11/2026', 300, 84);
  const cols = [40, 90, 300, 360, 420, 500];
  ['Código', 'Producto / Servicio', 'Cantidad', 'U. Medida', 'Precio Unit.', 'Subtotal'].forEach((h, i) => doc.text(h, cols[i], 140));
  (opts.rows ?? SAMPLE_ROWS).forEach((r, j) => [r.code, r.name, r.quantity, r.unit, r.price, r.subtotal].forEach((c, i) => doc.text(c, cols[i], 160 + j * 16)));
  doc.text('Subtotal: $ 150.000,50', 380, 500);
  doc.text('Importe Otros Tributos: $ 0,00', 380, 514);
  doc.text('Importe Total: $ 150.000,50', 380, 528);
  const url = opts.payload === null ? null : afipQrUrl(opts.payload ?? samplePayload());
  if (url && opts.vectorQr) drawVectorQr(doc, url, 40, 600, 130);
  else if (url) doc.image(await qrPng(url), 40, 600, { width: 120 });
  for (let i = 0; i < (opts.extraPages ?? 0); i++) doc.addPage().text(`Página ${i + 2}`, 40, 40);
  doc.end();
  return done;
}

/** A PDF with text only and no QR, no invoice data: what the reader cannot use. */
export async function letterPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const done = collect(doc);
  doc.text('Estimados, les enviamos saludos cordiales.', 40, 40);
  doc.end();
  return done;
}

/**
 * A phone-like photo of the QR: the code slightly smaller than the frame, on grey paper with noise, saved as a
 * JPEG at quality 80.
 */
export async function qrPhotoJpeg(text: string): Promise<Buffer> {
  const qr = PNG.sync.read(await qrPng(text, 6));
  const width = 1200;
  const height = 900;
  const data = Buffer.alloc(width * height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 30) - 15;
  for (let i = 0; i < width * height; i++) {
    const v = 200 + noise();
    data.set([v, v - 5, v - 12, 255], i * 4);
  }
  const ox = 380;
  const oy = 200;
  for (let y = 0; y < qr.height; y++) {
    for (let x = 0; x < qr.width; x++) {
      const s = (y * qr.width + x) * 4;
      const v = qr.data[s] < 128 ? 30 + noise() : 225 + noise();
      data.set([v, v, v, 255], ((oy + y) * width + ox + x) * 4);
    }
  }
  return jpeg.encode({ data, width, height }, 80).data;
}

/** A PNG photo: the QR image itself. */
export const qrPhotoPng = (text: string) => qrPng(text, 5);

/**
 * A PDF whose one content stream inflates to `inflatedMb` MB (about 1 KB per MB compressed): what a reader
 * inflating a stream whole turns into hundreds of MB of memory.
 */
const bombs = new Map<number, Buffer>();

export function flateBombPdf(inflatedMb: number): Buffer {
  const cached = bombs.get(inflatedMb);
  if (cached) return cached;
  const stream = deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 });
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let size = parts[0].length;
  const push = (b: Buffer) => {
    parts.push(b);
    size += b.length;
  };
  objects.forEach((o, i) => {
    offsets.push(size);
    push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`));
  });
  offsets.push(size);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n'));
  const xref = size;
  push(Buffer.from(`xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`));
  push(Buffer.from(`trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  const pdf = Buffer.concat(parts);
  bombs.set(inflatedMb, pdf);
  return pdf;
}

/** multipart/form-data with one file part (and optional text fields). */
export function multipart(file: { name?: string; filename: string; content: Uint8Array | string; contentType?: string }, fields: Record<string, string> = {}) {
  const boundary = '----fminvboundary5XgT2';
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([...parts, head, Buffer.from(file.content), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
