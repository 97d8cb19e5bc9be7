import { z } from 'zod';

/**
 * Inventory: warehouses and the supplies catalogue (spec doc 2 §2.5, §2.8, §3 "Warehouse", "Supply", §5, §8;
 * issue 9 items 1–2). The stock ledger's schemas and rules live in inventory.ts.
 */
export const INVENTORY_CATALOGUE_MSG = {
  nameRequired: 'El nombre es requerido',
  warehouseCreated: 'Deposito Creado Correctamente',
  warehouseEdited: 'Depósito editado correctamente',
  deleted: 'Eliminado',
  warehouseHasStock: 'No se puede eliminar el depósito porque tiene stock.',
  warehouseHasHistory: 'No se puede eliminar el depósito porque tiene stocks con transacciones. Eliminá primero sus stocks en cero.',
  warehouseNotFound: 'El depósito no existe o no está compartido en este espacio de trabajo',
  supplyCreated: 'Insumo creado correctamente',
  supplyEdited: 'Insumo editado correctamente',
  supplyDeleted: 'Insumo eliminado correctamente',
  supplyInStock: 'No se puede eliminar el insumo porque tiene stock registrado.',
  catalogueReadOnly: 'Los insumos del catálogo no se pueden editar.',
  technicalSheetSaved: 'Ficha técnica guardada correctamente',
  technicalSheetRequired: 'Adjuntá la ficha técnica (PDF o imagen)',
  supplyNotFound: 'El insumo no existe en este espacio de trabajo',
  supplyTaken: 'Ya existe un insumo propio con ese nombre y esa marca',
  /** Pickers (spec doc 2 §2.8). */
  supplyAlreadyUsed: 'Este insumo ya esta siendo utilizado',
  noMoreOptions: 'No hay más opciones',
  noOptions: 'No hay opciones',
  noResults: 'Sin resultados',
  supplyNameMax: 'El nombre no puede superar los 150 caracteres',
  supplyTypeRequired: 'Seleccioná un tipo de insumo',
  unitRequired: 'Seleccioná una unidad',
  unitNotFound: 'La unidad elegida no existe',
  brandNotFound: 'La marca elegida no existe',
  cropNotFound: 'El cultivo elegido no existe',
  bandInvalid: 'La banda toxicológica debe ser Ia, Ib, II, III o IV',
  eiqRange: 'El EIQ debe ser un número entre 0 y 9999,99',
} as const;

/** Supply types (issue 9 item 2); ids are stable and stored in supplies.supply_type_id. */
export const SUPPLY_TYPES = [
  { supply_type_id: 1, name: 'Herbicida' },
  { supply_type_id: 2, name: 'Insecticida' },
  { supply_type_id: 3, name: 'Fungicida' },
  { supply_type_id: 4, name: 'Fertilizante' },
  { supply_type_id: 5, name: 'Semilla' },
  { supply_type_id: 6, name: 'Coadyuvante' },
  { supply_type_id: 7, name: 'Otro' },
] as const;
export type SupplyTypeId = (typeof SUPPLY_TYPES)[number]['supply_type_id'];
export const SUPPLY_TYPE_ID = { HERBICIDE: 1, INSECTICIDE: 2, FUNGICIDE: 3, FERTILISER: 4, SEED: 5, ADJUVANT: 6, OTHER: 7 } as const;

export function supplyTypeName(id: number): string | null {
  return SUPPLY_TYPES.find((t) => t.supply_type_id === id)?.name ?? null;
}

/**
 * SENASA toxicological bands of a formulated product (the coloured band on the label; SENASA Res. 302/2012,
 * following the WHO classification): Ia and Ib red, II yellow, III blue, IV green.
 */
export const TOXICOLOGICAL_BANDS = [
  { band: 'Ia', name: 'Producto sumamente peligroso', color: 'red' },
  { band: 'Ib', name: 'Producto muy peligroso', color: 'red' },
  { band: 'II', name: 'Producto moderadamente peligroso', color: 'yellow' },
  { band: 'III', name: 'Producto poco peligroso', color: 'blue' },
  { band: 'IV', name: 'Producto que normalmente no ofrece peligro', color: 'green' },
] as const;
export type ToxicologicalBand = (typeof TOXICOLOGICAL_BANDS)[number]['band'];
const BAND_VALUES = TOXICOLOGICAL_BANDS.map((b) => b.band) as [ToxicologicalBand, ...ToxicologicalBand[]];

/** Common formulation codes (CropLife / FAO): shown as suggestions, any text up to 60 characters is accepted. */
export const FORMULATIONS = ['SL', 'EC', 'WG', 'SC', 'WP', 'CS', 'SE', 'EW', 'ZC', 'FS', 'OD', 'SG', 'SP', 'GR'] as const;

/**
 * EIQ bands (DOMAIN.md "Sustainability: EIQ"): < 25 very low, 25–50 low, 50–100 moderate, 100–150 high, > 150 very high.
 */
export function eiqBand(fieldEiq: number): 'Muy bajo' | 'Bajo' | 'Moderado' | 'Alto' | 'Muy alto' {
  if (fieldEiq < 25) return 'Muy bajo';
  if (fieldEiq < 50) return 'Bajo';
  if (fieldEiq < 100) return 'Moderado';
  if (fieldEiq <= 150) return 'Alto';
  return 'Muy alto';
}

/** lb/ac per kg/ha and pt/ac per L/ha (DOMAIN.md): the EIQ method works in US units. */
export const KG_HA_TO_LB_AC = 0.892179;
export const L_HA_TO_PT_AC = 0.855253;

/**
 * Field EIQ of one application (Kovach et al. 1992; DOMAIN.md): EIQ × (% active ingredient / 100) × rate, with the
 * metric rate converted to lb/ac (kg/ha) or pt/ac (L/ha). Rounded to 2 decimals.
 */
