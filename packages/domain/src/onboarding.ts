import { z } from 'zod';
import { CAMPAIGN_MESSAGE, campaignForDate, isValidCampaignName } from './campaign';
import { CUIT_MESSAGE, isValidCuit } from './tax-id';
import { MSG } from './account';

/** Onboarding messages (doc 1 §5 "Onboarding": every field required, tax id digits only). */
export const ONBOARDING_MSG = {
  seasonRequired: 'La campaña es obligatoria',
  companyRequired: 'La empresa es obligatoria',
  taxRequired: 'El CUIT es obligatorio',
  taxDigits: 'El CUIT solo admite números',
  farmRequired: 'El establecimiento es obligatorio',
  fieldRequired: 'El lote es obligatorio',
  hectaresRequired: 'Las hectáreas son obligatorias',
  hectaresPositive: 'Las hectáreas deben ser mayores a 0',
  cropRequired: 'Seleccioná un cultivo',
  done: 'Tu cuenta está lista y comenzó tu prueba PRO de 15 días.',
  already: 'El onboarding ya fue completado',
  error: '¡Ha ocurrido un error! Intentá nuevamente.',
} as const;

const required = (msg: string, max = 120) => z.string({ error: msg }).trim().min(1, msg).max(max);

/** POST users/onboarding (doc 1 §3 "Onboarding finish"). */
export const OnboardingBody = z.object({
  season: required(ONBOARDING_MSG.seasonRequired, 7).refine(isValidCampaignName, CAMPAIGN_MESSAGE),
  company: required(ONBOARDING_MSG.companyRequired),
  tax_identifier: z
    .string({ error: ONBOARDING_MSG.taxRequired })
    .trim()
    .min(1, ONBOARDING_MSG.taxRequired)
    .regex(/^\d+$/, ONBOARDING_MSG.taxDigits)
    .refine(isValidCuit, CUIT_MESSAGE),
  farm: required(ONBOARDING_MSG.farmRequired),
  city_id: z.coerce.number({ error: MSG.localityRequired }).int().positive(MSG.localityRequired),
  field: required(ONBOARDING_MSG.fieldRequired),
  hectares: z.coerce.number({ error: ONBOARDING_MSG.hectaresRequired }).positive(ONBOARDING_MSG.hectaresPositive).max(1_000_000),
  crop_id: z.coerce.number({ error: ONBOARDING_MSG.cropRequired }).int().positive(ONBOARDING_MSG.cropRequired),
});
export type OnboardingBody = z.input<typeof OnboardingBody>;
export type OnboardingData = z.output<typeof OnboardingBody>;

/** Sample CUIT of the example data: 30-71234567-1 (valid check digit). */
export const EXAMPLE_TAX_ID = '30712345671';

/** Example-data onboarding (doc 1 §5: fixed sample tax id, hectares 20, crop id 4); city is the user's. */
export function exampleOnboarding(cityId: number, now: Date = new Date()): OnboardingBody {
  return {
    season: campaignForDate(now),
    company: 'Mi Empresa Agropecuaria (ejemplo)',
    tax_identifier: EXAMPLE_TAX_ID,
    farm: 'La Esperanza (ejemplo)',
    city_id: cityId,
    field: 'Lote 1 (ejemplo)',
    hectares: 20,
    crop_id: 4,
  };
}

/** Province, district and locality of the example farm when the user has no locality (Pergamino, Buenos Aires). */
export const EXAMPLE_PLACE = { state: 'Buenos Aires', district: 'Pergamino', city: 'Pergamino' } as const;

/** The guided tour is shown once; completion is remembered in localStorage under this key + user id. */
export const TOUR_STORAGE_KEY = 'fm.tour.done';

/** data[0] of POST users/onboarding: the ids created and the trial that started. */
export type OnboardingResult = {
  workspace_id: number;
  season_id: number;
  company_id: number;
  farm_id: number;
  field_id: number;
  season_plan_id: number;
  field_crop_id: number;
  plan: { plan_id: number; end_date: string | null; days_left: number };
};
