/**
 * Starter supplies catalogue (issue 9 item 2): active ingredients, fertilisers and seeds common in Argentina.
 * Rows are stored with workspace_id null (read-only to users) and upserted by name on every start
 * (db/seed/catalogue.ts); a row removed from this list is deactivated, never deleted (stocks may use it).
 *
 * Sources and caveats (also in docs/data-sources.md):
 * - EIQ (`eiq`): the EIQ of the ACTIVE INGREDIENT (Kovach, Petzoldt, Degni and Tette, "A Method to Measure the
 *   Environmental Impact of Pesticides", New York's Food and Life Sciences Bulletin 139, Cornell University, 1992, as
 *   listed in NYSIPM's "EIQ Values"), taken from EIQ_BY_ACTIVE_INGREDIENT in ./eiq-values.ts by the row's generic name
 *   and nowhere else. That table writes next to each value the stored copy of the NYSIPM list it was read from
 *   (repository, commit, path and row); all 46 single active ingredients here carry one. Mixtures are null: the EIQ is
 *   per active ingredient and a mixture needs one value per component. Fertilisers, seeds and adjuvants are not rated.
 * - Products: generic names describe the active ingredient, its concentration (% w/v or w/w as sold) and the
 *   formulation code (SL, EC, WG, SC, ...); commercial names are products sold in Argentina by the brand given.
 *   The formulated product on the label and SENASA's Registro Nacional de Terapéutica Vegetal are the authority:
 *   `senasa_registration` is left empty because registration numbers could not be checked offline, and the
 *   toxicological band (`band`, depends on the formulation) is filled only where it is well known.
 * - Units are the reference units (db/seed/reference.ts): lt, kg, bolsas, unidades. Crop ids: CROPS there.
 */
import { SUPPLY_TYPE_ID, type ToxicologicalBand } from '@fm/domain';
import { eiqOfGenericName } from './eiq-values';

export type CatalogueUnit = 'lt' | 'kg' | 'bolsas' | 'unidades';

export type CatalogueSupply = {
  name: string;
  /** A name in the reference `brands` list, or null for a generic product. */
  brand: string | null;
  generic_name: string | null;
  concentration: string | null;
  formulation: string | null;
  type: number;
  subtype: string | null;
  unit: CatalogueUnit;
  band: ToxicologicalBand | null;
  eiq: number | null;
  crop_id?: number;
};

const { HERBICIDE, INSECTICIDE, FUNGICIDE, FERTILISER, SEED, ADJUVANT, OTHER } = SUPPLY_TYPE_ID;

type Agro = [name: string, brand: string | null, generic: string, concentration: string, formulation: string, subtype: string | null, unit: CatalogueUnit, band: ToxicologicalBand | null];
/** A pesticide row; its EIQ comes from the active ingredient's entry in ./eiq-values.ts (null for a mixture). */
const agro = (type: number) => ([name, brand, generic, concentration, formulation, subtype, unit, band]: Agro): CatalogueSupply => ({
  name, brand, generic_name: generic, concentration, formulation, type, subtype, unit, band, eiq: eiqOfGenericName(generic),
});

