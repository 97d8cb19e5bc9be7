import { z } from 'zod';
import { optionalId, requiredIdOf } from './ids';

/**
 * Shared pieces of the field records (issue 12: rains, monitorings, notes): ids, days and texts with our Spanish
 * messages (voseo). Ids '' / 0 / null mean none; texts are trimmed and '' is null.
 */
export const FIELD_RECORD_MSG = {
  farmRequired: 'Seleccioná el establecimiento',
  plotRequired: 'Seleccioná el lote',
  dateRequired: 'Ingresá la fecha',
  dateInvalid: 'La fecha no es válida (AAAA-MM-DD)',
  numberInvalid: 'El número no es válido',
  textTooLong: (max: number) => `El texto no puede superar los ${max} caracteres`,
  farmNotFound: 'El establecimiento no existe o no está compartido en este espacio de trabajo',
  plotNotOfFarm: 'El lote no pertenece al establecimiento',
  plotNotFound: 'El lote no existe',
  fileNotFound: 'El archivo no existe',
  tooManyFiles: (max: number) => `Podés adjuntar hasta ${max} archivos`,
} as const;

/** An optional id ('' / 0 / null = none). */
export const recordIdOrNull = optionalId;

/** A required id whose absence answers `message`. */
export const recordRequiredId = requiredIdOf;

const isCalendarDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** A required calendar day YYYY-MM-DD (an ISO instant is cut to its day). */
export const recordDay = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx): string => {
    if (v === undefined || v === null || v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: FIELD_RECORD_MSG.dateRequired });
      return z.NEVER;
    }
    const day = v.trim().slice(0, 10);
    if (!isCalendarDay(day)) {
      ctx.addIssue({ code: 'custom', message: FIELD_RECORD_MSG.dateInvalid });
      return z.NEVER;
    }
    return day;
  });

/** An optional day filter (list `date` gt/lt); '' = none. */
export const recordDayOrNull = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx): string | null => {
    if (v === undefined || v === null || v.trim() === '') return null;
    const day = v.trim().slice(0, 10);
    if (!isCalendarDay(day)) {
      ctx.addIssue({ code: 'custom', message: FIELD_RECORD_MSG.dateInvalid });
      return z.NEVER;
    }
    return day;
  });

/** An optional text up to `max` characters (trimmed; '' = null). */
export const recordText = (max: number) =>
  z
    .union([z.string().max(max, FIELD_RECORD_MSG.textTooLong(max)), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()));

/** A required text up to `max` characters; missing or blank answers `message`. */
export const recordRequiredText = (max: number, message: string) =>
  recordText(max).transform((v, ctx): string => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });
