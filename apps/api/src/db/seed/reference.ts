import { sql } from 'drizzle-orm';
import { CROP_SEQUENCES, GRAIN_HUMIDITY_STANDARDS, OCCUPATIONS, WORK_ORDER_STATUSES } from '@fm/domain';
import type { Db, Tx } from '../client';
import {
  adversities,
  brands,
  costCategories,
  cropSequences,
  cropStages,
  crops,
  grainHumidityStandards,
  labors,
  occupations,
  statuses,
  units,
  zones,
} from '../schema/index';

/** Crops with AFIP grain codes (DOMAIN.md). Ids are stable: onboarding example data uses crop 4 (Girasol). */
export const CROPS = [
  { crop_id: 1, name: 'Soja', afip_code: 23 },
  { crop_id: 2, name: 'Maíz', afip_code: 19 },
  { crop_id: 3, name: 'Trigo', afip_code: 15 },
  { crop_id: 4, name: 'Girasol', afip_code: 2 },
  { crop_id: 5, name: 'Sorgo', afip_code: 22 },
  { crop_id: 6, name: 'Cebada', afip_code: 17 },
  { crop_id: 7, name: 'Maní', afip_code: 101 },
  { crop_id: 8, name: 'Colza', afip_code: 8 },
  { crop_id: 9, name: 'Avena', afip_code: 16 },
  { crop_id: 10, name: 'Arroz', afip_code: 21 },
  { crop_id: 11, name: 'Trigo candeal', afip_code: 14 },
  { crop_id: 12, name: 'Pastura', afip_code: null },
];

const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/** Phenological scales (DOMAIN.md "Crops and stages"). */
const STAGES: Record<number, string[]> = {
  1: ['VE', 'VC', ...range('V', 1, 10), ...range('R', 1, 8)], // soja, Fehr & Caviness
  2: ['VE', ...range('V', 1, 12), 'VT', ...range('R', 1, 6)], // maíz, Ritchie & Hanway
  4: ['VE', ...range('V', 1, 10), ...range('R', 1, 9)], // girasol, Schneiter & Miller
  3: ['Z00 Siembra', 'Z10 Emergencia', 'Z21 Macollaje', 'Z31 Encañazón', 'Z51 Espigazón', 'Z61 Floración', 'Z71 Llenado', 'Z92 Madurez'], // Zadoks
  6: ['Z00 Siembra', 'Z10 Emergencia', 'Z21 Macollaje', 'Z31 Encañazón', 'Z51 Espigazón', 'Z61 Floración', 'Z71 Llenado', 'Z92 Madurez'],
  5: ['VE', ...range('V', 1, 8), 'Panojamiento', 'Floración', 'Grano lechoso', 'Grano pastoso', 'Madurez fisiológica'],
  7: ['VE', ...range('V', 1, 6), ...range('R', 1, 8)],
};