const HERBICIDES: Agro[] = [
  ['Roundup Full II', 'Bayer', 'Glifosato (sal potásica)', '66,2%', 'SL', 'Total', 'lt', 'IV'],
  ['Glifosato 66,2% SL', null, 'Glifosato (sal potásica)', '66,2%', 'SL', 'Total', 'lt', 'IV'],
  ['Glifosato 48% SL', null, 'Glifosato (sal isopropilamina)', '48%', 'SL', 'Total', 'lt', 'IV'],
  ['Gesaprim 90 WDG', 'Syngenta', 'Atrazina', '90%', 'WG', 'Preemergente', 'kg', null],
  ['Atrazina 90% WG', null, 'Atrazina', '90%', 'WG', 'Preemergente', 'kg', null],
  ['Atrazina 50% SC', null, 'Atrazina', '50%', 'SC', 'Preemergente', 'lt', null],
  ['2,4-D éster etilhexílico 97% EC', null, '2,4-D (éster etilhexílico)', '97%', 'EC', 'Hormonal', 'lt', null],
  ['2,4-D sal amina 60% SL', null, '2,4-D (sal dimetilamina)', '60%', 'SL', 'Hormonal', 'lt', null],
  ['Dicamba 57,7% SL', null, 'Dicamba (sal dimetilamina)', '57,7%', 'SL', 'Hormonal', 'lt', null],
  ['Dual Gold', 'Syngenta', 'S-metolacloro', '96%', 'EC', 'Preemergente', 'lt', null],
  ['S-metolacloro 96% EC', null, 'S-metolacloro', '96%', 'EC', 'Preemergente', 'lt', null],
  ['Pivot H', 'BASF', 'Imazetapir', '10,59%', 'SL', 'Pre y postemergente', 'lt', null],
  ['Imazetapir 10,6% SL', null, 'Imazetapir', '10,6%', 'SL', 'Pre y postemergente', 'lt', null],
  ['Cletodim 24% EC', null, 'Cletodim', '24%', 'EC', 'Graminicida', 'lt', null],
  ['Galant HL', 'Corteva', 'Haloxifop-R-metil', '54%', 'EC', 'Graminicida', 'lt', null],
  ['Haloxifop-R-metil 54% EC', null, 'Haloxifop-R-metil', '54%', 'EC', 'Graminicida', 'lt', null],
  ['Spider', 'Corteva', 'Diclosulam', '84%', 'WG', 'Preemergente', 'kg', null],
  ['Diclosulam 84% WG', null, 'Diclosulam', '84%', 'WG', 'Preemergente', 'kg', null],
  ['Sumisoya', 'Sumitomo Chemical', 'Flumioxazin', '48%', 'SC', 'Preemergente', 'lt', null],
  ['Flumioxazin 48% SC', null, 'Flumioxazin', '48%', 'SC', 'Preemergente', 'lt', null],
  ['Paraquat 27,6% SL', null, 'Paraquat (dicloruro)', '27,6%', 'SL', 'Desecante', 'lt', null],
  ['Glufosinato de amonio 28% SL', null, 'Glufosinato de amonio', '28%', 'SL', 'Total', 'lt', null],
  ['Heat', 'BASF', 'Saflufenacil', '70%', 'WG', 'Desecante', 'kg', null],
  ['Metsulfurón metil 60% WG', null, 'Metsulfurón metil', '60%', 'WG', 'Sulfonilurea', 'kg', null],
  ['Tordon 24 K', 'Corteva', 'Picloram (sal potásica)', '24%', 'SL', 'Hormonal', 'lt', null],
  ['Fomesafén 25% SL', null, 'Fomesafén', '25%', 'SL', 'Postemergente', 'lt', null],
  ['Bentazón 60% SL', null, 'Bentazón', '60%', 'SL', 'Postemergente', 'lt', null],
  ['Clorimurón etil 25% WG', null, 'Clorimurón etil', '25%', 'WG', 'Sulfonilurea', 'kg', null],
  ['Sulfentrazone 50% SC', null, 'Sulfentrazone', '50%', 'SC', 'Preemergente', 'lt', null],
  ['Acetoclor 84% EC', null, 'Acetoclor', '84%', 'EC', 'Preemergente', 'lt', null],
  ['Metribuzín 48% SC', null, 'Metribuzín', '48%', 'SC', 'Preemergente', 'lt', null],
  ['Trifluralina 48% EC', null, 'Trifluralina', '48%', 'EC', 'Preemergente', 'lt', null],
  ['Pendimetalina 33% EC', null, 'Pendimetalina', '33%', 'EC', 'Preemergente', 'lt', null],
  ['Mesotrione 48% SC', null, 'Mesotrione', '48%', 'SC', 'Pre y postemergente', 'lt', null],
  ['Topramezone 33,6% SC', null, 'Topramezone', '33,6%', 'SC', 'Postemergente', 'lt', null],
];

const INSECTICIDES: Agro[] = [
  ['Lorsban 48E', 'Corteva', 'Clorpirifós', '48%', 'EC', 'Organofosforado', 'lt', 'II'],
  ['Clorpirifós 48% EC', null, 'Clorpirifós', '48%', 'EC', 'Organofosforado', 'lt', 'II'],
  ['Cipermetrina 25% EC', null, 'Cipermetrina', '25%', 'EC', 'Piretroide', 'lt', 'II'],
  ['Alfacipermetrina 10% EC', null, 'Alfacipermetrina', '10%', 'EC', 'Piretroide', 'lt', null],
  ['Lambdacialotrina 5% EC', null, 'Lambdacialotrina', '5%', 'EC', 'Piretroide', 'lt', 'II'],
  ['Bifentrin 10% EC', null, 'Bifentrin', '10%', 'EC', 'Piretroide', 'lt', null],
  ['Imidacloprid 35% SC', null, 'Imidacloprid', '35%', 'SC', 'Neonicotinoide', 'lt', null],
  ['Imidacloprid 60% FS', null, 'Imidacloprid', '60%', 'FS', 'Curasemilla', 'lt', null],
  ['Actara 25 WG', 'Syngenta', 'Tiametoxam', '25%', 'WG', 'Neonicotinoide', 'kg', null],
  ['Engeo', 'Syngenta', 'Tiametoxam + lambdacialotrina', '14,1% + 10,6%', 'ZC', 'Neonicotinoide + piretroide', 'lt', null],
  ['Coragen', 'FMC', 'Clorantraniliprole', '20%', 'SC', 'Diamida', 'lt', 'IV'],
  ['Ampligo', 'Syngenta', 'Clorantraniliprole + lambdacialotrina', '10% + 5%', 'ZC', 'Diamida + piretroide', 'lt', null],
  ['Belt', 'Bayer', 'Flubendiamide', '48%', 'SC', 'Diamida', 'lt', null],
  ['Acefato 75% SP', null, 'Acefato', '75%', 'SP', 'Organofosforado', 'kg', null],
  ['Metoxifenocide 24% SC', null, 'Metoxifenocide', '24%', 'SC', 'Regulador de crecimiento', 'lt', null],
  ['Novalurón 10% EC', null, 'Novalurón', '10%', 'EC', 'Regulador de crecimiento', 'lt', null],
  ['Lufenurón 5% EC', null, 'Lufenurón', '5%', 'EC', 'Regulador de crecimiento', 'lt', null],
  ['Abamectina 1,8% EC', null, 'Abamectina', '1,8%', 'EC', 'Acaricida', 'lt', null],
];

