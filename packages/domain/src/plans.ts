import { z } from 'zod';
import { ADDONS, PLAN } from './account';
import { GENERIC_RETRY_ERROR } from './support';

/**
 * Report add-ons: one named add-on per report slug of doc 3 "Reports menu". A report card is enabled
 * when its add-on has quantity above 0, or when the account has the generic 'Reportes' add-on (all reports).
 * Reports add-ons are those whose name contains 'Reporte' (doc 1 §6); ids 101+ are ours (not shown by the spec).
 */
export const REPORT_SLUGS = [
  'plan_de_siembra',
  'costo_por_lote',
  'stock_de_insumos',
  'orden_de_trabajo',
  'comercializacion',
  'comercializacion_convenios',
  'economicos',
  'siembra_asociada',
  'sustentabilidad',
  'ganaderia',
  'establecimientos',
  'monitoreo',
  'lluvias',
] as const;
export type ReportSlug = (typeof REPORT_SLUGS)[number];

const REPORT_TITLES: Record<ReportSlug, string> = {
  plan_de_siembra: 'plan de siembra',
  costo_por_lote: 'costo por lote',
  stock_de_insumos: 'stock de insumos',
  orden_de_trabajo: 'órdenes de trabajo',
  comercializacion: 'comercialización',
  comercializacion_convenios: 'comercialización de convenios',
  economicos: 'económicos',
  siembra_asociada: 'siembra asociada',
  sustentabilidad: 'sustentabilidad',
  ganaderia: 'ganadería',
  establecimientos: 'establecimientos',
  monitoreo: 'monitoreo',
  lluvias: 'lluvias',
};

export const REPORT_ADDONS = REPORT_SLUGS.map((slug, i) => ({
  addon_id: 101 + i,
  name: `Reporte ${REPORT_TITLES[slug]}`,
  type: 'reports' as const,
  slug,
}));

/** Every add-on an account may hold (capacity, feature and report add-ons). */
export const ALL_ADDONS: readonly { addon_id: number; name: string; type: string }[] = [...ADDONS, ...REPORT_ADDONS];
export const ADDON_ID = { USERS: 1, COMPANIES: 2, REPORTS: 3, HECTARES: 4, RECIPES: 5, FIELD_MAPPING: 6 } as const;

/** Add-on by id or by name (case and accents ignored), for the operator CLI. */
export function findAddon(idOrName: string): { addon_id: number; name: string } | undefined {
  const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
  const wanted = plain(idOrName);
  return ALL_ADDONS.find((a) => String(a.addon_id) === wanted || plain(a.name) === wanted);
}

/**
 * Capacity included in each plan before add-ons (not shown by the spec; our decision):
 * free 1 user (the owner's team: 1 invited user) and 1 company; PRO and trial 3 users and 2 companies.
 */
export const PLAN_CAPACITY: Record<number, { users: number; companies: number }> = {
  [PLAN.FREE]: { users: 1, companies: 1 },
  [PLAN.PRO]: { users: 3, companies: 2 },
  [PLAN.TRIAL]: { users: 3, companies: 2 },
};

export function includedCapacity(planId: number, addonId: number, trialExpired = false): number {
  const cap = PLAN_CAPACITY[trialExpired ? PLAN.FREE : planId] ?? PLAN_CAPACITY[PLAN.FREE];
  if (addonId === ADDON_ID.USERS) return cap.users;
  if (addonId === ADDON_ID.COMPANIES) return cap.companies;
  return 0;
}

export const CAPACITY_MSG = {
  companies: 'Alcanzaste el límite de empresas de tu plan. Adquirí el adicional Empresas para sumar más.',
  users: 'Alcanzaste el límite de usuarios de tu plan. Adquirí el adicional Usuarios para sumar más.',
} as const;

/** POST emails/subscription/notification?type= (doc 1 §7); 'addon' is the default. */
export const SUBSCRIPTION_REQUEST_TYPES = ['users', 'companies', 'reports', 'recipes', 'addon', 'plan', 'demo'] as const;
export type SubscriptionRequestType = (typeof SUBSCRIPTION_REQUEST_TYPES)[number];

