/** Cropping sequences (spec doc 2 §3 "Season plot"). */
export const CROP_SEQUENCES = [
  { crop_sequence_id: 0, name: '' },
  { crop_sequence_id: 1, name: 'Cobertura' },
  { crop_sequence_id: 2, name: 'Primera' },
  { crop_sequence_id: 3, name: 'Segunda' },
  { crop_sequence_id: 4, name: 'Pastura' },
  { crop_sequence_id: 5, name: 'Pastura natural' },
  { crop_sequence_id: 6, name: 'Verdeo' },
] as const;

/** Work-order statuses (spec doc 2 §4). */
export const WORK_ORDER_STATUSES = [
  { status_id: 1, name: 'Sin entregar' },
  { status_id: 2, name: 'Entregada' },
  { status_id: 3, name: 'Realizada' },
  { status_id: 4, name: 'Facturada' },
  { status_id: 5, name: 'Pagada' },
  { status_id: 6, name: 'Anulada' },
  { status_id: 7, name: 'Planificada' },
  { status_id: 8, name: 'Certificada' },
] as const;

export const DESTINATION_TYPES = ['Acopio', 'Silo', 'Silobolsa'] as const;
export type DestinationType = (typeof DESTINATION_TYPES)[number];
