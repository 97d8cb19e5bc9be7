import { z } from 'zod';

/** Agronomic prescriptions (recetas agronómicas), spec doc 2 §2.4, §3 "Prescription request" / "Recipe", §5, §8, §9. */

export const RECIPE_STATUSES = ['Emitida', 'Anulada', 'Pendiente'] as const;
export type RecipeStatus = (typeof RECIPE_STATUSES)[number];

/** Period units of the use restrictions (doc 2 §9): 1 días, 0 horas. */
export const RECIPE_PERIOD_UNITS = [
  { value: 1, label: 'días' },
  { value: 0, label: 'horas' },
] as const;
export type RecipePeriodUnit = 0 | 1;
export const recipePeriodUnitLabel = (unit: number) => (unit === 0 ? 'horas' : 'días');

export const RECIPE_DEFAULTS = {
  recommendations: 'Utilizar elementos de protección personal',
  period: { quantity: 10, unit: 1 as RecipePeriodUnit },
} as const;

export const RECIPE_PERIODS = [
  { key: 'grace_period', label: 'Período de carencia' },
  { key: 'reentry_period', label: 'Período de reingreso' },
  { key: 'ventilation_period', label: 'Período de ventilación' },
] as const;
export type RecipePeriodKey = (typeof RECIPE_PERIODS)[number]['key'];

export const RECIPE_MSG = {
  // doc 2 §8 (verbatim)
  requested: '¡Receta solicitada!',
  // our own (voseo)
  lotRequired: 'Seleccioná al menos 1 lote.',
  supplyRequired: 'Seleccioná al menos 1 insumo.',
  lotNotInOrder: 'El lote elegido no pertenece a la orden de trabajo.',
  supplyNotInOrder: 'El insumo elegido no pertenece a la orden de trabajo.',
  orderNotAvailable: 'No se pueden pedir recetas de una orden planificada o deshabilitada.',
  notFound: 'Receta no encontrada',
  addonRequired: 'El espacio de trabajo no tiene el adicional Recetas. Adquirilo en Adicionales.',
  alreadyCancelled: 'La receta ya está anulada.',
  cancelled: 'Receta anulada',
  cancelFailed: 'No se pudo anular la receta',
  pdfFailed: 'No se pudo descargar la receta',
  accountLinked: 'Cuenta de recetas vinculada',
  accountUnlinked: 'Cuenta de recetas desvinculada',
  accountRequired: 'Vinculá tu cuenta de recetas agronómicas antes de pedir una receta.',
  credentialsInvalid: 'El usuario o la contraseña de recetas no son correctos.',
  serviceUnavailable: 'El servicio de recetas no responde. Probá de nuevo en unos minutos.',
  userRequired: 'Ingresá el usuario.',
  passwordRequired: 'Ingresá la contraseña.',
  quantityInvalid: 'Ingresá una cantidad entera entre 0 y 3650.',
  recommendationsTooLong: 'Las recomendaciones no pueden superar los 2000 caracteres.',
} as const;

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);

export const RecipePeriod = z.object({
  quantity: z.coerce.number({ error: RECIPE_MSG.quantityInvalid }).int(RECIPE_MSG.quantityInvalid).min(0, RECIPE_MSG.quantityInvalid).max(3650, RECIPE_MSG.quantityInvalid),
  unit: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((u) => Number(u) as RecipePeriodUnit),
});
export type RecipePeriod = z.output<typeof RecipePeriod>;

const period = RecipePeriod.optional().default({ ...RECIPE_DEFAULTS.period });

/**
 * POST work-orders/recipes?work_order_id= (contract): the prescription request. Omitted lots/supplies mean all of
 * the order's; the service requires at least 1 of each (doc 2 §5).
 */
export const RecipeRequestBody = z.object({
  recommendations: z.string().trim().max(2000, RECIPE_MSG.recommendationsTooLong).optional().default(RECIPE_DEFAULTS.recommendations),
  use_restrictions: z
    .object({ grace_period: period, reentry_period: period, ventilation_period: period })
    .optional()
    .default({ grace_period: { ...RECIPE_DEFAULTS.period }, reentry_period: { ...RECIPE_DEFAULTS.period }, ventilation_period: { ...RECIPE_DEFAULTS.period } }),
  field_crop_ids: z.array(id).max(500).optional(),
  supply_ids: z.array(id).max(500).optional(),
});
export type RecipeRequestBody = z.output<typeof RecipeRequestBody>;
export type RecipeRequestBodyInput = z.input<typeof RecipeRequestBody>;

/** POST recipes/account: the recipe service's credentials (stored encrypted, never returned). */
export const RecipeAccountBody = z.object({
  recipe_user: z.string({ error: RECIPE_MSG.userRequired }).trim().min(1, RECIPE_MSG.userRequired).max(120),
  recipe_password: z.string({ error: RECIPE_MSG.passwordRequired }).min(1, RECIPE_MSG.passwordRequired).max(200),
});
export type RecipeAccountBody = z.output<typeof RecipeAccountBody>;

/** GET recipes/account; `account_required`: the configured recipe service needs a linked account to issue. */
export type RecipeAccount = { linked: boolean; recipe_user_masked: string | null; account_required: boolean };

/** A row of GET recipes. */
export type Recipe = {
  recipe_id: number;
  external_id: string | null;
  number: string;
  work_order_id: number;
  status: RecipeStatus;
  created_at: string;
  farm: { farm_id: number; name: string };
  company: { company_id: number; name: string };
};

/** 'agrónomo@x' → 'ag******@x'; short users keep their first character only. */
export function maskUser(user: string): string {
  const [name, domain] = user.split('@');
  const keep = name.length > 4 ? 2 : 1;
  const masked = name.slice(0, keep) + '*'.repeat(Math.max(3, name.length - keep));
  return domain === undefined ? masked : `${masked}@${domain}`;
}