const FUNGICIDES: Agro[] = [
  ['Amistar Xtra', 'Syngenta', 'Azoxistrobina + ciproconazol', '20% + 8%', 'SC', 'Estrobilurina + triazol', 'lt', null],
  ['Azoxistrobina 25% SC', null, 'Azoxistrobina', '25%', 'SC', 'Estrobilurina', 'lt', null],
  ['Tebuconazol 43% SC', null, 'Tebuconazol', '43%', 'SC', 'Triazol', 'lt', null],
  ['Epoxiconazol 12,5% SC', null, 'Epoxiconazol', '12,5%', 'SC', 'Triazol', 'lt', null],
  ['Difenoconazol 25% EC', null, 'Difenoconazol', '25%', 'EC', 'Triazol', 'lt', null],
  ['Carbendazim 50% SC', null, 'Carbendazim', '50%', 'SC', 'Bencimidazol', 'lt', null],
  ['Opera', 'BASF', 'Piraclostrobina + epoxiconazol', '13,3% + 5%', 'SE', 'Estrobilurina + triazol', 'lt', null],
  ['Cripton', 'Bayer', 'Trifloxistrobina + protioconazol', '15% + 17,5%', 'SC', 'Estrobilurina + triazolintiona', 'lt', null],
  ['Sphere Max', 'Bayer', 'Trifloxistrobina + ciproconazol', '37,5% + 16%', 'SC', 'Estrobilurina + triazol', 'lt', null],
  ['Mancozeb 80% WP', null, 'Mancozeb', '80%', 'WP', 'Ditiocarbamato', 'kg', null],
  ['Clorotalonil 72% SC', null, 'Clorotalonil', '72%', 'SC', 'Cloronitrilo', 'lt', null],
  ['Carboxin + tiram 20% + 20% FS', null, 'Carboxin + tiram', '20% + 20%', 'FS', 'Curasemilla', 'lt', null],
  ['Fludioxonil + metalaxil-M 2,5% + 1% FS', null, 'Fludioxonil + metalaxil-M', '2,5% + 1%', 'FS', 'Curasemilla', 'lt', null],
];

type Plain = [name: string, brand: string | null, generic: string | null, concentration: string | null, subtype: string | null, unit: CatalogueUnit];
const plain = (type: number) => ([name, brand, generic, concentration, subtype, unit]: Plain): CatalogueSupply => ({
  name, brand, generic_name: generic, concentration, formulation: null, type, subtype, unit, band: null, eiq: null,
});

const ADJUVANTS: Plain[] = [
  ['Aceite metilado de soja', null, 'Ésteres metílicos de aceite de soja', null, 'Aceite', 'lt'],
  ['Aceite mineral parafínico', null, 'Aceite mineral parafínico', null, 'Aceite', 'lt'],
  ['Tensioactivo no iónico', null, 'Alquil fenol etoxilado', null, 'Tensioactivo', 'lt'],
  ['Corrector de pH y secuestrante', null, 'Regulador de pH y secuestrante de cationes', null, 'Acondicionador de agua', 'lt'],
  ['Antiespumante siliconado', null, 'Polidimetilsiloxano', null, 'Antiespumante', 'lt'],
  ['Reductor de deriva', null, 'Polímeros antideriva', null, 'Antideriva', 'lt'],
];

