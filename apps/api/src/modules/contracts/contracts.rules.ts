import { GRAIN_MSG } from '@fm/domain';

/**
 * Server texts of contracts and deliveries: the spec's (§5, §8) and the grains module's from GRAIN_MSG, plus the few
 * only this module answers.
 */
export const CONTRACT_TEXT = {
  notFound: GRAIN_MSG.contractNotFound,
  companyNotFound: 'No se encontró la empresa',
  seasonNotFound: 'No se encontró la campaña',
  cropNotFound: 'No se encontró el producto',
  buyerNotFound: 'No se encontró el comprador',
  agreementNotOfCompany: 'El convenio elegido no tiene a la empresa entre sus socios',
  tonsBelowDelivered: (delivered: string) => `Las Tn comprometidas no pueden ser menores a las ya entregadas (${delivered} tn)`,
  cropLocked: 'No se puede cambiar el producto de un contrato con entregas',
  deleteOnlyUndelivered: GRAIN_MSG.contractHasDeliveries,
  ok: GRAIN_MSG.ok,
  deleted: GRAIN_MSG.deleted,
  // deliveries
  noMovement: GRAIN_MSG.noMovementSelected,
  noContract: GRAIN_MSG.noContractSelected,
  tonsAboveAvailable: GRAIN_MSG.tonsAboveAvailable,
  movementNotFound: GRAIN_MSG.movementNotFound,
  deliveryNotFound: 'No se encontró la entrega',
  contractFulfilled: GRAIN_MSG.contractFulfilled,
  movementNotReceived: 'El movimiento todavía no fue recepcionado',
  movementOtherCrop: 'El movimiento no es del producto del contrato',
  aboveContractPending: (pending: string) => `La cantidad de toneladas indicada es mayor a las toneladas pendientes del contrato (${pending} tn)`,
  applied: GRAIN_MSG.tonsApplied,
  notFromAcopio: 'Solo se aplican a un contrato toneladas de un Acopio: mové primero el stock del silo o la silobolsa.',
  stockMissing: 'No se encontró el stock de granos del movimiento',
} as const;
