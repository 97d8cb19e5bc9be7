import type { MonitoringAdversity } from '@fm/domain';

/** Screen texts of the monitorings (our own Spanish, voseo). */
export const MON_TEXT = {
  title: 'Monitoreos',
  newTitle: 'Nuevo monitoreo',
  editTitle: 'Editar monitoreo',
  create: 'Nuevo monitoreo',
  search: 'Buscar por establecimiento, lote o cultivo',
  deleteTitle: '¿Eliminar el monitoreo?',
  deleteContent: 'Se eliminan también sus adversidades y fotos. Esta acción no se puede deshacer.',
  useLocation: 'Usar mi ubicación',
  noGeolocation: 'Tu navegador no permite obtener la ubicación',
  locationDenied: 'No pudimos obtener tu ubicación. Revisá los permisos del navegador.',
  addAdversity: 'Agregar adversidad',
  addPhotos: 'Agregar fotos',
  photoHint: 'JPG, PNG o WEBP, hasta 10 MB cada una',
  photoNotImage: 'La foto debe ser una imagen JPG, PNG o WEBP',
  photoTooLarge: 'El archivo supera el tamaño máximo de 10 MB.',
  photoFailed: (name: string, msg: string) => `No se pudo subir ${name}: ${msg}`,
  noAdversities: 'Sin adversidades',
  saved: 'Monitoreo registrado',
} as const;

export const SEVERITIES = [1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }));

/** "Chinche 12,5 % / 2": name, incidence and severity as the list shows them. */
export function adversityLabel(a: Pick<MonitoringAdversity, 'name' | 'incidence' | 'severity'>): string {
  const incidence = a.incidence.toLocaleString('es-AR', { maximumFractionDigits: 2 });
  return `${a.name} ${incidence} % / ${a.severity}`;
}
