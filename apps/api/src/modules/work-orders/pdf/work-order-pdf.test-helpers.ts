import type { WorkOrderPdfInput } from './work-order-pdf';

/** An ordinary order in the contract's shape: two lots, two supplies (one from a warehouse), one adversity. */
export const sampleOrder = (over: Partial<WorkOrderPdfInput> = {}): WorkOrderPdfInput => ({
  work_order_id: 1234,
  season: { name: '2026/27' },
  company: { name: 'Agropecuaria Los Álamos S.A.' },
  farm: { name: 'La Esperanza' },
  contractor: { name: 'Servicios Agrícolas Peñaloza' },
  labor: { name: 'Pulverización terrestre' },
  price: '12500.5',
  exchange_rate: '1050',
  labor_start_date: '2026-11-26',
  labor_end_date: '2026-11-29',
  labor_date: null,
  notes: 'Entrar por la tranquera del camino vecinal.',
  observations: ['Repasar caminos', 'Aplicar con -15 km/h de viento'],
  status: { name: 'Sin entregar' },
  created_at: '2026-11-26T15:00:00.000Z',
  field_crops: [
    { field: { name: 'El Bajo', hectares: '40.00' }, crop: { name: 'Soja' }, stage: { name: 'V3' }, hectares_to_apply: '12.50' },
    { field: { name: 'Lote 7 Ñandú', hectares: '25.00' }, crop: { name: 'Soja' }, stage: null, hectares_to_apply: '25.00' },
  ],
  supplies: [
    { supply: { name: 'Atrazina 90 WG', generic: { name: 'Atrazina' } }, unit: { name: 'kg' }, dose_to_apply: '0.75000', fill_order: 2, stock: null, total_quantity: '28.125' },
    { supply: { name: 'Glifosato Roundup Full II', generic: { name: 'Glifosato' } }, unit: { name: 'lt' }, dose_to_apply: '1.50000', fill_order: 1, stock: { warehouse: { name: 'Galpón central' } }, total_quantity: '56.250' },
  ],
  adversities: [{ name: 'Rama negra', adversity_type: 'Maleza' }],
  ha_total: '37.50',
  labor_total: '468768.75',
  ...over,
});