const LABORS = [
  'Siembra', 'Pulverización terrestre', 'Pulverización aérea', 'Fertilización', 'Cosecha', 'Labranza',
  'Monitoreo', 'Riego', 'Desmalezado', 'Embolsado (silobolsa)', 'Flete', 'Rolado', 'Picado', 'Enfardado',
];
const UNITS = ['lt/ha', 'cc/ha', 'kg/ha', 'g/ha', 't', 'qq/ha', 'bolsas', 'unidades', 'lt', 'kg'];
const ZONES = ['Núcleo', 'Norte de Buenos Aires', 'Sudeste de Buenos Aires', 'Oeste de Buenos Aires', 'Sur de Córdoba', 'Centro de Córdoba', 'Sur de Santa Fe', 'Centro de Santa Fe', 'Entre Ríos', 'La Pampa', 'NOA', 'NEA'];
const ADVERSITIES: [string, string][] = [
  ['Rama negra', 'maleza'], ['Yuyo colorado', 'maleza'], ['Sorgo de Alepo', 'maleza'], ['Capín', 'maleza'], ['Gramón', 'maleza'], ['Nabo', 'maleza'],
  ['Chinche', 'plaga'], ['Oruga bolillera', 'plaga'], ['Isoca', 'plaga'], ['Trips', 'plaga'], ['Pulgón', 'plaga'], ['Chicharrita', 'plaga'], ['Arañuela', 'plaga'],
  ['Roya', 'enfermedad'], ['Mancha ojo de rana', 'enfermedad'], ['Tizón', 'enfermedad'], ['Mancha amarilla', 'enfermedad'], ['Fusariosis', 'enfermedad'], ['Cercospora', 'enfermedad'],
];
/** Ids are positions (1-based) and stable: append only. FMC and Sumitomo Chemical: the supplies catalogue (issue 9). */
const BRANDS = ['Bayer', 'Syngenta', 'Corteva', 'BASF', 'Nidera', 'Don Mario', 'Atanor', 'Rizobacter', 'Bioceres', 'ACA', 'Red Surcos', 'Sipcam', 'Adama', 'Profertil', 'YPF Agro', 'FMC', 'Sumitomo Chemical'];
const COST_CATEGORIES = ['Semillas', 'Fertilizantes', 'Agroquímicos', 'Labores', 'Cosecha', 'Fletes', 'Arrendamiento', 'Seguros', 'Gastos de comercialización', 'Gastos de estructura', 'Otros'];

/** Idempotent: each list is inserted with fixed ids or unique names, conflicts ignored. */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(crops).values(CROPS).onConflictDoNothing();
    await tx.insert(cropSequences).values([...CROP_SEQUENCES]).onConflictDoNothing();
    await tx.insert(statuses).values([...WORK_ORDER_STATUSES]).onConflictDoNothing();
    await tx.insert(labors).values(LABORS.map((name, i) => ({ labor_id: i + 1, name }))).onConflictDoNothing();
    await tx.insert(units).values(UNITS.map((name, i) => ({ unit_id: i + 1, name }))).onConflictDoNothing();
    await tx.insert(zones).values(ZONES.map((name, i) => ({ zone_id: i + 1, name }))).onConflictDoNothing();
    await tx.insert(brands).values(BRANDS.map((name, i) => ({ brand_id: i + 1, name }))).onConflictDoNothing();
    await tx.insert(costCategories).values(COST_CATEGORIES.map((name, i) => ({ cost_category_id: i + 1, name }))).onConflictDoNothing();
    await tx.insert(occupations).values(OCCUPATIONS.map((name, i) => ({ occupation_id: i + 1, name }))).onConflictDoNothing();
    await tx
      .insert(adversities)
      .values(ADVERSITIES.map(([name, adversity_type], i) => ({ adversity_id: i + 1, name, adversity_type })))
      .onConflictDoNothing();
    // merma por secado per crop: configurable in the database, so an edited row is kept
    await tx.insert(grainHumidityStandards).values(GRAIN_HUMIDITY_STANDARDS).onConflictDoNothing();
    await seedStages(tx);
    await syncIdentities(tx);
  });
}

async function seedStages(tx: Tx): Promise<void> {
  const [{ n }] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(cropStages);
  if (n > 0) return;
  const rows = Object.entries(STAGES).flatMap(([cropId, names]) =>
    names.map((name, position) => ({ crop_id: Number(cropId), name, position })),
  );
  await tx.insert(cropStages).values(rows);
}

/** Rows inserted with explicit ids leave identity sequences behind; move them past the max id. */
async function syncIdentities(tx: Tx): Promise<void> {
  const tables: [string, string][] = [
    ['crops', 'crop_id'], ['labors', 'labor_id'], ['units', 'unit_id'], ['zones', 'zone_id'], ['brands', 'brand_id'],
    ['cost_categories', 'cost_category_id'], ['occupations', 'occupation_id'], ['adversities', 'adversity_id'],
  ];
  for (const [table, col] of tables) {
    await tx.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', '${col}'), (SELECT COALESCE(MAX(${col}), 1) FROM ${table}))`));
  }
}
