import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfWorker;
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Parses a PDF with pdfjs (it throws on a broken file) and returns its page count and each page's text. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<{ pages: number; text: string[] }> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, standardFontDataUrl }).promise;
  const text: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}
