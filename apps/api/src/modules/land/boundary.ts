import { DOMParser } from '@xmldom/xmldom';
import { kml } from '@tmcw/togeojson';
import { Unzip, UnzipInflate } from 'fflate';
import { Boundary, geometryHectares, LAND_MSG, type ImportedBoundary } from '@fm/domain';
import { AppError, badRequest } from '../../http/errors';

// Runs in a parse worker (boundary.routes.ts, decision 0009): nothing here may reach the app or the database.

/** Upload limits (ARCHITECTURE §7 "Uploads", decision 0006). */
export const BOUNDARY_MAX_BYTES = 5 * 1024 * 1024;
const KMZ_MAX_ENTRIES = 50;
const KMZ_MAX_UNCOMPRESSED = 20 * 1024 * 1024;
/** Compressed bytes fed to the inflater at a time: one push inflates to at most ~1,000× that (deflate's ceiling). */
const KMZ_CHUNK = 4 * 1024;
/**
 * Positions over all imported polygons. A plot with more cannot be saved anyway (1 MB request body), and the
 * answer crosses back from the worker and is serialized on the request thread.
 */
export const BOUNDARY_MAX_POSITIONS = 50_000;
export const BOUNDARY_TOO_MANY_POSITIONS = `El archivo tiene demasiados puntos (máximo ${BOUNDARY_MAX_POSITIONS.toLocaleString('es-AR')})`;

type KmlDocument = Parameters<typeof kml>[0];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', LAND_MSG.boundaryFileTooLarge);

function isZip(buf: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => buf[i] === b);
}

/** KML is XML: optional BOM and whitespace, then `<?xml` or `<kml`. */
function looksLikeKml(buf: Uint8Array): boolean {
  const head = Buffer.from(buf.subarray(0, 512)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<?xml') || head.startsWith('<kml');
}

/**
 * The first .kml of a KMZ, inflated as a stream: it stops as soon as the archive passes 50 entries or the
 * inflated bytes (counted as they come, whatever the headers declare) pass 20 MB. Other entries are skipped unread.
 */
function kmlFromKmz(buf: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let entries = 0;
  let declared = 0;
  let inflated = 0;
  let picked = false;
  let complete = false;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    entries += 1;
    declared += file.originalSize ?? 0;
    if (entries > KMZ_MAX_ENTRIES || declared > KMZ_MAX_UNCOMPRESSED) failure ??= tooLarge();
    if (failure || picked || !file.name.toLowerCase().endsWith('.kml')) return;
    picked = true;
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return void (failure = badRequest(LAND_MSG.boundaryFileType));
      inflated += data.length;
      if (inflated > KMZ_MAX_UNCOMPRESSED) return void (failure = tooLarge());
      parts.push(data);
      complete = final;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < buf.length && !failure; at += KMZ_CHUNK) {
    unzip.push(buf.subarray(at, at + KMZ_CHUNK), at + KMZ_CHUNK >= buf.length);
  }
  if (failure) throw failure;
  if (!picked || !complete) throw badRequest(LAND_MSG.boundaryFileType);
  return Buffer.concat(parts);
}

function positionCount(b: Boundary): number {
  const rings = b.type === 'Polygon' ? b.coordinates : b.coordinates.flat();
  return rings.reduce((n, ring) => n + ring.length, 0);
}

function polygonsOf(doc: KmlDocument): ImportedBoundary[] {
  const out: ImportedBoundary[] = [];
  let positions = 0;
  for (const feature of kml(doc).features) {
    const geometries = feature.geometry?.type === 'GeometryCollection' ? feature.geometry.geometries : feature.geometry ? [feature.geometry] : [];
    for (const g of geometries) {
      const parsed = Boundary.safeParse({ type: g.type, coordinates: 'coordinates' in g ? g.coordinates : undefined });
      if (!parsed.success) continue;
      positions += positionCount(parsed.data);
      if (positions > BOUNDARY_MAX_POSITIONS) throw new AppError('VALIDATION', BOUNDARY_TOO_MANY_POSITIONS, [{ loc: ['body', 'file'], msg: BOUNDARY_TOO_MANY_POSITIONS }]);
      const name = typeof feature.properties?.name === 'string' ? feature.properties.name : null;
      out.push({ name, boundary: parsed.data, hectares: geometryHectares(parsed.data) });
    }
  }
  return out;
}

/**
 * Polygons of a KML or KMZ file (type from the magic bytes, never the name) with their geodesic hectares.
 * A parse task (boundary.routes.ts): it runs in a worker thread under a time and memory cap.
 */
export function parseBoundaryFile(buf: Uint8Array): ImportedBoundary[] {
  let xml: Uint8Array;
  if (isZip(buf)) {
    try {
      xml = kmlFromKmz(buf);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest(LAND_MSG.boundaryFileType);
    }
  } else if (looksLikeKml(buf)) xml = buf;
  else throw badRequest(LAND_MSG.boundaryFileType);

  let out: ImportedBoundary[];
  try {
    // xmldom expands no entity declared in a DTD (no billion laughs) and parses without recursion
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(new TextDecoder().decode(xml), 'text/xml') as unknown as KmlDocument;
    out = polygonsOf(doc);
  } catch (e) {
    if (e instanceof AppError) throw e;
    // a stack overflow on absurd nesting lands here too
    throw badRequest(LAND_MSG.boundaryFileType);
  }
  if (!out.length) throw new AppError('VALIDATION', LAND_MSG.boundaryNoPolygon, [{ loc: ['body', 'file'], msg: LAND_MSG.boundaryNoPolygon }]);
  return out;
}