export const SUBSCRIPTION_MSG = {
  addon: 'Recibimos tu solicitud de adicionales. En breve nos contactaremos para avanzar',
  reports: 'Recibimos tu solicitud de reportes. En breve nos contactaremos para avanzar',
  recipes: 'Recibimos tu solicitud de recetas. En breve nos contactaremos para avanzar',
  plan: 'Recibimos tu solicitud de plan. En breve nos contactaremos para avanzar',
  demo: 'Recibimos tu solicitud. En breve nos contactaremos para avanzar',
  error: GENERIC_RETRY_ERROR,
  renewed: '¡Plan PRO renovado!',
  renewError: 'Error al renovar el Plan PRO',
  typeInvalid: 'El tipo de solicitud no es válido',
} as const;

export function subscriptionRequestMessage(type: SubscriptionRequestType): string {
  if (type === 'reports' || type === 'recipes' || type === 'plan' || type === 'demo') return SUBSCRIPTION_MSG[type];
  return SUBSCRIPTION_MSG.addon;
}

/** Why GET subscriptions/renew-trial refuses (409): only an ended trial, and only TRIAL_RENEWALS_MAX times. */
export const TRIAL_RENEW_MSG = {
  proActive: 'Tu plan PRO está activo',
  trialActive: 'Tu prueba PRO sigue vigente: vas a poder extenderla cuando finalice.',
  noTrial: 'Solo se puede extender una prueba PRO que finalizó.',
  exhausted: 'Ya usaste las extensiones de tu prueba PRO. Agendá una demo o pedí el plan PRO para seguir con todos los módulos.',
} as const;

/** The four add-ons of the Adicionales screen (doc 1 §2.10). */
export const ADDON_OFFERS = [
  { type: 'users', title: 'Usuarios', description: 'Sumá más personas a tus espacios de trabajo.' },
  { type: 'companies', title: 'Empresas', description: 'Administrá más empresas en tu cuenta.' },
  { type: 'reports', title: 'Reportes', description: 'Accedé a los reportes de producción, costos y comercialización.' },
  { type: 'recipes', title: 'Recetas', description: 'Emití recetas agronómicas digitales.' },
] as const satisfies readonly { type: SubscriptionRequestType; title: string; description: string }[];

/** Trial notifications (sent once per user by the hourly job). */
export const TRIAL_NOTICE = {
  endingDays: 3,
  ending: { key: 'trial-ending', title: 'Tu prueba PRO vence en 3 días', body: 'Extendé tu prueba o agendá una demo para seguir usando todos los módulos.' },
  ended: { key: 'trial-ended', title: 'Tu prueba PRO finalizó', body: 'Tu cuenta quedó limitada a Inicio y Tienda de insumos. Extendé la prueba para seguir trabajando.' },
} as const;

/** Plan info of GET users/plan (doc 1 §3 "Plan info"). */
export type PlanAddon = { addon_id: number; name: string; quantity: number; available: number; used: number; included: number };
export type PlanInfoPayload = {
  plan: { plan_id: number; end_date: string | null };
  days_left: number;
  trial_expired: boolean;
  addons: PlanAddon[];
  hectares: PlanAddon | null;
  report_permissions: { name: string; slug: string; available: boolean }[];
};

export const AnalyticsBody = z
  .object({
    event: z.string().trim().min(1).max(100).optional(),
    event_name: z.string().trim().min(1).max(100).optional(),
    origin: z.string().max(20).optional(),
    event_origin: z.string().max(20).optional(),
    category: z.string().max(100).optional(),
    event_category: z.string().max(100).optional(),
    payload: z.unknown().optional(),
    event_payload: z.unknown().optional(),
  })
  .refine((b) => b.event !== undefined || b.event_name !== undefined, { message: 'El nombre del evento es obligatorio', path: ['event'] })
  .transform((b) => ({
    event: (b.event ?? b.event_name) as string,
    origin: b.origin ?? b.event_origin ?? null,
    category: b.category ?? b.event_category ?? null,
    payload: b.payload ?? b.event_payload ?? null,
  }));

export const ClientErrorBody = z
  .object({
    message: z.string({ error: 'El mensaje del error es obligatorio' }).trim().min(1, 'El mensaje del error es obligatorio').max(2000),
    stack: z.string().max(20_000).optional(),
    path: z.string().max(500).optional(),
  })
  .catchall(z.unknown());

/** Largest JSON stored for an analytics payload or an error's extra fields. */
export const MAX_CLIENT_JSON_BYTES = 8 * 1024;
