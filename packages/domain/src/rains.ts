import Big from 'big.js';
import { z } from 'zod';
import { CAMPAIGN_MESSAGE, isValidCampaignName } from './campaign';
import { toBig } from './inventory';
import { FIELD_RECORD_MSG, recordDay, recordIdOrNull, recordRequiredId, recordText } from './field-records';

/**
 * Registros de lluvia (issue 12 §4): farm, optional plot of that farm, day, millimetres (0 to 500, one decimal) and
 * observations. The events view sums them per month of the campaign (July → June) and farm.
 */
export const RAIN_MM_MAX = 500;
export const RAIN_MM_SCALE = 1;
export const RAIN_OBSERVATIONS_MAX = 500;

export const RAIN_MSG = {
  ...FIELD_RECORD_MSG,
  millimetersRequired: 'Ingresá los milímetros',
  millimetersRange: 'Los milímetros deben estar entre 0 y 500',
  notFound: 'El registro de lluvia no existe',
  created: 'Lluvia registrada',
  updated: 'Lluvia actualizada',
  deleted: 'Lluvia eliminada',
} as const;

/** Millimetres as a canonical string with one decimal ("12.5"); accepts "12,5". */
export const millimetersField = z
  .union([z.number(), z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx): string => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: RAIN_MSG.millimetersRequired });
      return z.NEVER;
    }
    const d = toBig(v);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: RAIN_MSG.numberInvalid });
      return z.NEVER;
    }
    const r = d.round(RAIN_MM_SCALE, Big.roundHalfUp);
    if (r.lt(0) || r.gt(RAIN_MM_MAX)) {
      ctx.addIssue({ code: 'custom', message: RAIN_MSG.millimetersRange });
      return z.NEVER;
    }
    return r.toFixed(RAIN_MM_SCALE);
  });

/** Body of `POST rains` and `PUT rains?rain_id=`. */
export const RainBody = z.object({
  farm_id: recordRequiredId(RAIN_MSG.farmRequired),
  field_id: recordIdOrNull,
  date: recordDay,
  millimeters: millimetersField,
  observations: recordText(RAIN_OBSERVATIONS_MAX),
});
export type RainBody = z.infer<typeof RainBody>;
export type RainInput = z.input<typeof RainBody>;

/** A row of `GET rains` (and the record of `GET rains?rain_id=`). */
export type RainRow = {
  rain_id: number;
  farm_id: number;
  farm_name: string;
  field_id: number | null;
  field_name: string | null;
  date: string;
  millimeters: string;
  observations: string | null;
  created_at: string;
  updated_at: string;
};

/** Query of `GET rains/events`: the campaign (2025/26) and optionally one farm. */
export const RainEventsQuery = z.object({
  campaign: z
    .string({ error: CAMPAIGN_MESSAGE })
    .trim()
    .refine((s) => isValidCampaignName(s), CAMPAIGN_MESSAGE),
  farm_id: recordIdOrNull,
});
export type RainEventsQuery = z.infer<typeof RainEventsQuery>;

/** The campaign's months in order (July → June) as `YYYY-MM`, and its first and last day. */
export function campaignMonths(campaign: string): { months: string[]; from: string; to: string } {
  const start = Number(campaign.slice(0, 4));
  const months = Array.from({ length: 12 }, (_, i) => {
    const m = ((6 + i) % 12) + 1;
    const y = i < 6 ? start : start + 1;
    return `${y}-${String(m).padStart(2, '0')}`;
  });
  return { months, from: `${start}-07-01`, to: `${start + 1}-06-30` };
}

/** Spanish month names, January first (index = month - 1). */
export const MONTH_NAMES_ES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'] as const;

/** Answer of `GET rains/events`: per farm, the millimetres of each campaign month (same order as `months`) and the total. */
export type RainEvents = {
  campaign: string;
  months: string[];
  farms: { farm_id: number; farm_name: string; monthly: string[]; total: string; rains: number }[];
  total: string;
};
