import Big from 'big.js';
import { toBig } from './inventory';
import { PLATE_MESSAGE } from './plate';
import type { DestinationType } from './reference';

/**
 * Grain commercialization (spec doc 3 §2 "Grain movements list" … "Grain stock screens", §3, §4, §5, §8, §9; issue 11):
 * statuses, messages, request bodies and the pure rules (contract status, pending tons, linked prices, humidity shrink,
 * plates, CTG). Tons carry 3 decimals ("commercial weights are rounded to 3 decimals"), prices and rates 2.
 */
export const GRAIN_MOVEMENT_STATUS = { IN_TRANSIT: 'En tránsito', AT_DESTINATION: 'En destino' } as const;
export const GRAIN_MOVEMENT_STATUSES = [GRAIN_MOVEMENT_STATUS.IN_TRANSIT, GRAIN_MOVEMENT_STATUS.AT_DESTINATION] as const;
export type GrainMovementStatus = (typeof GRAIN_MOVEMENT_STATUSES)[number];

export const CONTRACT_STATUS = { NOT_DELIVERED: 'Sin entregar', PARTIAL: 'Entrega parcial', FULFILLED: 'Cumplido' } as const;
export const CONTRACT_STATUSES = [CONTRACT_STATUS.NOT_DELIVERED, CONTRACT_STATUS.PARTIAL, CONTRACT_STATUS.FULFILLED] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Contract "condición" (Opcional section); none = null. */
export const CONTRACT_CONDITIONS = ['Forward', 'Cont. c/Entrega'] as const;
export type ContractCondition = (typeof CONTRACT_CONDITIONS)[number];

/** Stock list row actions (§2 "Grain stock screens", §4 "Stock"). */
export const DELIVERY_DESTINATION_TYPES: readonly DestinationType[] = ['Acopio'];
export const MOVABLE_DESTINATION_TYPES: readonly DestinationType[] = ['Silo', 'Silobolsa'];
/** The destination choice of the new-stock form that creates a Silobolsa first. */
export const CREATE_SILOBAG_LABEL = 'Crear silobolsa';

/** grain_stock_transactions.kind: 'alta' new stock, 'recepcion', 'salida' move-out, 'entrega' delivery, 'reverso'. */
export const GRAIN_STOCK_TRANSACTION_KINDS = ['alta', 'recepcion', 'salida', 'entrega', 'reverso'] as const;
export type GrainStockTransactionKind = (typeof GRAIN_STOCK_TRANSACTION_KINDS)[number];
export const GRAIN_STOCK_TRANSACTION_LABELS: Record<GrainStockTransactionKind, string> = {
  alta: 'Alta',
  recepcion: 'Recepción',
  salida: 'Salida',
  entrega: 'Entrega',
  reverso: 'Reverso',
};

export const TONS_SCALE = 3;
export const GRAIN_PRICE_SCALE = 2;
export const HUMIDITY_SCALE = 2;
/** Bulk load: humidity and tons up to 3 decimals, rounded to 2 (§9). */
export const BULK_DECIMALS_SCALE = 2;
export const GRAIN_PAGE_SIZES = [5, 10, 15] as const;

