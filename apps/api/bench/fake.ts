import { isValidCuit } from '@fm/domain';

/** Deterministic PRNG (mulberry32): the same seed generates the same data set on every run. */
export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** A number in [min, max] rounded to `decimals`. */
  decimal(min: number, max: number, decimals: number): number;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
};

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
    decimal: (min, max, decimals) => Number((min + next() * (max - min)).toFixed(decimals)),
    weighted(items) {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
  };
}

export const FIRST_NAMES = [
  'Juan', 'María', 'Carlos', 'Ana', 'Jorge', 'Laura', 'Martín', 'Silvina', 'Diego', 'Gabriela', 'Pablo', 'Mariana',
  'Alejandro', 'Florencia', 'Sebastián', 'Carolina', 'Gustavo', 'Lucía', 'Ricardo', 'Valeria', 'Hernán', 'Paula',
  'Facundo', 'Romina', 'Ezequiel', 'Natalia', 'Matías', 'Verónica', 'Nicolás', 'Soledad', 'Federico', 'Cecilia',
  'Gonzalo', 'Andrea', 'Rodrigo', 'Lorena', 'Marcelo', 'Claudia', 'Agustín', 'Julieta', 'Raúl', 'Beatriz',
] as const;

export const LAST_NAMES = [
  'González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García', 'Sánchez', 'Romero',
  'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Acosta', 'Benítez', 'Medina', 'Suárez', 'Herrera',
  'Aguirre', 'Pereyra', 'Gutiérrez', 'Giménez', 'Molina', 'Silva', 'Castro', 'Rojas', 'Ortiz', 'Núñez', 'Luna',
  'Juárez', 'Cabrera', 'Ríos', 'Ferreyra', 'Godoy', 'Morales', 'Domínguez', 'Bianchi', 'Rossi', 'Ferrari', 'Lombardi',
  'Etchegaray', 'Iriarte', 'Echeverría', 'Zubiría', 'Larrea', 'Bustos',
] as const;

/** Words that Argentine establishments and firms are commonly named after. */
export const PLACE_NAMES = [
  'La Esperanza', 'San José', 'Santa Rosa', 'El Ombú', 'La Carlota', 'Don Alberto', 'Los Álamos', 'La Providencia',
  'El Recreo', 'Las Acacias', 'La Victoria', 'San Antonio', 'Santa Isabel', 'El Trébol', 'La Aurora', 'Los Cardos',
  'El Porvenir', 'La Blanqueada', 'Las Tres Marías', 'San Martín', 'La Pampa Chica', 'El Chañar', 'Los Talas',
  'La Paloma', 'El Caldén', 'Santa Clara', 'La Florida', 'Los Molinos', 'El Mirador', 'La Querencia', 'Don Pedro',
  'La Lomita', 'El Algarrobo', 'Las Cortaderas', 'San Lorenzo', 'La Celina', 'Los Aromos', 'El Tala', 'La Susana',
] as const;

const FARM_PREFIXES = ['Establecimiento', 'Estancia', 'Campo', 'Chacra'] as const;
const FIRM_KINDS = ['Agropecuaria', 'Agroganadera', 'Cereales', 'Agro', 'Semillas', 'Hacienda'] as const;
const FIRM_SUFFIXES = ['S.A.', 'S.R.L.', 'S.A.S.', 'S.H.'] as const;
const PLOT_PARTS = ['Norte', 'Sur', 'Este', 'Oeste', 'del Bajo', 'de la Loma', 'del Molino', 'del Monte', 'de la Laguna', 'Viejo'] as const;

export function personName(rng: Rng): { name: string; last_name: string } {
  return { name: rng.pick(FIRST_NAMES), last_name: rng.pick(LAST_NAMES) };
}

export function farmName(rng: Rng): string {
  return `${rng.pick(FARM_PREFIXES)} ${rng.pick(PLACE_NAMES)}`;
}

export function firmName(rng: Rng): string {
  return rng.chance(0.5)
    ? `${rng.pick(FIRM_KINDS)} ${rng.pick(PLACE_NAMES)} ${rng.pick(FIRM_SUFFIXES)}`
    : `${rng.pick(LAST_NAMES)} Hnos. ${rng.pick(FIRM_SUFFIXES)}`;
}

/** `Lote 7`, `Lote Norte 3`, `Lote del Bajo` — how producers usually name plots. */
export function plotName(rng: Rng, index: number): string {
  if (rng.chance(0.6)) return `Lote ${index}`;
  return `Lote ${rng.pick(PLOT_PARTS)} ${index}`;
}

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/**
 * A CUIT that passes isValidCuit: prefix 20/27 (persons) or 30/33 (firms), 8 random digits and the check digit.
 * When the check digit would be 10 another body is drawn (AFIP would switch the prefix to 23; a new draw is simpler).
 */
export function cuit(rng: Rng, kind: 'person' | 'firm'): string {
  for (;;) {
    const prefix = kind === 'person' ? rng.pick(['20', '27'] as const) : rng.pick(['30', '33'] as const);
    const body = String(rng.int(kind === 'person' ? 5_000_000 : 50_000_000, 99_999_999)).padStart(8, '0');
    const digits = prefix + body;
    const sum = CUIT_WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
    const r = 11 - (sum % 11);
    if (r === 10) continue;
    const out = digits + String(r === 11 ? 0 : r);
    if (isValidCuit(out)) return out;
  }
}

/** Campaign names `2000/01` .. `2025/26`. */
export function campaignNames(from: number, to: number): string[] {
  const out: string[] = [];
  for (let y = from; y <= to; y += 1) out.push(`${y}/${String((y + 1) % 100).padStart(2, '0')}`);
  return out;
}

/** A rough rectangle polygon (GeoJSON) of about `hectares` near the given point: plots carry a boundary. */
export function plotBoundary(rng: Rng, lat: number, lon: number, hectares: number): { type: 'Polygon'; coordinates: number[][][] } {
  const side = Math.sqrt(hectares * 10_000); // metres
  const dLat = side / 111_320;
  const dLon = side / (111_320 * Math.cos((lat * Math.PI) / 180));
  const y = lat + rng.decimal(-0.05, 0.05, 6);
  const x = lon + rng.decimal(-0.05, 0.05, 6);
  const ring = [
    [x, y],
    [x + dLon, y],
    [x + dLon, y + dLat],
    [x, y + dLat],
    [x, y],
  ].map(([a, b]) => [Number(a.toFixed(6)), Number(b.toFixed(6))]);
  return { type: 'Polygon', coordinates: [ring] };
}
