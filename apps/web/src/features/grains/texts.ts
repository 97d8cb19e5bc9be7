import { CREATE_SILOBAG_LABEL, GRAIN_MOVEMENT_STATUS, GRAIN_MSG } from '@fm/domain';

/** The spec's grain texts verbatim (doc 3 §2, §5, §8; messages from @fm/domain), plus the screens' own. */
export const GRAIN_TEXT = {
  inTransit: GRAIN_MOVEMENT_STATUS.IN_TRANSIT,
  atDestination: GRAIN_MOVEMENT_STATUS.AT_DESTINATION,
  deleted: GRAIN_MSG.deleted,
  ok: GRAIN_MSG.ok,
  saved: GRAIN_MSG.saved,
  registered: GRAIN_MSG.registered,
  confirmDeleteMovement: GRAIN_MSG.confirmDeleteMovement,
  confirmDeleteStock: GRAIN_MSG.confirmDeleteStock,
  confirmDeleteTransaction: GRAIN_MSG.confirmDeleteTransaction,
  deleteButton: 'Eliminar',
  receiveMovements: 'Recepcionar movimientos',
  bulkLoad: 'Carga Masiva',
  newMovement: 'Nuevo Movimiento',
  saveAndContinue: 'Guardar y seguir cargando',
  save: 'Guardar',
  receive: 'Recepcionar',
  newStock: 'Nuevo Stock',
  createSiloBag: CREATE_SILOBAG_LABEL,
  selectOneToReceive: GRAIN_MSG.receptionsRequired,
} as const;
