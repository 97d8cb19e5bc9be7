import Big from 'big.js';
import { z } from 'zod';
import { toBig } from './inventory';
import { FIELD_RECORD_MSG, recordDay, recordIdOrNull, recordRequiredId, recordText } from './field-records';

/**
 * Monitoreos (issue 12 §5): plot and day, crop and stage, the adversities found (incidence % 0-100 with two decimals,
 * severity 1-5), photos (uploaded to the saved record), an optional GPS point, recommendation and observations.
 */
export const MONITORING_TEXT_MAX = 2000;
export const MONITORING_MAX_PHOTOS = 10;
export const MONITORING_MAX_ADVERSITIES = 50;
export const SEVERITY_MIN = 1;
export const SEVERITY_MAX = 5;

export const MONITORING_MSG = {
  ...FIELD_RECORD_MSG,
  adversityRequired: 'Seleccioná la adversidad',
  adversityRepeated: 'La adversidad ya está cargada en este monitoreo',
  incidenceRequired: 'Ingresá la incidencia',
  incidenceRange: 'La incidencia debe estar entre 0 y 100 %',
  severityRequired: 'Seleccioná la severidad',
  severityRange: 'La severidad debe estar entre 1 y 5',
  latitudeRange: 'La latitud debe estar entre -90 y 90',
  longitudeRange: 'La longitud debe estar entre -180 y 180',
  pointIncomplete: 'Ingresá la latitud y la longitud del punto',
  stageNotOfCrop: 'La etapa no corresponde al cultivo',
  stageWithoutCrop: 'Seleccioná el cultivo de la etapa',
  photoInvalid: 'La foto debe ser una imagen JPG, PNG o WEBP',
  notFound: 'El monitoreo no existe',
  created: 'Monitoreo registrado',
  updated: 'Monitoreo actualizado',
  deleted: 'Monitoreo eliminado',
} as const;

/** A decimal in [min, max] rounded half-up to `scale`, as a canonical string; missing → null. */
const rangedDecimalOrNull = (scale: number, min: number, max: number, rangeMessage: string) =>
  z
    .union([z.number(), z.string().max(40), z.null()])
    .optional()
    .transform((v, ctx): string | null => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const d = toBig(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: MONITORING_MSG.numberInvalid });
        return z.NEVER;
      }
      const r = d.round(scale, Big.roundHalfUp);
      if (r.lt(min) || r.gt(max)) {
        ctx.addIssue({ code: 'custom', message: rangeMessage });
        return z.NEVER;
      }
      return r.toFixed(scale);
    });

export const incidenceField = rangedDecimalOrNull(2, 0, 100, MONITORING_MSG.incidenceRange).transform((v, ctx): string => {
  if (v === null) {
    ctx.addIssue({ code: 'custom', message: MONITORING_MSG.incidenceRequired });
    return z.NEVER;
  }
  return v;
});

export const severityField = z
  .union([z.number(), z.string().max(10), z.null()])
  .optional()
  .transform((v, ctx): number => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
      ctx.addIssue({ code: 'custom', message: MONITORING_MSG.severityRequired });
      return z.NEVER;
    }
    const n = Number(v);
    if (!Number.isInteger(n) || n < SEVERITY_MIN || n > SEVERITY_MAX) {
      ctx.addIssue({ code: 'custom', message: MONITORING_MSG.severityRange });
      return z.NEVER;
    }
    return n;
  });

export const MonitoringAdversityBody = z.object({
  adversity_id: recordRequiredId(MONITORING_MSG.adversityRequired),
  incidence: incidenceField,
  severity: severityField,
});
export type MonitoringAdversityBody = z.infer<typeof MonitoringAdversityBody>;

/** Body of `POST monitorings` and `PUT monitorings?monitoring_id=` (photos go through `POST monitorings/photos`). */
export const MonitoringBody = z
  .object({
    farm_id: recordRequiredId(MONITORING_MSG.farmRequired),
    field_id: recordRequiredId(MONITORING_MSG.plotRequired),
    date: recordDay,
    crop_id: recordIdOrNull,
    stage_id: recordIdOrNull,
    latitude: rangedDecimalOrNull(6, -90, 90, MONITORING_MSG.latitudeRange),
    longitude: rangedDecimalOrNull(6, -180, 180, MONITORING_MSG.longitudeRange),
    recommendation: recordText(MONITORING_TEXT_MAX),
    observations: recordText(MONITORING_TEXT_MAX),
    adversities: z
      .array(MonitoringAdversityBody)
      .max(MONITORING_MAX_ADVERSITIES)
      .nullish()
      .transform((a) => a ?? []),
  })
  .superRefine((b, ctx) => {
    if ((b.latitude === null) !== (b.longitude === null)) {
      ctx.addIssue({ code: 'custom', path: [b.latitude === null ? 'latitude' : 'longitude'], message: MONITORING_MSG.pointIncomplete });
    }
    if (b.stage_id !== null && b.crop_id === null) ctx.addIssue({ code: 'custom', path: ['crop_id'], message: MONITORING_MSG.stageWithoutCrop });
    const seen = new Set<number>();
    b.adversities.forEach((a, i) => {
      if (seen.has(a.adversity_id)) ctx.addIssue({ code: 'custom', path: ['adversities', i, 'adversity_id'], message: MONITORING_MSG.adversityRepeated });
      seen.add(a.adversity_id);
    });
  });
export type MonitoringBody = z.infer<typeof MonitoringBody>;
export type MonitoringInput = z.input<typeof MonitoringBody>;

/** A monitoring as GET monitorings answers it: names of farm, plot, crop and stage; adversities; photos served to members. */
export type MonitoringAdversity = { monitoring_adversity_id: number; adversity_id: number; name: string; adversity_type: string; incidence: number; severity: number };
export type MonitoringPhoto = { monitoring_photo_id: number; file_id: number; url: string; original_name: string; content_type: string };
export type Monitoring = {
  monitoring_id: number;
  date: string;
  farm_id: number;
  farm_name: string;
  field_id: number;
  field_name: string;
  crop_id: number | null;
  crop_name: string | null;
  stage_id: number | null;
  stage_name: string | null;
  latitude: number | null;
  longitude: number | null;
  recommendation: string | null;
  observations: string | null;
  adversities: MonitoringAdversity[];
  photos: MonitoringPhoto[];
  created_at: string;
};
