import { GRAIN_MSG } from '@fm/domain';

/** Spanish texts of the contract screens (spec doc 3 "Contracts list", "Contract form", "Contract deliveries", §5, §8). */
export const CONTRACT_UI = {
  listTitle: 'Contratos',
  create: 'Crear',
  newTitle: 'Nuevo Contrato',
  editTitle: 'Editar Contrato',
  sectionContract: 'Contrato',
  sectionOptional: 'Opcional',
  back: 'Volver al listado',
  save: 'Guardar',
  deliveriesTitle: 'Entregas',
  applyTitle: 'Aplicar toneladas a un contrato',
  apply: 'Aplicar',
  confirmDelete: 'Eliminar',
  noCondition: 'Ninguna',
  ...GRAIN_MSG,
} as const;

export const CONTRACT_RESOURCE = 'grains/contracts';
