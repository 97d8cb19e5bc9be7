import { z } from 'zod';
import { ListQuery } from './list-query';
import { WORK_ORDER_STATUSES } from './reference';
import { optionalDecimalField } from './inventory';

/**
 * Work orders (spec doc 2 §2.3, §2.6, §2.7, §3 "Work order", §4, §5, §7 "Work orders", §8, §9; issue 10).
 * Hectares carry 2 decimals, doses 5 (sent so, shown as totals with 3), prices and rates 2; all with big.js.
 */

export const WORK_ORDER_STATUS = {
  UNDELIVERED: 1,
  DELIVERED: 2,
  DONE: 3,
  INVOICED: 4,
  PAID: 5,
  CANCELLED: 6,
  PLANNED: 7,
  CERTIFIED: 8,
} as const;
export type WorkOrderStatusId = (typeof WORK_ORDER_STATUS)[keyof typeof WORK_ORDER_STATUS];
export const WORK_ORDER_STATUS_IDS = WORK_ORDER_STATUSES.map((s) => s.status_id) as WorkOrderStatusId[];
/** Names as the `work_order_statuses` table holds them. */
export const WORK_ORDER_STATUS_NAMES: Record<WorkOrderStatusId, string> = Object.fromEntries(WORK_ORDER_STATUSES.map((s) => [s.status_id, s.name])) as Record<WorkOrderStatusId, string>;
/** The workspace the spec allows Certificada in (doc 2 §4, §9); the API reads its list from CERTIFIED_STATUS_WORKSPACES. */
export const CERTIFIED_DEFAULT_WORKSPACES = [11223] as const;
/** Leaving Realizada for one of these keeps the supplies used (the work was done). */
export const KEEPS_STOCK_USED: readonly WorkOrderStatusId[] = [WORK_ORDER_STATUS.DONE, WORK_ORDER_STATUS.INVOICED, WORK_ORDER_STATUS.PAID, WORK_ORDER_STATUS.CERTIFIED];

/** List tabs (doc 2 §2.6): Creadas, Planificadas, Deshabilitados. */
export const WORK_ORDER_TABS = ['created', 'planned', 'disabled'] as const;
export type WorkOrderTab = (typeof WORK_ORDER_TABS)[number];
export const WORK_ORDER_TAB_LABELS: Record<WorkOrderTab, string> = { created: 'Creadas', planned: 'Planificadas', disabled: 'Deshabilitados' };
/** Statuses each not-deleted tab shows; 'disabled' shows deleted orders only, whatever their status. */
export const WORK_ORDER_TAB_STATUSES: Record<Exclude<WorkOrderTab, 'disabled'>, readonly WorkOrderStatusId[]> = {
  created: [1, 2, 3, 4, 5, 6, 8],
  planned: [7],
};

/** Preset observation choices (doc 2 §2.7). */
export const WORK_ORDER_OBSERVATIONS = [
  'Repasar caminos',
  'Repasar alambrados',
  'Aplicar con -15 km/h de viento',
  'Aplicar con +50 % de HR',
  'Aplicar con -28 °C de temperatura',
] as const;

/** Page sizes (doc 2 §9). */
export const WORK_ORDER_SERVER_PAGE_SIZE = 40;
export const WORK_ORDER_HISTORY_PAGE_SIZES = [5, 10] as const;
/** Labor dates default to today and today + 3 days (doc 2 §9). */
export const DEFAULT_LABOR_DAYS = 3;
/** Contributions are complete from this percentage of the total cost (doc 2 §9). */
export const CONTRIBUTIONS_COMPLETE_PERCENT = '99.99';

export const HECTARES_SCALE = 2;
export const DOSE_SCALE = 5;
export const DOSE_TOTAL_SCALE = 3;
export const MONEY_SCALE = 2;

