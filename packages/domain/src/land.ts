import { z } from 'zod';
import { CUIT_MESSAGE, isValidCuit, normalizeTaxId } from './tax-id';
import { CAMPAIGN_MESSAGE, isValidCampaignName } from './campaign';

/** Land, seasons and sowing plan: Spanish messages, body schemas and pure rules (spec doc 2 §3, doc 3 §3). */
export const LAND_MSG = {
  nameRequired: 'El nombre es requerido',
  typeRequired: 'Seleccioná un tipo de empresa',
  partnerRequired: 'Seleccioná un socio',
  partnerSelf: 'Un convenio no puede ser socio de sí mismo',
  partnerDuplicated: 'Un socio no puede repetirse en el convenio',
  partnerNotFound: 'El socio seleccionado no existe o no es visible en este espacio de trabajo',
  contributionRange: 'El aporte debe estar entre 0 y 100',
  contributionsOver100: 'La suma de los aportes de los socios no puede superar el 100%',
  taxIdTaken: 'Ya existe una empresa con ese CUIT',
  localityRequired: 'Debe seleccionar una localidad',
  hectaresPositive: 'Las hectáreas deben ser mayores a 0',
  fieldRequired: 'Seleccioná un lote',
  cropRequired: 'Seleccioná un cultivo',
  sequenceRange: 'La secuencia de cultivo no es válida',
  seasonRequired: 'Seleccioná una campaña',
  companyRequired: 'Debe seleccionar una empresa',
  farmRequired: 'Debe seleccionar un establecimiento',
  farmNotFound: 'El establecimiento no existe o no está compartido en este espacio de trabajo',
  seasonPlanRequired: 'Seleccioná un plan de campaña',
  seasonTaken: 'Ya existe una campaña con ese nombre',
  seasonPlanTaken: 'Ya existe un plan de campaña para esa campaña, empresa y establecimiento',
  atLeastOnePlot: 'Seleccioná al menos un lote',
  companyCreated: 'Empresa creada correctamente',
  farmCreated: 'Establecimiento creado correctamente',
  fieldCreated: 'Lote creado correctamente',
  seasonCreated: 'Campaña creada correctamente',
  seasonPlanCreated: 'Plan de campaña creado correctamente',
  fieldCropsCreated: 'Cultivo asignado correctamente',
  edited: 'Editado correctamente',
  deleted: 'Eliminado',
  boundaryFileRequired: 'Adjuntá un archivo KML o KMZ',
  boundaryFileType: 'El archivo debe ser KML o KMZ',
  boundaryFileTooLarge: 'El archivo supera el tamaño permitido (5 MB)',
  boundaryNoPolygon: 'El archivo no contiene polígonos',
  boundaryInvalid: 'El contorno del lote no es un polígono válido',
} as const;

/** company_type_id (spec doc 3 §3 "Company"): 1 company, 2 agreement, otherwise productive partner. */
export const COMPANY_TYPES = [
  { company_type_id: 1, name: 'Empresa' },
  { company_type_id: 2, name: 'Convenio' },
  { company_type_id: 3, name: 'Socio productivo' },
] as const;
export const AGREEMENT_TYPE_ID = 2;

export const isAgreement = (companyTypeId: number): boolean => companyTypeId === AGREEMENT_TYPE_ID;

/** Sum of partners' contributions, rounded to cents; must not exceed 100 (ARCHITECTURE "contribution %"). */
export function contributionTotal(partners: readonly { contribution: number }[]): number {
  return Math.round(partners.reduce((acc, p) => acc + Number(p.contribution || 0), 0) * 100) / 100;
}

/** `2025/26 - Agro SA - La Esperanza` (spec doc 2 §3 "Season plan"). */
export function seasonPlanLabel(season: string, company: string, farm: string): string {
  return `${season} - ${company} - ${farm}`;
}

