/**
 * Geodesic area of GeoJSON polygons on a sphere (spherical excess approximation of
 * Chamberlain & Duquette, "Some algorithms for polygons on a sphere", JPL 2007 — the formula @turf/area uses).
 */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

type Position = readonly number[];
type PolygonCoords = readonly (readonly Position[])[];
export type AreaGeometry = { type: 'Polygon'; coordinates: PolygonCoords } | { type: 'MultiPolygon'; coordinates: readonly PolygonCoords[] };

/** Signed area of one closed ring in m² ([lon, lat] positions, first == last). */
export function ringAreaM2(ring: readonly Position[]): number {
  const n = ring.length - 1;
  if (n < 3) return 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const lower = ring[i];
    const middle = ring[(i + 1) % n];
    const upper = ring[(i + 2) % n];
    total += (upper[0] * RAD - lower[0] * RAD) * Math.sin(middle[1] * RAD);
  }
  return (total * EARTH_RADIUS_M * EARTH_RADIUS_M) / 2;
}

function polygonAreaM2(rings: PolygonCoords): number {
  if (!rings.length) return 0;
  const [outer, ...holes] = rings;
  return Math.max(0, Math.abs(ringAreaM2(outer)) - holes.reduce((acc, h) => acc + Math.abs(ringAreaM2(h)), 0));
}

/** Area in hectares, rounded to 2 decimals (hectares shown to 2 decimals, spec doc 2 §9). */
export function geometryHectares(geometry: AreaGeometry): number {
  const m2 = geometry.type === 'Polygon' ? polygonAreaM2(geometry.coordinates) : geometry.coordinates.reduce((acc, p) => acc + polygonAreaM2(p), 0);
  return Math.round(m2 / 100) / 100;
}