/** Grades as N-P2O5-K2O(-S). */
const FERTILISERS: Plain[] = [
  ['Urea granulada 46-0-0', 'Profertil', 'Urea', '46-0-0', 'Nitrogenado', 'kg'],
  ['Urea perlada 46-0-0', null, 'Urea', '46-0-0', 'Nitrogenado', 'kg'],
  ['Fosfato diamónico 18-46-0', null, 'Fosfato diamónico (DAP)', '18-46-0', 'Fosforado', 'kg'],
  ['Fosfato monoamónico 11-52-0', null, 'Fosfato monoamónico (MAP)', '11-52-0', 'Fosforado', 'kg'],
  ['Superfosfato simple 0-21-0-12S', null, 'Superfosfato simple', '0-21-0-12S', 'Fosforado', 'kg'],
  ['Superfosfato triple 0-46-0', null, 'Superfosfato triple', '0-46-0', 'Fosforado', 'kg'],
  ['UAN 32', null, 'Solución de urea y nitrato de amonio (UAN)', '32-0-0', 'Nitrogenado líquido', 'lt'],
  ['Solución UAN con azufre 28-0-0-5S', null, 'Solución de urea, nitrato de amonio y tiosulfato', '28-0-0-5S', 'Nitrogenado líquido', 'lt'],
  ['Sulfato de amonio 21-0-0-24S', null, 'Sulfato de amonio', '21-0-0-24S', 'Nitrogenado azufrado', 'kg'],
  ['Tiosulfato de amonio 12-0-0-26S', null, 'Tiosulfato de amonio', '12-0-0-26S', 'Azufrado líquido', 'lt'],
  ['Nitrato de amonio calcáreo 27-0-0', null, 'Nitrato de amonio calcáreo (CAN)', '27-0-0', 'Nitrogenado', 'kg'],
  ['Cloruro de potasio 0-0-60', null, 'Cloruro de potasio', '0-0-60', 'Potásico', 'kg'],
  ['Nitrato de potasio 13-0-46', null, 'Nitrato de potasio', '13-0-46', 'Potásico', 'kg'],
  ['Yeso agrícola', null, 'Sulfato de calcio', '18% S', 'Azufrado', 'kg'],
  ['Mezcla NPS', null, 'Mezcla de nitrógeno, fósforo y azufre', null, 'Mezcla', 'kg'],
  ['Fertilizante foliar con zinc', null, 'Zinc', null, 'Micronutrientes', 'lt'],
];

type SeedRow = [name: string, cropId: number, subtype: string | null, unit: CatalogueUnit];
const seed = ([name, crop_id, subtype, unit]: SeedRow): CatalogueSupply => ({
  name, brand: null, generic_name: null, concentration: null, formulation: null, type: SEED, subtype, unit, band: null, eiq: null, crop_id,
});

/** Seeds by crop (CROPS ids in db/seed/reference.ts). Maíz and girasol are sold in bags of seeds, the rest by weight. */
const SEEDS: SeedRow[] = [
  ['Semilla de soja', 1, 'Variedad', 'kg'],
  ['Semilla de soja Intacta RR2 PRO', 1, 'Variedad con biotecnología', 'kg'],
  ['Semilla de maíz híbrido', 2, 'Híbrido (bolsa de 80.000 semillas)', 'bolsas'],
  ['Semilla de maíz colorado flint', 2, 'Híbrido (bolsa de 80.000 semillas)', 'bolsas'],
  ['Semilla de trigo pan', 3, 'Variedad', 'kg'],
  ['Semilla de trigo candeal', 11, 'Variedad', 'kg'],
  ['Semilla de girasol híbrido', 4, 'Híbrido (bolsa de 150.000 semillas)', 'bolsas'],
  ['Semilla de girasol alto oleico', 4, 'Híbrido (bolsa de 150.000 semillas)', 'bolsas'],
  ['Semilla de sorgo granífero', 5, 'Híbrido', 'kg'],
  ['Semilla de sorgo forrajero', 5, 'Híbrido', 'kg'],
  ['Semilla de cebada cervecera', 6, 'Variedad', 'kg'],
  ['Semilla de maní', 7, 'Variedad', 'kg'],
  ['Semilla de colza', 8, 'Híbrido', 'kg'],
  ['Semilla de avena', 9, 'Variedad', 'kg'],
  ['Semilla de arroz', 10, 'Variedad', 'kg'],
];

const OTHERS: Plain[] = [
  ['Inoculante para soja', null, 'Bradyrhizobium japonicum', null, 'Inoculante', 'lt'],
  ['Inoculante para maní', null, 'Bradyrhizobium sp.', null, 'Inoculante', 'lt'],
  ['Bolsa para silo 9 pies', null, null, null, 'Silobolsa', 'unidades'],
];

export const SUPPLIES_CATALOGUE: readonly CatalogueSupply[] = [
  ...HERBICIDES.map(agro(HERBICIDE)),
  ...INSECTICIDES.map(agro(INSECTICIDE)),
  ...FUNGICIDES.map(agro(FUNGICIDE)),
  ...ADJUVANTS.map(plain(ADJUVANT)),
  ...FERTILISERS.map(plain(FERTILISER)),
  ...SEEDS.map(seed),
  ...OTHERS.map(plain(OTHER)),
];
