import { z } from 'zod';
import { normalizePhone } from './phone';
import { isValidPlate, normalizePlate, PLATE_MESSAGE } from './plate';
import { CUIT_MESSAGE, isValidCuit, normalizeTaxId } from './tax-id';
import { DESTINATION_TYPES, type DestinationType } from './reference';

/**
 * Master data (spec doc 3 §3 "Provider, Transport, Buyer", "Livestock agent", "Carrier",
 * "Destination"; §4 "Active flag"). The spec does not show the forms' messages (§5 "Master data
 * forms"), so these follow the wording of the contract and movement forms.
 */
export const MASTER_DATA_MSG = {
  nameRequired: 'El campo Nombre es obligatorio',
  nameMax: 'El nombre no puede superar los 120 caracteres',
  emailFormat: 'El formato del email es incorrecto',
  observationsMax: 'Las observaciones no pueden superar los 1000 caracteres',
  sellerOrBuyer: 'Indicá si es Vendedor, Comprador o ambos',
  transportRequired: 'El campo Transporte es obligatorio',
  destinationTypeRequired: 'El campo Tipo de destino es obligatorio',
  farmRequired: 'El campo Establecimiento es obligatorio para Silo y Silobolsa',
  transportNotFound: 'El transporte no existe en este espacio de trabajo',
  farmNotFound: 'El establecimiento no existe en este espacio de trabajo',
  buyerNotFound: 'El comprador no existe en este espacio de trabajo',
} as const;

/** Destinations that sit on a farm (and so need farm_id). */
export const FARM_DESTINATION_TYPES: readonly DestinationType[] = ['Silo', 'Silobolsa'];

/** Vendedor / Comprador / Vendedor-Comprador (doc 3 §3 "Livestock agent"). */
export function livestockAgentLabel(isSeller: boolean, isBuyer: boolean): string {
  if (isSeller && isBuyer) return 'Vendedor-Comprador';
  if (isSeller) return 'Vendedor';
  if (isBuyer) return 'Comprador';
  return '';
}

// Optional fields: undefined = not sent (kept on update), '' or null = cleared.
const cleared = <T>(v: T | null | undefined, f: (s: NonNullable<T>) => NonNullable<T>) =>
  v === undefined ? undefined : v === null || v === '' ? null : f(v as NonNullable<T>);

export const nameField = z
  .string({ error: MASTER_DATA_MSG.nameRequired })
  .trim()
  .min(1, MASTER_DATA_MSG.nameRequired)
  .max(120, MASTER_DATA_MSG.nameMax);

const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => cleared(v, (s) => s));

export const observationsField = optionalText(1000, MASTER_DATA_MSG.observationsMax);

/** CUIT / CUIL: optional; validated with the check digit and stored as digits (DOMAIN.md). */
export const taxIdField = z
  .string()
  .trim()
  .max(20, CUIT_MESSAGE)
  .nullish()
  .refine((v) => !v || isValidCuit(v), CUIT_MESSAGE)
  .transform((v) => cleared(v, normalizeTaxId));

export const emailField = z
  .string()
  .trim()
  .max(254, MASTER_DATA_MSG.emailFormat)
  .nullish()
  .refine((v) => !v || z.email().safeParse(v).success, MASTER_DATA_MSG.emailFormat)
  .transform((v) => cleared(v, (s) => s.toLowerCase()));

export const phoneField = z
  .string()
  .trim()
  .max(30)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v && v.replace(/\D/g, '').length > 0 ? normalizePhone(v) : null));

/** A truck plate: AAA123 or AA123AA once upper-cased without spaces and dashes. */
export const plateField = z
  .string()
  .trim()
  .max(12, PLATE_MESSAGE)
  .nullish()
  .refine((v) => !v || isValidPlate(v), PLATE_MESSAGE)
  .transform((v) => cleared(v, normalizePlate));

const idRef = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const optionalIdRef = z.union([z.coerce.number().int().positive(), z.null()]).optional();

/** Workspaces a resource is shared into (only the owner's workspaces are kept). */
const sharing = { workspaces: z.array(z.number().int().positive()).max(200).optional() };

const contact = {
  name: nameField,
  tax_identifier: taxIdField,
  contact_name: optionalText(120),
  email: emailField,
  phone: phoneField,
  observations: observationsField,
  active: z.boolean().optional(),
  ...sharing,
};

/** Providers, buyers, transports and contractors share these fields. */
export const ContactBody = z.object(contact);
export const ContactUpdateBody = ContactBody.partial();

export const LivestockAgentBody = z.object({ ...contact, is_seller: z.boolean().optional(), is_buyer: z.boolean().optional() });
export const LivestockAgentUpdateBody = LivestockAgentBody.partial();

export const CarrierBody = z.object({
  transport_id: idRef(MASTER_DATA_MSG.transportRequired),
  name: nameField,
  tax_identifier: taxIdField,
  chassis_patent: plateField,
  trailer_patent: plateField,
  active: z.boolean().optional(),
});
export const CarrierUpdateBody = CarrierBody.partial();

export const DestinationBody = z.object({
  name: nameField,
  destination_type: z.enum(DESTINATION_TYPES, { error: MASTER_DATA_MSG.destinationTypeRequired }),
  farm_id: optionalIdRef,
  buyer_id: optionalIdRef,
  active: z.boolean().optional(),
  ...sharing,
});
export const DestinationUpdateBody = DestinationBody.partial();

export type ContactInput = z.input<typeof ContactBody>;
export type CarrierInput = z.input<typeof CarrierBody>;
export type DestinationInput = z.input<typeof DestinationBody>;

/** Cross-field rules on the merged record; each returns the field and Spanish message, or null. */
export function livestockAgentRoleError(row: { is_seller?: boolean | null; is_buyer?: boolean | null }): { field: string; msg: string } | null {
  return row.is_seller || row.is_buyer ? null : { field: 'is_seller', msg: MASTER_DATA_MSG.sellerOrBuyer };
}

export function destinationFarmError(row: { destination_type?: string | null; farm_id?: number | null }): { field: string; msg: string } | null {
  const needsFarm = FARM_DESTINATION_TYPES.includes(row.destination_type as DestinationType);
  return needsFarm && !row.farm_id ? { field: 'farm_id', msg: MASTER_DATA_MSG.farmRequired } : null;
}

/** Shapes the API returns. */
type Audit = { user_id: number; active: boolean; created_at: string; updated_at: string; workspaces?: { workspace_id: number; name: string }[] };
export type ContactRecord = Audit & {
  name: string;
  tax_identifier: string | null;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  observations: string | null;
};
export type Provider = ContactRecord & { provider_id: number };
export type Buyer = ContactRecord & { buyer_id: number };
export type Transport = ContactRecord & { transport_id: number };
export type Contractor = ContactRecord & { contractor_id: number };
export type LivestockAgent = ContactRecord & { livestock_agent_id: number; is_seller: boolean; is_buyer: boolean; label: string };
export type Carrier = Audit & {
  carrier_id: number;
  transport_id: number;
  transport_name: string | null;
  name: string;
  tax_identifier: string | null;
  chassis_patent: string | null;
  trailer_patent: string | null;
};
export type Destination = Audit & {
  destination_id: number;
  name: string;
  destination_type: DestinationType;
  farm_id: number | null;
  farm_name: string | null;
  buyer_id: number | null;
  buyer_name: string | null;
};
