import jsQR from 'jsqr';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/**
 * Photos and PDF images to pixels, and QR codes out of pixels (jsQR). Every decoder runs under a pixel cap
 * checked before decoding, so a small file declaring a huge image is refused instead of filling the memory.
 */
export type Rgba = { data: Uint8ClampedArray; width: number; height: number };

/** A phone photo is 12-48 MP; past this the file is refused before its pixels are allocated. */
export const MAX_PHOTO_PIXELS = 50_000_000;

export class TooLargeImage extends Error {}

export function decodeJpeg(bytes: Uint8Array): Rgba {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PHOTO_PIXELS / 1e6, maxMemoryUsageInMB: 400, tolerantDecoding: true });
  return { data: new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength), width: img.width, height: img.height };
}

export function decodePng(bytes: Uint8Array): Rgba {
  // IHDR: width and height at bytes 16..23, before any pixel is inflated
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 24 || view.getUint32(16) * view.getUint32(20) > MAX_PHOTO_PIXELS) throw new TooLargeImage('png too large');
  const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return { data: new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), width: png.width, height: png.height };
}

/** Average-pools to at most `maxSide` pixels on the longer side, in grey (all jsQR looks at). */
export function downscale(img: Rgba, maxSide: number): Rgba {
  const factor = Math.max(1, Math.ceil(Math.max(img.width, img.height) / maxSide));
  if (factor === 1) return img;
  const width = Math.floor(img.width / factor);
  const height = Math.floor(img.height / factor);
  const out = new Uint8ClampedArray(width * height * 4);
  const n = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        let i = ((y * factor + dy) * img.width + x * factor) * 4;
        for (let dx = 0; dx < factor; dx++, i += 4) sum += (img.data[i] * 299 + img.data[i + 1] * 587 + img.data[i + 2] * 114) / 1000;
      }
      const o = (y * width + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = sum / n;
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

/** Nearest-neighbour enlargement with a white margin: a QR stored pixel-per-module with no quiet zone (common in PDFs). */
export function enlarge(img: Rgba, minSide: number): Rgba {
  const factor = Math.max(1, Math.ceil(minSide / Math.min(img.width, img.height)));
  const margin = 8 * factor;
  const width = img.width * factor + 2 * margin;
  const height = img.height * factor + 2 * margin;
  const out = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < img.height * factor; y++) {
    for (let x = 0; x < img.width * factor; x++) {
      const i = ((Math.floor(y / factor) * img.width + Math.floor(x / factor)) * 4) >>> 0;
      const o = ((y + margin) * width + x + margin) * 4;
      out[o] = img.data[i];
      out[o + 1] = img.data[i + 1];
      out[o + 2] = img.data[i + 2];
    }
  }
  return { data: out, width, height };
}

/** jsQR, whose locator throws on some images (an undefined finder pattern) instead of answering "none". */
function safeJsQr(img: Rgba, inversionAttempts: 'dontInvert' | 'onlyInvert'): string | null {
  try {
    return jsQR(img.data, img.width, img.height, { inversionAttempts })?.data || null;
  } catch {
    return null;
  }
}

/**
 * Every QR text found in the image: jsQR on a reduced copy first (fast, and better on noisy phone photos),
 * then on a larger one, then inverted; small images are enlarged with a quiet zone first.
 */
export function qrTexts(img: Rgba): string[] {
  if (img.width < 21 || img.height < 21) return [];
  const base = Math.min(img.width, img.height) < 300 ? enlarge(img, 300) : img;
  const attempts: [number, 'dontInvert' | 'onlyInvert'][] = [
    [1000, 'dontInvert'],
    [2000, 'dontInvert'],
    [1000, 'onlyInvert'],
  ];
  const seen = new Set<number>();
  for (const [side, inversionAttempts] of attempts) {
    const scaled = downscale(base, side);
    const key = scaled.width * (inversionAttempts === 'dontInvert' ? 1 : -1);
    if (seen.has(key)) continue;
    seen.add(key);
    const code = safeJsQr(scaled, inversionAttempts);
    if (code) return [code];
  }
  return [];
}