export const WORK_ORDER_MSG = {
  // doc 2 §5, §8 (verbatim)
  establishmentRequired: 'Debe seleccionar un Establecimiento.',
  lotsRequired: 'Lotes: Los campos Lote y Hectáreas son obligatorios.',
  laborRequired: 'Debe seleccionar una Labor.',
  exchangeRateRequired: 'Debe ingresar Tipo de cambio.',
  suppliesRequired: 'Insumos: Los campos de Dosis y Precio son obligatorios.',
  lotWithoutEstablishment: 'Debe seleccionar un establecimiento.',
  created: 'Orden de trabajo creada!',
  edited: 'Orden de trabajo editada!',
  statusChanged: 'Estado modificado con éxito',
  statusFailed: 'Hubo un error',
  dateRequired: 'Debe seleccionar una fecha.',
  // issue 10 contract
  notFound: 'Orden de trabajo no encontrada',
  hectaresExceeded: 'Las hectáreas a aplicar no pueden superar las del lote.',
  disabledReadOnly: 'La orden de trabajo está deshabilitada.',
  certifiedUnavailable: 'El estado Certificada no está disponible en este espacio de trabajo.',
  stockExceeded: 'El uso de insumos supera el stock disponible.',
  stockExceededLine: (supply: string, used: string, available: string, unit: string, warehouse: string) =>
    `${supply}: se usan ${used} ${unit}, hay ${available} ${unit} en ${warehouse}`,
  // our own (voseo)
  disabled: 'Orden de trabajo deshabilitada',
  restored: 'Orden de trabajo habilitada',
  notDisabled: 'La orden de trabajo no está deshabilitada.',
  startDateRequired: 'Seleccioná la fecha de inicio de la labor.',
  endDateRequired: 'Seleccioná la fecha de fin de la labor.',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la de inicio.',
  statusInvalid: 'El estado elegido no existe.',
  plannedOnly: 'Solo se puede crear una orden Sin entregar o Planificada.',
  lotRepeated: 'Ese lote ya está en la orden.',
  lotNotInPlan: 'El lote no pertenece al establecimiento elegido.',
  stageNotOfCrop: 'La etapa no corresponde al cultivo.',
  stockNotOfSupply: 'El stock elegido no es de ese insumo.',
  unitNotOfStock: 'La unidad no coincide con la del stock elegido.',
  observationInvalid: 'Elegí una de las observaciones predefinidas.',
  numberInvalid: 'El número no es válido',
  textTooLong: (max: number) => `El texto no puede superar los ${max} caracteres`,
  notificationTitle: 'Orden de trabajo',
  notificationBody: (id: number, status: string) => `La orden de trabajo ${id} pasó a ${status}.`,
  // contributions (doc 2 §5, §8)
  contributionSaved: 'Aporte guardado correctamente',
  contributionSaveFailed: 'Error al guardar el aporte',
  contributionDeleted: 'Aporte eliminado',
  contributionDeleteFailed: 'Error al eliminar el aporte',
  contributionsUnavailable: 'Aportes no disponible para esta compania',
  contributionPositive: 'El aporte y el tipo de cambio deben ser mayores a 0.',
  contributionExceeds: 'Este aporte superara el total de los aportes, ¿Desea continuar?',
  // prescriptions (doc 2 §5, §8, §9)
  recipeRequested: '¡Receta solicitada!',
} as const;

/** History actions (contract) and the labels the panel shows (doc 2 §2.7); 'status' shows the status name. */
export const HISTORY_ACTIONS = ['created', 'updated', 'deleted', 'restored', 'status', 'added', 'removed'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];
export const HISTORY_ACTION_LABELS: Record<Exclude<HistoryAction, 'status'>, string> = {
  created: 'Creada',
  updated: 'Edición',
  deleted: 'Deshabilitada',
  restored: 'Habilitada',
  removed: 'Eliminada',
  added: 'Agregada',
};
/** The label of a history row: the action's, or the status name of a status change. */
export function historyLabel(action: HistoryAction, status: { name: string } | null | undefined): string {
  if (action === 'status') return status?.name ?? '';
  return HISTORY_ACTION_LABELS[action];
}

// ---------------------------------------------------------------------------------------------------------------
// Body fields

const MAX_ID = 2_147_483_647;
const blank = (v: unknown) => v === undefined || v === null || v === 0 || v === '0' || (typeof v === 'string' && v.trim() === '');

/** An id that may be missing ('' / 0 / null = none). */
const idOrNull = z
  .union([z.string().max(20), z.number(), z.null()])
  .optional()
  .transform((v, ctx): number | null => {
    if (blank(v)) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: WORK_ORDER_MSG.numberInvalid });
      return z.NEVER;
    }
    return n;
  });

/** A required id whose absence answers the spec's message. */
const requiredId = (message: string) =>
  idOrNull.transform((v, ctx): number => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });

const nullableText = (max: number) =>
  z
    .union([z.string().max(max, WORK_ORDER_MSG.textTooLong(max)), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

const isCalendarDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
/** A calendar day `YYYY-MM-DD` (an ISO instant is cut to its day); `message` when missing or not a day. */
const requiredDay = (message: string) =>
  z
    .union([z.string().max(40), z.null()])
    .optional()
    .transform((v, ctx): string => {
      const day = (v ?? '').trim().slice(0, 10);
      if (!isCalendarDay(day)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return day;
    });

const hectaresField = optionalDecimalField({ scale: HECTARES_SCALE, max: 1e9, min: 'positive', minMessage: WORK_ORDER_MSG.lotsRequired });
const doseField = optionalDecimalField({ scale: DOSE_SCALE, max: 1e9, min: 'positive', minMessage: WORK_ORDER_MSG.suppliesRequired });
const supplyPriceField = optionalDecimalField({ scale: MONEY_SCALE, max: 1e12, min: 'non-negative', minMessage: WORK_ORDER_MSG.suppliesRequired });
const laborPriceField = optionalDecimalField({ scale: MONEY_SCALE, max: 1e12, min: 'non-negative', minMessage: WORK_ORDER_MSG.numberInvalid });
const exchangeRateField = optionalDecimalField({ scale: MONEY_SCALE, max: 1e8, min: 'positive', minMessage: WORK_ORDER_MSG.exchangeRateRequired });

/** A lot of the order: lot and hectares required (doc 2 §5); crop, sequence and stage optional. */
export const WorkOrderFieldCropInput = z
  .object({
    field_crop_id: idOrNull,
    hectares_to_apply: hectaresField,
    crop_id: idOrNull,
    crop_sequence_id: z.coerce.number().int().min(0).max(6).nullable().optional(),
    stage_id: idOrNull,
  })
  .transform((row, ctx) => {
    if (row.field_crop_id === null || row.hectares_to_apply === null) {
      ctx.addIssue({ code: 'custom', message: WORK_ORDER_MSG.lotsRequired });
      return z.NEVER;
    }
    return { ...row, field_crop_id: row.field_crop_id, hectares_to_apply: row.hectares_to_apply, crop_sequence_id: row.crop_sequence_id ?? null };
  });
export type WorkOrderFieldCropInput = z.output<typeof WorkOrderFieldCropInput>;

/** A supply of the order: with a supply chosen, dose and price are required (doc 2 §5). Unit defaults to the supply's. */
export const WorkOrderSupplyInput = z
  .object({
    supply_id: idOrNull,
    unit_id: idOrNull,
    dose_to_apply: doseField,
    price: supplyPriceField,
    fill_order: z.coerce.number().int().min(1).max(99).nullable().optional(),
    stock_id: idOrNull,
  })
  .transform((row, ctx) => {
    if (row.supply_id === null) return null; // an empty row the form left: ignored
    if (row.dose_to_apply === null || row.price === null) {
      ctx.addIssue({ code: 'custom', message: WORK_ORDER_MSG.suppliesRequired });
      return z.NEVER;
    }
    return { ...row, supply_id: row.supply_id, dose_to_apply: row.dose_to_apply, price: row.price, fill_order: row.fill_order ?? null };
  });
export type WorkOrderSupplyInput = NonNullable<z.output<typeof WorkOrderSupplyInput>>;

/** POST / PUT work-orders (contract "Calls"). Only 1 (default) or 7 are accepted as the status of a new order. */
export const WorkOrderBody = z
  .object({
    season_plan_id: requiredId(WORK_ORDER_MSG.establishmentRequired),
    contractor_id: idOrNull,
    labor_id: requiredId(WORK_ORDER_MSG.laborRequired),
    price: laborPriceField.transform((v) => v ?? '0.00'),
    exchange_rate: exchangeRateField.transform((v, ctx): string => {
      if (v === null) {
        ctx.addIssue({ code: 'custom', message: WORK_ORDER_MSG.exchangeRateRequired });
        return z.NEVER;
      }
      return v;
    }),
    labor_start_date: requiredDay(WORK_ORDER_MSG.startDateRequired),
    labor_end_date: requiredDay(WORK_ORDER_MSG.endDateRequired),
    notes: nullableText(2000),
    observations: z.array(z.enum(WORK_ORDER_OBSERVATIONS, { error: WORK_ORDER_MSG.observationInvalid })).max(WORK_ORDER_OBSERVATIONS.length).optional().default([]),
    status_id: z.union([z.literal(1), z.literal(7)], { error: WORK_ORDER_MSG.plannedOnly }).optional().default(1),
    // an empty list answers like one empty lot
    field_crops: z.array(WorkOrderFieldCropInput).max(200).optional().default([]).refine((rows) => rows.length > 0, WORK_ORDER_MSG.lotsRequired),
    supplies: z
      .array(WorkOrderSupplyInput)
      .max(100)
      .optional()
      .default([])
      .transform((rows) => rows.filter((r): r is WorkOrderSupplyInput => r !== null)),
    adversities: z.array(z.object({ adversity_id: z.coerce.number().int().positive().max(MAX_ID) })).max(50).optional().default([]),
  })
  .superRefine((b, ctx) => {
    if (b.labor_end_date < b.labor_start_date) ctx.addIssue({ code: 'custom', path: ['labor_end_date'], message: WORK_ORDER_MSG.endBeforeStart });
    const seen = new Set<number>();
    b.field_crops.forEach((r, i) => {
      if (seen.has(r.field_crop_id)) ctx.addIssue({ code: 'custom', path: ['field_crops', i, 'field_crop_id'], message: WORK_ORDER_MSG.lotRepeated });
      seen.add(r.field_crop_id);
    });
  });
export type WorkOrderBody = z.output<typeof WorkOrderBody>;
export type WorkOrderBodyInput = z.input<typeof WorkOrderBody>;

/** PUT work-orders/{id}/status/{status_id}: labor_date required for 3 (checked with the path's status). */
export const WorkOrderStatusBody = z.object({
  status_id: z.coerce.number().int().min(1).max(8).optional(),
  labor_date: z
    .union([z.string().max(40), z.null()])
    .optional()
    .transform((v, ctx): string | null => {
      const day = (v ?? '').trim().slice(0, 10);
      if (day === '') return null;
      if (!isCalendarDay(day)) {
        ctx.addIssue({ code: 'custom', message: WORK_ORDER_MSG.dateRequired });
        return z.NEVER;
      }
      return day;
    }),
  observations: nullableText(1000),
  confirm_stock: z.boolean().optional().default(false),
});
export type WorkOrderStatusBody = z.output<typeof WorkOrderStatusBody>;
export type WorkOrderStatusBodyInput = z.input<typeof WorkOrderStatusBody>;

const idList = z
  .string()
  .max(2000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, WORK_ORDER_MSG.numberInvalid)
  .transform((s) => [...new Set(s.split(',').map(Number))].slice(0, 200))
  .optional();

/** GET work-orders (list and one order by work_order_id). */
export const WorkOrderListQuery = ListQuery.extend({
  work_order_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  tab: z.enum(WORK_ORDER_TABS).optional(),
  contributions: z.enum(['true', 'false']).optional(),
  search: z.string().max(120).optional(),
});
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuery>;

/** GET work-orders/prices: last price per labor and per supply (comma lists). */
export const WorkOrderPricesQuery = z.object({
  labor_id: idList,
  supply_id: idList,
  workspace_id: z.coerce.number().int().positive().optional(),
  workspace: z.enum(['true', 'false']).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// Contributions (doc 2 §5; W3 serves them)

const positiveMoney = optionalDecimalField({ scale: MONEY_SCALE, max: 1e12, min: 'positive', minMessage: WORK_ORDER_MSG.contributionPositive }).transform((v, ctx): string => {
  if (v === null) {
    ctx.addIssue({ code: 'custom', message: WORK_ORDER_MSG.contributionPositive });
    return z.NEVER;
  }
  return v;
});
const laborContribution = z.object({ partner_id: z.coerce.number().int().positive().max(MAX_ID), contribution: positiveMoney, exchange_rate: positiveMoney });
const supplyContribution = laborContribution.extend({ supply_id: z.coerce.number().int().positive().max(MAX_ID) });
const ids = z.array(z.coerce.number().int().positive().max(MAX_ID)).max(500).optional().default([]);

export const ContributionsBody = z.object({
  labor_contributions: z
    .object({
      save: z.array(laborContribution).max(200).optional().default([]),
      update: z.array(laborContribution.extend({ labor_contribution_id: z.coerce.number().int().positive().max(MAX_ID) })).max(200).optional().default([]),
      destroy: ids,
    })
    .optional()
    .default({ save: [], update: [], destroy: [] }),
  supply_contributions: z
    .object({
      save: z.array(supplyContribution).max(500).optional().default([]),
      update: z.array(supplyContribution.extend({ supply_contribution_id: z.coerce.number().int().positive().max(MAX_ID) })).max(500).optional().default([]),
      destroy: ids,
    })
    .optional()
    .default({ save: [], update: [], destroy: [] }),
});
export type ContributionsBody = z.output<typeof ContributionsBody>;
export type ContributionsBodyInput = z.input<typeof ContributionsBody>;
