import type { Boundary } from '@fm/domain';

/** Outer rings of a Polygon or MultiPolygon. */
function outerRings(b: Boundary): number[][][] {
  return b.type === 'Polygon' ? [b.coordinates[0]] : b.coordinates.map((p) => p[0]);
}

/** A small drawing of the plot's imported boundary (equirectangular, north up). */
export function BoundaryPreview({ boundary, size = 32 }: { boundary: Boundary; size?: number }) {
  const rings = outerRings(boundary).filter((r) => r.length > 2);
  const points = rings.flat();
  if (!points.length) return null;
  const lats = points.map((p) => p[1]);
  const midLat = ((Math.min(...lats) + Math.max(...lats)) / 2) * (Math.PI / 180);
  const xy = (p: number[]) => [p[0] * Math.cos(midLat), -p[1]];
  const projected = points.map(xy);
  const minX = Math.min(...projected.map((p) => p[0]));
  const minY = Math.min(...projected.map((p) => p[1]));
  const span = Math.max(Math.max(...projected.map((p) => p[0])) - minX, Math.max(...projected.map((p) => p[1])) - minY) || 1;
  const pad = 2;
  const scale = (size - pad * 2) / span;
  const toSvg = (p: number[]) => {
    const [x, y] = xy(p);
    return `${((x - minX) * scale + pad).toFixed(1)},${((y - minY) * scale + pad).toFixed(1)}`;
  };
  const d = rings.map((r) => `M${r.map(toSvg).join(' L')} Z`).join(' ');
  return (
    <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} role="img" aria-label="Contorno del lote" style={{ verticalAlign: 'middle' }}>
      <path d={d} fill="rgba(46,125,50,0.25)" stroke="#2e7d32" strokeWidth={1.2} />
    </svg>
  );
}