const name = z.string({ error: LAND_MSG.nameRequired }).trim().min(1, LAND_MSG.nameRequired).max(120);
const id = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg);
const hectares = z.coerce.number({ error: LAND_MSG.hectaresPositive }).positive(LAND_MSG.hectaresPositive).max(1_000_000);
export const TaxIdentifier = z
  .string({ error: CUIT_MESSAGE })
  .trim()
  .max(20, CUIT_MESSAGE)
  .refine(isValidCuit, CUIT_MESSAGE)
  .transform(normalizeTaxId);
const workspacesList = z.array(z.number().int().positive()).max(200);

export const PartnerInput = z.object({
  partner_id: id(LAND_MSG.partnerRequired),
  contribution: z.coerce.number({ error: LAND_MSG.contributionRange }).min(0, LAND_MSG.contributionRange).max(100, LAND_MSG.contributionRange),
});
export type PartnerInput = z.infer<typeof PartnerInput>;

const partners = z
  .array(PartnerInput)
  .max(50)
  .refine((ps) => contributionTotal(ps) <= 100, LAND_MSG.contributionsOver100)
  .refine((ps) => new Set(ps.map((p) => p.partner_id)).size === ps.length, LAND_MSG.partnerDuplicated);

export const CompanyBody = z.object({
  name,
  tax_identifier: TaxIdentifier,
  active: z.boolean().optional(),
  company_type_id: z.coerce.number({ error: LAND_MSG.typeRequired }).int().min(1, LAND_MSG.typeRequired).max(3, LAND_MSG.typeRequired).default(1),
  partners: partners.optional(),
  workspaces: workspacesList.optional(),
});
export type CompanyBody = z.infer<typeof CompanyBody>;
export const CompanyUpdateBody = CompanyBody.partial();
export type CompanyUpdateBody = z.infer<typeof CompanyUpdateBody>;

/** GeoJSON geometry as stored: a Polygon or MultiPolygon of [lon, lat] positions. */
const position = z.array(z.number().finite()).min(2).max(3);
const ring = z.array(position).min(4).max(20_000);
export const Boundary = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(ring).min(1).max(100) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ring).min(1).max(100)).min(1).max(100) }),
], { error: LAND_MSG.boundaryInvalid });
export type Boundary = z.infer<typeof Boundary>;

export const FieldInput = z.object({
  field_id: z.number().int().positive().optional(),
  name,
  hectares,
  boundary: Boundary.nullable().optional(),
  active: z.boolean().optional(),
});
export type FieldInput = z.infer<typeof FieldInput>;

export const FarmBody = z.object({
  name,
  city_id: id(LAND_MSG.localityRequired),
  active: z.boolean().optional(),
  fields: z.array(FieldInput).max(500).optional(),
  workspaces: workspacesList.optional(),
});
export type FarmBody = z.infer<typeof FarmBody>;
export const FarmUpdateBody = FarmBody.partial();
export type FarmUpdateBody = z.infer<typeof FarmUpdateBody>;

export const FieldBody = FieldInput.omit({ field_id: true }).extend({ farm_id: id(LAND_MSG.farmRequired) });
export type FieldBody = z.infer<typeof FieldBody>;
export const FieldUpdateBody = FieldInput.omit({ field_id: true }).partial();
export type FieldUpdateBody = z.infer<typeof FieldUpdateBody>;

export const SeasonName = z
  .string({ error: CAMPAIGN_MESSAGE })
  .trim()
  .max(7, CAMPAIGN_MESSAGE)
  .refine(isValidCampaignName, CAMPAIGN_MESSAGE);
export const SeasonBody = z.object({ name: SeasonName, active: z.boolean().optional() });
export type SeasonBody = z.infer<typeof SeasonBody>;
export const SeasonUpdateBody = SeasonBody.partial();
export type SeasonUpdateBody = z.infer<typeof SeasonUpdateBody>;

