import { DOMParser } from '@xmldom/xmldom';
import { kml } from '@tmcw/togeojson';
import { unzipSync } from 'fflate';
import { Boundary, geometryHectares, LAND_MSG, type ImportedBoundary } from '@fm/domain';
import { AppError, badRequest } from '../../http/errors';

/** Upload limits (ARCHITECTURE §7 "Uploads"). */
export const BOUNDARY_MAX_BYTES = 5 * 1024 * 1024;
const KMZ_MAX_ENTRIES = 50;
const KMZ_MAX_UNCOMPRESSED = 20 * 1024 * 1024;

type KmlDocument = Parameters<typeof kml>[0];

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(buf: Uint8Array): boolean {
  return ZIP_MAGIC.every((b, i) => buf[i] === b);
}

/** KML is XML: optional BOM and whitespace, then `<?xml` or `<kml`. */
function looksLikeKml(buf: Uint8Array): boolean {
  const head = Buffer.from(buf.subarray(0, 512)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<?xml') || head.startsWith('<kml');
}

/** Reads the first .kml of a KMZ after checking entry count and declared uncompressed sizes. */
function kmlFromKmz(buf: Uint8Array): string {
  let entries = 0;
  let total = 0;
  let picked: string | undefined;
  const files = unzipSync(buf, {
    filter: (file) => {
      entries += 1;
      total += file.originalSize;
      if (entries > KMZ_MAX_ENTRIES || total > KMZ_MAX_UNCOMPRESSED) throw new AppError('PAYLOAD_TOO_LARGE', LAND_MSG.boundaryFileTooLarge);
      const isKml = file.name.toLowerCase().endsWith('.kml');
      if (isKml && !picked) picked = file.name;
      return isKml && file.name === picked;
    },
  });
  const data = picked ? files[picked] : undefined;
  if (!data) throw badRequest(LAND_MSG.boundaryFileType);
  if (data.length > KMZ_MAX_UNCOMPRESSED) throw new AppError('PAYLOAD_TOO_LARGE', LAND_MSG.boundaryFileTooLarge);
  return Buffer.from(data).toString('utf8');
}

/** Polygons of a KML or KMZ file (type from the magic bytes, never the name) with their geodesic hectares. */
export function parseBoundaryFile(buf: Uint8Array): ImportedBoundary[] {
  let text: string;
  if (isZip(buf)) {
    try {
      text = kmlFromKmz(buf);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw badRequest(LAND_MSG.boundaryFileType);
    }
  } else if (looksLikeKml(buf)) text = Buffer.from(buf).toString('utf8');
  else throw badRequest(LAND_MSG.boundaryFileType);

  let doc: KmlDocument;
  try {
    doc = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as KmlDocument;
  } catch {
    throw badRequest(LAND_MSG.boundaryFileType);
  }
  const out: ImportedBoundary[] = [];
  for (const feature of kml(doc).features) {
    const geometries = feature.geometry?.type === 'GeometryCollection' ? feature.geometry.geometries : feature.geometry ? [feature.geometry] : [];
    for (const g of geometries) {
      const parsed = Boundary.safeParse({ type: g.type, coordinates: 'coordinates' in g ? g.coordinates : undefined });
      if (!parsed.success) continue;
      const name = typeof feature.properties?.name === 'string' ? feature.properties.name : null;
      out.push({ name, boundary: parsed.data, hectares: geometryHectares(parsed.data) });
    }
  }
  if (!out.length) throw new AppError('VALIDATION', LAND_MSG.boundaryNoPolygon, [{ loc: ['body', 'file'], msg: LAND_MSG.boundaryNoPolygon }]);
  return out;
}