export function fieldEiq(eiq: number, activeIngredientPercent: number, rate: number, rateUnit: 'kg/ha' | 'lt/ha'): number {
  const usRate = rate * (rateUnit === 'kg/ha' ? KG_HA_TO_LB_AC : L_HA_TO_PT_AC);
  return Math.round(eiq * (activeIngredientPercent / 100) * usRate * 100) / 100;
}

// Optional text: undefined = not sent (kept on update), '' or null = cleared.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));
const optionalId = (msg: string) => z.coerce.number({ error: msg }).int(msg).positive(msg).nullish();
const workspacesList = z.array(z.number().int().positive()).max(200);

export const WarehouseBody = z.object({
  name: z.string({ error: INVENTORY_CATALOGUE_MSG.nameRequired }).trim().min(1, INVENTORY_CATALOGUE_MSG.nameRequired).max(120),
  /** Workspaces of the owner's account to share it into (the current one is always added). */
  workspaces: workspacesList.optional(),
});
export type WarehouseBody = z.infer<typeof WarehouseBody>;
export const WarehouseUpdateBody = WarehouseBody.partial();
export type WarehouseUpdateBody = z.infer<typeof WarehouseUpdateBody>;

export type Warehouse = {
  warehouse_id: number;
  name: string;
  workspaces: { workspace_id: number; name: string }[];
  /** Stock rows with quantity above 0 in this warehouse (of the workspace, or of the account with scope=account). */
  stock_count: number;
};

const supplyFields = {
  name: z
    .string({ error: INVENTORY_CATALOGUE_MSG.nameRequired })
    .trim()
    .min(1, INVENTORY_CATALOGUE_MSG.nameRequired)
    .max(150, INVENTORY_CATALOGUE_MSG.supplyNameMax),
  brand_id: optionalId(INVENTORY_CATALOGUE_MSG.brandNotFound),
  generic_name: optionalText(150),
  concentration: optionalText(60),
  formulation_denomination: optionalText(60),
  supply_type_id: z.coerce
    .number({ error: INVENTORY_CATALOGUE_MSG.supplyTypeRequired })
    .int(INVENTORY_CATALOGUE_MSG.supplyTypeRequired)
    .refine((v) => SUPPLY_TYPES.some((t) => t.supply_type_id === v), INVENTORY_CATALOGUE_MSG.supplyTypeRequired),
  subtype: optionalText(60),
  unit_id: z.coerce.number({ error: INVENTORY_CATALOGUE_MSG.unitRequired }).int(INVENTORY_CATALOGUE_MSG.unitRequired).positive(INVENTORY_CATALOGUE_MSG.unitRequired),
  senasa_registration: optionalText(30),
  toxicological_band: z.preprocess((v) => (v === '' ? null : v), z.enum(BAND_VALUES, { error: INVENTORY_CATALOGUE_MSG.bandInvalid }).nullish()),
  eiq_value: z.preprocess(
    (v) => (v === '' ? null : v),
    z.number({ error: INVENTORY_CATALOGUE_MSG.eiqRange }).min(0, INVENTORY_CATALOGUE_MSG.eiqRange).max(9999.99, INVENTORY_CATALOGUE_MSG.eiqRange).nullish(),
  ),
  crop_id: optionalId(INVENTORY_CATALOGUE_MSG.cropNotFound),
};

/** POST supplies: a supply of the workspace's own (the catalogue is read-only). */
export const SupplyBody = z.object(supplyFields);
export type SupplyBody = z.infer<typeof SupplyBody>;
/** PUT supplies?supply_id: the fields sent change, the others are kept. */
export const SupplyUpdateBody = z.object(supplyFields).partial();
export type SupplyUpdateBody = z.infer<typeof SupplyUpdateBody>;

export type SupplyStock = { stock_id: number; company: { company_id: number }; unit: { unit_id: number; name: string }; quantity: number };

export type Supply = {
  supply_id: number;
  name: string;
  brand: { brand_id: number; name: string } | null;
  generic: { name: string } | null;
  concentration: string | null;
  formulation_denomination: string | null;
  type: { supply_type_id: number; name: string };
  subtype: string | null;
  unit: { unit_id: number; name: string };
  senasa_registration: string | null;
  toxicological_band: ToxicologicalBand | null;
  eiq_value: number | null;
  crop_id: number | null;
  file_url: string | null;
  /** True for a supply the workspace created (editable); false for the starter catalogue. */
  own: boolean;
  stocks: SupplyStock[];
};

/**
 * Accented vowels and their plain letters: supply search ignores accents ('clorpirifos' finds 'Clorpirifós', 'maiz'
 * finds 'Semilla de maíz'). The API folds both the column (SQL translate, indexed) and the filter value with them.
 */
export const SEARCH_FOLD_FROM = 'ÁÉÍÓÚÜáéíóúü';
export const SEARCH_FOLD_TO = 'AEIOUUaeiouu';

/** The text with the accented vowels of SEARCH_FOLD_FROM replaced by plain ones (as SQL translate does). */
export function foldAccents(text: string): string {
  return [...text].map((c) => {
    const i = SEARCH_FOLD_FROM.indexOf(c);
    return i < 0 ? c : SEARCH_FOLD_TO[i];
  }).join('');
}

/** Picker page size (spec doc 2 §9). */
export const SUPPLY_PICKER_PAGE_SIZE = 10;

/** Picker rule (spec doc 2 §2.8): a supply already in the list cannot be chosen again. */
export function supplyAlreadyUsed(chosen: readonly (number | null | undefined)[], supplyId: number): boolean {
  return chosen.includes(supplyId);
}
