import { DOCUMENT_MSG, FILE_MSG } from '@fm/domain';
import { AppError } from '../../http/errors';
import { sniffFileKind } from '../../files/index';
import { decodeJpeg, decodePng, qrTexts, TooLargeImage, type Rgba } from './document-reader-image';
import { PdfBomb, readPdf, TooManyPages } from './document-reader-pdf';
import { parseAfipQr, type AfipQr } from './document-reader-qr';
import { findingsOf, type TextFindings } from './document-reader-text';

/**
 * The invoice / delivery-note reader's parse task (decision 0009): runs in a worker thread, sees only the
 * file's bytes, answers what it read. Matching against the workspace's providers and supplies happens on the
 * request thread (document-reader.service.ts).
 */
export type RawReading = TextFindings & { qr: AfipQr | null; source: 'pdf' | 'photo' };

const refuse = (msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', 'file'], msg }]);

async function decodeWebp(bytes: Uint8Array): Promise<Rgba | null> {
  try {
    const canvas = await import('@napi-rs/canvas');
    const image = new canvas.Image();
    image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (!image.width || image.width * image.height > 50_000_000) return null;
    const ctx = canvas.createCanvas(image.width, image.height).getContext('2d');
    ctx.drawImage(image, 0, 0);
    const data = ctx.getImageData(0, 0, image.width, image.height);
    return { data: data.data, width: data.width, height: data.height };
  } catch {
    return null; // no canvas installed, or not a WebP it can decode
  }
}

async function photoPixels(bytes: Uint8Array, kind: 'jpeg' | 'png' | 'webp'): Promise<Rgba | null> {
  try {
    if (kind === 'jpeg') return decodeJpeg(bytes);
    if (kind === 'png') return decodePng(bytes);
    return await decodeWebp(bytes);
  } catch (e) {
    if (e instanceof TooLargeImage || /maxResolutionInMP|maxMemoryUsageInMB/.test(String(e))) throw refuse(DOCUMENT_MSG.unreadable);
    return null;
  }
}

const isAfip = (text: string) => parseAfipQr(text) !== null;
const firstAfip = (texts: string[]) => texts.map(parseAfipQr).find((q): q is AfipQr => q !== null) ?? null;
const NO_TEXT: TextFindings = { items: [], cuit: null, issuer_name: null, invoice: null, delivery_note: null };

/** Reads a PDF (text layer and QR) or a photo (QR): the export the parse worker calls with the upload's bytes. */
export async function readInventoryDocument(input: Uint8Array): Promise<RawReading> {
  const kind = sniffFileKind(input);
  if (!kind) throw refuse(FILE_MSG.invalidType);
  if (kind !== 'pdf') {
    const pixels = await photoPixels(input, kind);
    return { ...NO_TEXT, qr: pixels ? firstAfip(qrTexts(pixels)) : null, source: 'photo' };
  }
  try {
    const pdf = await readPdf(input, isAfip);
    return { ...findingsOf(pdf.lines), qr: firstAfip(pdf.qrs), source: 'pdf' };
  } catch (e) {
    if (e instanceof TooManyPages) throw refuse(DOCUMENT_MSG.tooManyPages);
    if (e instanceof PdfBomb) throw refuse(DOCUMENT_MSG.unreadable);
    // not a PDF pdfjs can open (damaged, encrypted): the caller answers that it could not be read
    return { ...NO_TEXT, qr: null, source: 'pdf' };
  }
}
