import { Unzlib } from 'fflate';
import { getDocument, ImageKind, OPS, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { DOCUMENT_MAX_PAGES } from '@fm/domain';
import { qrTexts, type Rgba } from './document-reader-image';
import { linesOf, type TextLine, type TextRun } from './document-reader-text';

// pdfjs runs its "worker" in this thread (we are already in a parse worker): handing it the module here, when the
// task module loads, keeps the import out of the task's time and any file or network lookup out of pdfjs.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfWorker;

/** Bytes all the Flate streams of one PDF may inflate to; past it the file is refused as a bomb before pdfjs sees it. */
export const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Decoded image pixels pdfjs accepts (larger images are skipped, not decoded). */
const MAX_IMAGE_PIXELS = 4096 * 4096;
/** Pixels of a page rendered to look for a QR drawn as vector graphics. */
const MAX_RENDER_PIXELS = 4_000_000;
/** Pages rendered when the embedded images hold no QR (the fiscal QR is on the first page, or the last of two). */
const RENDERED_PAGES = 2;

export class PdfBomb extends Error {}
export class TooManyPages extends Error {}

const STREAM = new TextEncoder().encode('stream');
const ENDSTREAM = new TextEncoder().encode('endstream');

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  for (let i = bytes.indexOf(first, from); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && bytes[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

const isZlib = (b: Uint8Array) => b.length >= 2 && (b[0] & 0x0f) === 8 && ((b[0] << 8) | b[1]) % 31 === 0;

/** Inflates a zlib stream in 64 KB steps, counting output against `budget`; nested zlib layers are counted too. */
function inflatedBytes(data: Uint8Array, budget: number, depth = 0): number {
  let total = 0;
  const kept: Uint8Array[] = [];
  const inflate = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > budget) throw new PdfBomb('inflates past the cap');
    if (depth < 2 && (kept.length || isZlib(chunk))) kept.push(chunk);
  });
  try {
    for (let i = 0; i < data.length; i += 65_536) inflate.push(data.subarray(i, i + 65_536), false);
  } catch (e) {
    if (e instanceof PdfBomb) throw e;
    return total; // not Flate (an image's DCT data) or damaged: pdfjs decides
  }
  if (kept.length && depth < 2) {
    const inner = new Uint8Array(total);
    let at = 0;
    for (const c of kept) inner.set(c, (at += c.length) - c.length);
    total += inflatedBytes(inner, budget - total, depth + 1);
  }
  return total;
}

/**
 * The Flate bomb check (decision 0009 "Archives", applied to PDF streams): every `stream ... endstream` whose
 * data is zlib is inflated as it comes, and the sum refused past MAX_INFLATED_BYTES. pdfjs would inflate a
 * content stream whole, in memory no worker cap accounts for.
 */
export function assertNoFlateBomb(bytes: Uint8Array, cap = MAX_INFLATED_BYTES): void {
  let budget = cap;
  for (let at = indexOf(bytes, STREAM, 0); at >= 0; at = indexOf(bytes, STREAM, at + 1)) {
    if (bytes[at - 1] === 0x64 /* 'd' of endstream */) continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    const end = indexOf(bytes, ENDSTREAM, start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    if (isZlib(data)) budget -= inflatedBytes(data, budget);
    if (end < 0) break;
    at = end + ENDSTREAM.length - 1;
  }
}

type PdfImage = { width: number; height: number; kind?: number; data?: Uint8Array | Uint8ClampedArray };

/** pdfjs's decoded image (1-bit grey, RGB or RGBA; masks are 1-bit) as RGBA pixels. */
function toRgba(img: PdfImage, mask: boolean): Rgba | null {
  const { width, height, data } = img;
  if (!data || width < 21 || height < 21 || width * height > MAX_IMAGE_PIXELS) return null;
  const out = new Uint8ClampedArray(width * height * 4);
  const kind = mask ? ImageKind.GRAYSCALE_1BPP : img.kind;
  if (kind === ImageKind.RGBA_32BPP) out.set(data.subarray(0, out.length));
  else if (kind === ImageKind.RGB_24BPP) {
    for (let p = 0, i = 0; p < width * height; p++, i += 3) out.set([data[i], data[i + 1], data[i + 2], 255], p * 4);
  } else if (kind === ImageKind.GRAYSCALE_1BPP) {
    const stride = Math.ceil(width / 8);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const v = (data[y * stride + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
        const o = (y * width + x) * 4;
        out[o] = out[o + 1] = out[o + 2] = v;
        out[o + 3] = 255;
      }
    }
  } else return null;
  return { data: out, width, height };
}

const IMAGE_OPS = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);

