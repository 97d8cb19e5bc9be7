import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';

// Hostile KML/KMZ files for boundary.test.ts and the bench (`npm run bench`).

const flushed = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });

/**
 * A KMZ whose one entry inflates to `inflatedMb` MB of spaces (~1 KB per MB compressed) while its central
 * directory and data descriptor claim 1,000 bytes: what a reader trusting the declared sizes inflates whole.
 */
export function zipBomb(inflatedMb: number): Buffer {
  const mb = flushed(Buffer.alloc(1024 * 1024, 0x20));
  const data = Buffer.concat([flushed(Buffer.from('<?xml version="1.0"?><kml>')), ...Array.from({ length: inflatedMb }, () => mb), deflateRawSync(Buffer.alloc(0))]);
  const name = Buffer.from('doc.kml');
  const header = (signature: number, size: number) => {
    const h = Buffer.alloc(size);
    h.writeUInt32LE(signature, 0);
    return h;
  };
  const local = header(0x04034b50, 30);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0x0008, 6); // sizes follow the data (streamed)
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt16LE(name.length, 26);
  const descriptor = header(0x08074b50, 16);
  descriptor.writeUInt32LE(data.length, 8);
  descriptor.writeUInt32LE(1000, 12);
  const central = header(0x02014b50, 46);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(0x0008, 8);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  const cdOffset = local.length + name.length + data.length + descriptor.length;
  const end = header(0x06054b50, 22);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, name, data, descriptor, central, name, end]);
}

/** `count` plots of `points` positions each (three shapes, so it compresses), after `noise` bytes that do not. */
export function plotsKml(count: number, points: number, noise = 0): string {
  const placemarks: string[] = [];
  for (let p = 0; p < count; p += 1) {
    const ring = Array.from({ length: points }, (_, i) => {
      const a = (2 * Math.PI * i) / points;
      return `${(-59.13 + (p % 3) * 0.01 + 0.004 * Math.cos(a)).toFixed(6)},${(-37.32 + 0.004 * Math.sin(a)).toFixed(6)},0`;
    });
    ring.push(ring[0]);
    placemarks.push(`<Placemark><name>Lote ${p}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`);
  }
  let seed = 7;
  const description = Array.from({ length: noise }, () => String.fromCharCode(65 + ((seed = (seed * 48271) % 2147483647) % 26))).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><description>${description}</description>${placemarks.join('')}</Document></kml>`;
}

/** ~1 MB KMZ of 18 MB of KML: 3,000 plots of 250 points after 1.3 MB of noise. Seconds of parsing, then 422. */
export function hostileKmz(): Uint8Array {
  return zipSync({ 'doc.kml': strToU8(plotsKml(3_000, 250, 1_300_000)) }, { level: 6 });
}

/** Entities that would expand to 10^9 characters if a parser expanded them. */
export function billionLaughs(): string {
  let dtd = '<!ENTITY a0 "jaja">';
  for (let i = 1; i < 10; i += 1) dtd += `<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`;
  return `<?xml version="1.0"?><!DOCTYPE kml [${dtd}]><kml><Document><Placemark><name>&a9;</name></Placemark></Document></kml>`;
}