export const SeasonPlanBody = z.object({
  season_id: id(LAND_MSG.seasonRequired),
  company_id: id(LAND_MSG.companyRequired),
  farm_id: id(LAND_MSG.farmRequired),
});
export type SeasonPlanBody = z.infer<typeof SeasonPlanBody>;

export const FieldCropInput = z.object({
  season_plan_id: id(LAND_MSG.seasonPlanRequired),
  field_id: id(LAND_MSG.fieldRequired),
  crop_id: id(LAND_MSG.cropRequired),
  crop_sequence_id: z.coerce.number({ error: LAND_MSG.sequenceRange }).int(LAND_MSG.sequenceRange).min(0, LAND_MSG.sequenceRange).max(6, LAND_MSG.sequenceRange).default(0),
  hectares,
});
export type FieldCropInput = z.infer<typeof FieldCropInput>;
/** POST fields/crops: one plot, or `{field_crops:[...]}` to assign many plots at once. */
export const FieldCropsBody = z.union([
  z.object({ field_crops: z.array(FieldCropInput).min(1, LAND_MSG.atLeastOnePlot).max(500) }),
  FieldCropInput,
]);
export type FieldCropsBody = z.infer<typeof FieldCropsBody>;
export const FieldCropUpdateBody = FieldCropInput.omit({ season_plan_id: true }).partial();
export type FieldCropUpdateBody = z.infer<typeof FieldCropUpdateBody>;

/** Hectares per crop name of a list of plots (sowing plan totals). */
export function hectaresByCrop<T extends { crop_name: string; hectares: number }>(rows: readonly T[]): { crop_name: string; hectares: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.crop_name, Math.round(((totals.get(r.crop_name) ?? 0) + Number(r.hectares)) * 100) / 100);
  return [...totals].map(([crop_name, ha]) => ({ crop_name, hectares: ha })).sort((a, b) => b.hectares - a.hectares);
}

/** API shapes (GET companies, farms, fields, seasons, seasons/plans, fields/crops). */
export type WorkspaceRef = { workspace_id: number; name: string };
export type CompanyPartner = { agreement_partner_id: number; partner: { company_id: number; name: string }; contribution: number };
export type Company = {
  company_id: number;
  name: string;
  tax_identifier: string;
  active: boolean;
  company_type_id: number;
  is_an_agreement: boolean;
  partners: CompanyPartner[];
  workspaces: WorkspaceRef[];
};
export type Field = {
  field_id: number;
  farm_id: number;
  name: string;
  hectares: number;
  boundary: Boundary | null;
  boundary_hectares: number | null;
  active: boolean;
  /** When the plot was last sent to Ambientaciones (the field-mapping service); null if never. */
  field_mapping_synced_at: string | null;
};
export type Farm = {
  farm_id: number;
  name: string;
  active: boolean;
  city_id: number | null;
  city?: { city_id: number; name: string; district_id: number; district_name: string } | null;
  state?: { state_id: number; name: string } | null;
  fields?: Field[];
  /** Its plots (not deleted), also when `include` leaves `fields` out. */
  fields_count: number;
  hectares: number;
  workspaces: WorkspaceRef[];
};
export type Season = { season_id: number; name: string; active: boolean };
export type SeasonPlan = {
  season_plan_id: number;
  company: { company_id: number; name: string; tax_identifier: string; active: boolean; is_an_agreement: boolean; partners: CompanyPartner[] };
  farm: { farm_id: number; name: string; active: boolean };
  season: { season_id: number; name: string; active: boolean };
  active: boolean;
  label: string;
};
export type FieldCrop = {
  field_crop_id: number;
  season_plan_id: number;
  field_id: number;
  field: { field_id: number; name: string; hectares: number; deleted_at: string | null };
  crop_id: number;
  crop_name: string;
  crop_sequence_id: number;
  crop_sequence_name: string;
  hectares: number;
};
/** A parsed KML/KMZ boundary (POST fields/boundary). */
export type ImportedBoundary = { name: string | null; boundary: Boundary; hectares: number };