/** QR texts in the page's embedded images (the usual way an invoicing system prints the fiscal QR). */
async function imageQrs(page: PDFPageProxy): Promise<string[]> {
  const ops = await page.getOperatorList();
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    if (!IMAGE_OPS.has(fn)) continue;
    const arg = ops.argsArray[i][0] as string | PdfImage;
    const img =
      typeof arg === 'string'
        ? await new Promise<PdfImage | undefined>((resolve) => (arg.startsWith('g_') ? page.commonObjs : page.objs).get(arg, resolve))
        : arg;
    const rgba = img ? toRgba(img, fn === OPS.paintImageMaskXObject) : null;
    const found = rgba ? qrTexts(rgba) : [];
    if (found.length) return found;
  }
  return [];
}

type CanvasAndContext = { canvas: unknown; context: { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray; width: number; height: number } } };
type CanvasFactory = { create(w: number, h: number): CanvasAndContext; destroy(c: CanvasAndContext): void };

/** QR texts on the page rendered to pixels (a QR drawn as vector paths); none when no canvas is installed. */
async function renderedQrs(doc: PDFDocumentProxy, page: PDFPageProxy): Promise<string[]> {
  const factory = (doc as unknown as { canvasFactory?: CanvasFactory }).canvasFactory;
  if (!factory) return [];
  const unit = page.getViewport({ scale: 1 });
  const scale = Math.min(2, Math.sqrt(MAX_RENDER_PIXELS / (unit.width * unit.height)));
  const viewport = page.getViewport({ scale });
  let target: CanvasAndContext;
  try {
    target = factory.create(Math.max(1, Math.floor(viewport.width)), Math.max(1, Math.floor(viewport.height)));
  } catch {
    return []; // @napi-rs/canvas (an optional dependency of pdfjs) is not installed here
  }
  try {
    const params = { canvasContext: target.context, canvas: target.canvas, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
    await page.render(params).promise;
    const image = target.context.getImageData(0, 0, Math.floor(viewport.width), Math.floor(viewport.height));
    return qrTexts({ data: image.data, width: image.width, height: image.height });
  } finally {
    factory.destroy(target);
  }
}

async function pageLines(page: PDFPageProxy): Promise<TextLine[]> {
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str) continue;
    const [, , c, d, x, y] = item.transform as number[];
    runs.push({ str: item.str, x, y, width: item.width, height: item.height || Math.hypot(c, d) });
  }
  return linesOf(runs);
}

export type PdfReading = { pages: number; lines: TextLine[]; qrs: string[] };

/**
 * The text lines of every page and the QR codes of a PDF: embedded images first, then the first pages rendered.
 * pdfjs runs with no eval, no font loading, no network and capped image sizes; more than DOCUMENT_MAX_PAGES
 * pages is refused (TooManyPages), a Flate bomb too (PdfBomb). `acceptQr` stops the search at the first good QR.
 */
export async function readPdf(bytes: Uint8Array, acceptQr: (text: string) => boolean): Promise<PdfReading> {
  assertNoFlateBomb(bytes);
  const doc = await getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  try {
    if (doc.numPages > DOCUMENT_MAX_PAGES) throw new TooManyPages(`${doc.numPages} pages`);
    const lines: TextLine[] = [];
    let qrs: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      lines.push(...(await pageLines(page)));
      if (!qrs.some(acceptQr)) qrs = [...qrs, ...(await imageQrs(page).catch(() => []))];
    }
    for (let n = 1; n <= Math.min(RENDERED_PAGES, doc.numPages) && !qrs.some(acceptQr); n++) {
      qrs = [...qrs, ...(await renderedQrs(doc, await doc.getPage(n)).catch(() => []))];
    }
    return { pages: doc.numPages, lines, qrs };
  } finally {
    await doc.destroy();
  }
}
