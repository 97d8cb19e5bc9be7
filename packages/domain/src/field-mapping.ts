import { z } from 'zod';
import { PLAN } from './account';
import { GENERIC_ERROR } from './support';
import { hasAddon, type SessionAddon } from './session';

/**
 * Ambientaciones, the external field-mapping service (spec doc 1 §2.2, §7, §8; doc 2 §2.7, §7 Inventory; decision 0025).
 * The add-on is matched by name, as reports and recipes (doc 1 §6).
 */
export const FIELD_MAPPING_ADDON = 'Ambientaciones';

export const FIELD_MAPPING_MSG = {
  // doc 1 §8 and doc 2 §8 (verbatim)
  synchronized: 'Usuario sincronizado, por favor salir e ingresar nuevamente',
  error: GENERIC_ERROR,
  // our own (voseo)
  notConfigured: 'El servicio de ambientaciones no está configurado. Consultá al administrador.',
  addonRequired: 'Tu cuenta no tiene el adicional Ambientaciones. Adquirilo en Adicionales.',
  trialExcluded: 'Ambientaciones no está disponible durante la prueba PRO.',
  notSynchronized: 'Tu usuario todavía no está sincronizado con Ambientaciones. Sincronizalo desde Mi perfil.',
  tokenRefused: 'Ambientaciones no reconoce tu usuario. Volvé a sincronizarlo desde Mi perfil.',
  noBoundary: 'El lote no tiene un contorno cargado. Cargalo en Mis recursos antes de sincronizarlo.',
  fieldNotFound: 'Lote no encontrado',
  unavailable: 'El servicio de ambientaciones no responde. Probá de nuevo en unos minutos.',
  rejected: 'El servicio de ambientaciones rechazó el pedido. Revisá los datos e intentá de nuevo.',
  keyRefused: 'El servicio de ambientaciones rechazó la clave de esta instalación. Consultá al administrador.',
  fieldSynchronized: (name: string) => `Lote ${name} sincronizado con Ambientaciones`,
} as const;

/** POST onesoil/fields?field_id (doc 2 §7). */
export const FieldMappingFieldQuery = z.object({
  field_id: z.coerce.number({ error: 'Indicá el lote (field_id)' }).int('Indicá el lote (field_id)').positive('Indicá el lote (field_id)').max(2_147_483_647),
});

/** Answer of POST onesoil/user_synchronize: the token the session carries from the next sign-in. */
export type FieldMappingSyncResult = { user_id: number; field_mapping_token: string };
/** Answer of POST onesoil/fields: the plot's id in the service and when it was pushed. */
export type FieldMappingFieldResult = { field_id: number; field_mapping_id: string; field_mapping_synced_at: string };

type FieldMappingSession = {
  flags: { field_mapping?: boolean };
  plan: { plan_id: number } | null;
  addons: readonly SessionAddon[];
  user: { field_mapping_token: string | null };
};

/** The account may use the service: the flag is on, it holds the add-on and is not on the trial (plan 3), doc 1 §2.2. */
export function fieldMappingAvailable(s: Omit<FieldMappingSession, 'user'>): boolean {
  return Boolean(s.flags.field_mapping) && hasAddon(s.addons, FIELD_MAPPING_ADDON) && s.plan?.plan_id !== PLAN.TRIAL;
}

/** The left menu's Ambientaciones entry (doc 1 §2.2): available and the user already has the service's token. */
export function fieldMappingMenuVisible(s: FieldMappingSession): boolean {
  return fieldMappingAvailable(s) && Boolean(s.user.field_mapping_token);
}
