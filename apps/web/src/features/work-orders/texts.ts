import { WORK_ORDER_MSG } from '@fm/domain';

/** The spec's messages (from @fm/domain) and the few texts only these screens use (voseo). */
export const WO_TEXT = {
  ...WORK_ORDER_MSG,
  lotWithoutPlan: WORK_ORDER_MSG.lotWithoutEstablishment,
  pdfFailed: 'No se pudo descargar el PDF de la orden.',
  confirmDisable: (id: number) => `¿Deshabilitar la orden de trabajo ${id}?`,
  confirmDisableBody: 'Los insumos descontados del stock vuelven a sus depósitos.',
  confirmEnable: (id: number) => `¿Habilitar la orden de trabajo ${id}?`,
  confirmToCreated: (id: number) => `¿Pasar la orden ${id} a creada?`,
  stockConfirmTitle: 'El uso de insumos supera el stock disponible.',
  stockConfirmBody: 'Si continuás, se descuenta solo lo que hay en cada depósito.',
  readOnly: 'La orden está deshabilitada: habilitala para editarla.',
} as const;