export const GRAIN_MSG = {
  // §5 Contract (verbatim)
  companyRequired: 'El campo Empresa es obligatorio',
  productRequired: 'El campo Producto es obligatorio',
  buyerRequired: 'El campo Comprador es obligatorio',
  seasonRequired: 'El campo Campaña es obligatorio',
  contractTonsPositive: 'El campo Tn comprometidas debe ser mayor a 0',
  contractPricePositive: 'El campo Precio (US$/tn) debe ser mayor a 0',
  // §5 Movement (verbatim)
  planRequired: 'Campaña - Empresa - Establecimiento es obligatorio',
  plotRequired: 'El lote es obligatorio',
  destinationRequired: 'El campo Destino es obligatorio',
  transportRequired: 'El campo Transporte es obligatorio',
  freightPricePositive: 'El campo Precio flete (US$/tn) debe ser mayor a 0',
  tonsPositive: 'El campo Toneladas debe ser mayor a 0',
  humidityRequired: 'El campo Humedad es obligatorio',
  partnerRequired: 'El campo Socio es obligatorio',
  // §5 New stock / Move stock (verbatim)
  silobagNameRequired: 'Nombre de Silobolsa es requerido',
  tonsAboveStock: 'Las toneladas no pueden superar el stock.',
  carrierTransportRequired: 'El campo Transportista es obligatorio',
  // §5 Receptions, Apply tons (verbatim)
  receptionsRequired: 'Seleccione al menos un movimiento para recepcionar',
  noMovementSelected: 'No ha seleccionado ningún movimiento.',
  noContractSelected: 'No ha seleccionado ningún contrato.',
  tonsAboveAvailable: 'La cantidad de toneladas indicada es mayor a la cantidad de toneladas disponibles.',
  // §8 toasts and confirmations (verbatim)
  ok: '¡OK!',
  deleted: 'Eliminado',
  saved: 'Guardado',
  bulkLoaded: '¡Se cargaron correctamente!',
  tonsApplied: '¡Toneladas aplicadas!',
  registered: '¡Se registró con éxito!',
  confirmDeleteContract: '¿Querés eliminar el contrato?',
  confirmDeleteDelivery: '¿Querés eliminar la entrega?',
  confirmDeleteMovement: '¿Querés eliminar el movimiento?',
  confirmDeleteStock: '¿Querés eliminar el stock de granos?',
  confirmDeleteTransaction: '¿Querés eliminar la transacción?',
  // issue 11 contract (our wording where the spec shows none)
  humidityRange: 'La humedad debe estar entre 0 y 100',
  ctgInvalid: 'El CTG debe tener 11 dígitos',
  plateInvalid: PLATE_MESSAGE,
  numberInvalid: 'El número no es válido',
  numberTooLarge: 'El número es demasiado grande',
  exchangeRatePositive: 'El tipo de cambio debe ser mayor a 0',
  pricePositive: 'El precio debe ser mayor a 0',
  dateInvalid: 'La fecha no es válida (AAAA-MM-DD)',
  textTooLong: (max: number) => `El texto no puede superar los ${max} caracteres`,
  conditionInvalid: 'La condición debe ser Forward o Cont. c/Entrega',
  movementsRequired: 'Agregá al menos un movimiento',
  movementRepeated: 'Un movimiento está repetido',
  movementReceived: 'El movimiento ya fue recepcionado y no se puede modificar.',
  movementNotInTransit: 'El movimiento ya fue recepcionado.',
  movementNotFound: 'No se encontró el movimiento',
  stockNotFound: 'No se encontró el stock',
  stockNotEmpty: 'Solo se puede eliminar un stock de granos sin toneladas.',
  stockNotMovable: 'Solo se puede mover stock de un Silo o Silobolsa.',
  stockInsufficient: (available: string) => `No hay stock suficiente (disponible: ${available} tn).`,
  transactionNotFound: 'No se encontró la transacción',
  plotNotInPlan: 'El lote no pertenece a Campaña - Empresa - Establecimiento',
  planNotFound: 'No se encontró Campaña - Empresa - Establecimiento',
  destinationNotFound: 'No se encontró el destino',
  transportNotFound: 'No se encontró el transporte',
  carrierNotInTransport: 'El chofer no pertenece al transporte',
  partnerNotInAgreement: 'El socio no pertenece al convenio',
  contractNotFound: 'No se encontró el contrato',
  contractFulfilled: 'El contrato ya está cumplido.',
  contractHasDeliveries: 'Solo se puede eliminar un contrato Sin entregar.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Pure rules

type Dec = Big | string | number;
const big = (v: Dec) => (v instanceof Big ? v : new Big(v));

/** Tons rounded half-up to 3 decimals, as a string. */
export const roundTons = (v: Dec): string => big(v).round(TONS_SCALE, Big.roundHalfUp).toFixed(TONS_SCALE);

/** Sin entregar at 0 delivered, Entrega parcial while 0 < delivered < committed, Cumplido at delivered ≥ committed. */
export function contractStatus(tons: Dec, delivered: Dec): ContractStatus {
  const d = big(delivered);
  if (d.lte(0)) return CONTRACT_STATUS.NOT_DELIVERED;
  return d.gte(big(tons)) ? CONTRACT_STATUS.FULFILLED : CONTRACT_STATUS.PARTIAL;
}

/** Pending tons of a contract: committed − delivered, 2 decimals (§9); may be negative when over-delivered. */
export const pendingTons = (tons: Dec, delivered: Dec): string => big(tons).minus(big(delivered)).round(2, Big.roundHalfUp).toFixed(2);

/** The three linked price fields (§2 "Contract form"): each recomputed from the other two, 2 decimals; null when not computable. */
const price2 = (v: Big) => v.round(GRAIN_PRICE_SCALE, Big.roundHalfUp).toFixed(GRAIN_PRICE_SCALE);
const positive = (v: unknown): Big | undefined => {
  const b = toBig(v);
  return b && b.gt(0) ? b : undefined;
};
export function usdFromArs(ars: unknown, rate: unknown): string | null {
  const a = toBig(ars);
  const r = positive(rate);
  return a && r ? price2(a.div(r)) : null;
}
export function arsFromUsd(usd: unknown, rate: unknown): string | null {
  const u = toBig(usd);
  const r = toBig(rate);
  return u && r ? price2(u.times(r)) : null;
}
export function rateFromPrices(ars: unknown, usd: unknown): string | null {
  const a = toBig(ars);
  const u = positive(usd);
  return a && u ? price2(a.div(u)) : null;
}

/** A crop's humidity standard (grain_humidity_standards). */
export type HumidityStandard = { base_humidity: Dec; drying_humidity: Dec; shrink_factor: Dec; handling_loss: Dec };

/**
 * Merma por secado, % of the gross weight: none at or below the reception tolerance (`base_humidity`); above it
 * (humidity − drying_humidity) × shrink_factor + handling_loss, the Res. SAGyP 1075/94 tables (shrink_factor =
 * 100 / (100 − drying_humidity)). 2 decimals.
 */
export function shrinkPercent(humidity: Dec, std: HumidityStandard): string {
  const h = big(humidity);
  if (h.lte(big(std.base_humidity))) return '0.00';
  const pct = h.minus(big(std.drying_humidity)).times(big(std.shrink_factor)).plus(big(std.handling_loss));
  return (pct.lt(0) ? new Big(0) : pct.gt(100) ? new Big(100) : pct).round(2, Big.roundHalfUp).toFixed(2);
}

/** Gross tons and humidity → shrink %, shrink tons and net tons (3 decimals). Without a standard, no shrink. */
export function humidityShrink(grossTons: Dec, humidity: Dec, std: HumidityStandard | null | undefined) {
  const pct = std ? shrinkPercent(humidity, std) : '0.00';
  const shrink = big(grossTons).times(big(pct)).div(100).round(TONS_SCALE, Big.roundHalfUp);
  return { shrink_percent: pct, shrink_tons: shrink.toFixed(TONS_SCALE), net_tons: roundTons(big(grossTons).minus(shrink)) };
}

/**
 * Usual Argentine values (the seed of grain_humidity_standards, keyed by the crop ids of db/seed/reference.ts):
 * [crop_id, tolerance, humidity the shrink is computed to]; handling loss 0.25 %.
 */
export const HUMIDITY_STANDARD_SOURCE =
  'Res. ex-SAGyP 1075/94 y normas de calidad (tablas de merma por humedad de la Cámara Arbitral de Cereales, Bolsa de Comercio de Rosario): merma = (H − Hc) × 100 / (100 − Hc) + 0,25 % de manipuleo, si H supera la tolerancia de recibo';
const STANDARD_ROWS: [cropId: number, base: string, drying: string][] = [
  [1, '13.50', '13.00'], // soja
  [2, '14.50', '13.50'], // maíz
  [3, '14.00', '13.50'], // trigo
  [4, '11.00', '10.50'], // girasol
  [5, '15.00', '13.50'], // sorgo
  [6, '12.50', '12.00'], // cebada (cervecera)
  [7, '9.00', '8.50'], // maní
  [8, '8.00', '7.50'], // colza
  [9, '14.00', '13.50'], // avena
  [10, '14.00', '13.50'], // arroz
  [11, '14.00', '13.50'], // trigo candeal
];
export const GRAIN_HUMIDITY_STANDARDS = STANDARD_ROWS.map(([crop_id, base_humidity, drying_humidity]) => ({
  crop_id,
  base_humidity,
  drying_humidity,
  shrink_factor: new Big(100).div(new Big(100).minus(drying_humidity)).round(3, Big.roundHalfUp).toFixed(3),
  handling_loss: '0.25',
  source: HUMIDITY_STANDARD_SOURCE,
}));

/** CTG: 11 digits; spaces, dashes and dots the user typed are removed. */
export const normalizeCtg = (input: string): string => input.replace(/[\s.-]/g, '');
export const isValidCtg = (input: string): boolean => /^\d{11}$/.test(normalizeCtg(input));

/** Whether a stock row offers each action (§2 "Grain stock screens", §4 "Stock"). */
export function stockActions(row: { destination_type: string; tons: Dec }) {
  const t = big(row.tons);
  return {
    deliveries: DELIVERY_DESTINATION_TYPES.includes(row.destination_type as DestinationType) && t.gt(0),
    delete: t.lte(0),
    move: MOVABLE_DESTINATION_TYPES.includes(row.destination_type as DestinationType) && t.gte(0),
  };
}
