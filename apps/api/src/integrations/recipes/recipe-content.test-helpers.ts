import type { RecipeContent } from './types';

/** A receta's content as the recipes service snapshots it from an ordinary order. */
export const sampleContent = (): RecipeContent => ({
  work_order_id: 77,
  requested_at: '2026-11-26T15:00:00.000Z',
  requested_by: 'Ana Pérez',
  company: { name: 'Agropecuaria Los Álamos S.A.', tax_identifier: '30712345671' },
  farm: { name: 'La Esperanza' },
  season: { name: '2026/27' },
  labor: { name: 'Pulverización terrestre' },
  contractor: { name: 'Servicios Agrícolas Peñaloza' },
  labor_start_date: '2026-11-26',
  labor_end_date: '2026-11-29',
  lots: [{ name: 'El Bajo', hectares: '12.50', crop: 'Soja', stage: 'V3' }],
  supplies: [{ name: 'Glifosato Roundup Full II', active_ingredient: 'Glifosato', brand: 'Bayer', formulation: 'SL', unit: 'lt', dose: '1.50000', total_quantity: '18.750' }],
  adversities: [{ name: 'Rama negra', type: 'Maleza' }],
  observations: ['Aplicar con -15 km/h de viento', 'Repasar caminos'],
  recommendations: 'Utilizar elementos de protección personal',
  use_restrictions: { grace_period: { quantity: 10, unit: 1 }, reentry_period: { quantity: 24, unit: 0 }, ventilation_period: { quantity: 10, unit: 1 } },
});
