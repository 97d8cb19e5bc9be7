/**
 * EIQ (Environmental Impact Quotient) of each single active ingredient in the starter supplies catalogue
 * (supplies-catalogue.ts takes its `eiq` from here and nowhere else). The EIQ method is Kovach, Petzoldt, Degni and
 * Tette (1992), "A Method to Measure the Environmental Impact of Pesticides", New York's Food and Life Sciences
 * Bulletin 139, Cornell University; the values are the per-ingredient figures of the New York State IPM Program's
 * (NYSIPM) "EIQ Values" list (https://cals.cornell.edu/new-york-state-integrated-pest-management/risk-assessment/eiq).
 *
 * NYSIPM's list itself could not be read (no network access when this file was written), so every value below is
 * taken from a stored public copy of it and names that copy (repository, commit, path and row as written there):
 * - PESTIQ: the active-ingredient table of the PestIQ Cornell-EIQ calculator (EIQ per lb of active ingredient).
 * - UCROPIT: the active-ingredient EIQ table of UCROPIT, an Argentine crop platform, with Spanish (SENASA-style)
 *   ingredient names; its "0" means "no value" there (e.g. ALFACIPERMETRINA), never an EIQ of zero.
 * Where both copies list an ingredient they agree, except S-metolachlor, bentazon and difenoconazole: there the PESTIQ
 * value is used, because PESTIQ is the newer copy of the list (it rates ingredients first rated in recent years,
 * e.g. afidopyropen, broflanilide, ledprona, oxathiapiprolin, benzovindiflupyr, which UCROPIT lacks or has as 0) and
 * NYSIPM revises old values over time; the other value is written next to it. Values are rounded to 2 decimals (the
 * precision of `supplies.eiq_value`); the copies' full figure is in the source text. In a UCROPIT row "A → B" is the
 * row's `active_principle` and the `active_ingredient_unified` it maps to.
 *
 * Keys are the catalogue's Spanish generic names. A salt or ester in parentheses ("Glifosato (sal potásica)") falls
 * back to the name before it unless the form has its own key (2,4-D: the ester and the amine salt are rated apart).
 * Mixtures ("A + B") have no EIQ of their own: the EIQ is per active ingredient.
 */

export type EiqEntry = { eiq: number; source: string };

const PESTIQ = 'https://github.com/Lorenzo-Pozzi-1/project/blob/7d6113b3cbd6afdb34c9dd18b326a14432127a4a/data/active_ingredients.csv';
const UCROPIT = 'https://github.com/jagraz29/ucropit-api-user-service/blob/5220ec6765c928a923c205eef01befde420e8cc7/src/types/activeIngredients/MapperActiveIngredientUnified.ts';

/** One source row: the copy's URL, then the ingredient and value exactly as that row has them. */
const row = (url: string, name: string, value: string) => `${url} (${name}: ${value})`;
const both = (en: string, enValue: string, es: string, esValue: string) => `${row(PESTIQ, en, enValue)}; ${row(UCROPIT, es, esValue)}`;

export const EIQ_BY_ACTIVE_INGREDIENT: Record<string, EiqEntry> = {
  // Herbicides
  'Glifosato': { eiq: 15.33, source: both('Glyphosate', '15.33', 'GLIFOSATO', '15,33') },
  'Atrazina': { eiq: 22.85, source: row(UCROPIT, 'ATRAZINA', '22,85') },
  '2,4-D (éster etilhexílico)': {
    eiq: 15.33,
    source: `${row(PESTIQ, '2-ethylhexyl ester, herbicide, HRAC O', '15.33333333')}; ${row(UCROPIT, '2,4-D butil exil / 2,4-D BUTIL ESTER', '15,33333333')}`,
  },
  '2,4-D (sal dimetilamina)': { eiq: 20.67, source: row(UCROPIT, '2,4-D SAL DIMETILAMINA → 2,4-D SAL AMINA', '20,66666667') },
  'Dicamba': { eiq: 26.33, source: row(UCROPIT, 'DICAMBA → DICAMBA EQUIVALENTE ACIDO', '26,33') },
  'S-metolacloro': {
    eiq: 15.07,
    source: `${row(PESTIQ, 'S-metolachlor', '15.07')} (newer copy, used); ${row(UCROPIT, 'S-METOLACLORO', '12,5')} (older, not used)`,
  },
  'Imazetapir': { eiq: 19.57, source: row(UCROPIT, 'IMAZETAPIR → IMAZETAPIR EQUIVALENTE ACIDO', '19,57166667') },
  'Cletodim': { eiq: 17, source: both('Clethodim', '17', 'CLETODIM', '17') },
  'Haloxifop-R-metil': { eiq: 13.21, source: row(UCROPIT, 'HALOXIFOP-R-METIL ESTER → HALOXIFOP-P-METIL ESTER', '13,21412037') },
  'Diclosulam': { eiq: 26.33, source: row(UCROPIT, 'DICLOSULAM', '26,33') },
  'Flumioxazin': { eiq: 23.97, source: both('Flumioxazin', '23.97', 'FLUMIOXAZIN', '23,97') },
  'Paraquat': { eiq: 24.73, source: both('Paraquat', '24.73', 'PARAQUAT DICLORURO', '24,73') },
  'Glufosinato de amonio': { eiq: 20.2, source: both('Glufosinate-ammonium', '20.2', 'GLUFOSINATO DE AMONIO', '20,2') },
  'Saflufenacil': { eiq: 22.29, source: row(UCROPIT, 'SAFLUFENACIL', '22,29') },
  'Metsulfurón metil': { eiq: 16.67, source: row(UCROPIT, 'METSULFURON METIL', '16,66666667') },
  'Picloram': { eiq: 18, source: row(UCROPIT, 'PICLORAM SAL POTASICA → PICLORAM EQUIVALETE ACIDO', '18') },
  'Fomesafén': { eiq: 24.46, source: both('Fomesafen', '24.455', 'FOMESAFEN', '24,455') },
  'Bentazón': {
    eiq: 19.33,
    source: `${row(PESTIQ, 'Bentazone', '19.33')} (newer copy, used); ${row(UCROPIT, 'BENTAZON', '18,66666667')} (older, not used)`,
  },
  'Clorimurón etil': { eiq: 19.2, source: row(UCROPIT, 'CLORIMURON ETIL', '19,2') },
  'Sulfentrazone': { eiq: 11.73, source: both('Sulfentrazone', '11.73333333', 'SULFENTRAZONE', '11,73333333') },
  'Acetoclor': { eiq: 19.86, source: row(UCROPIT, 'ACETOCLOR', '19,855') },
  'Metribuzín': { eiq: 28.37, source: both('Metribuzin', '28.36666667', 'METRIBUZIN', '28,36666667') },
  'Trifluralina': { eiq: 18.83, source: both('Trifluralin', '18.83', 'TRIFLURALINA', '18,83') },
  'Pendimetalina': { eiq: 30.17, source: both('Pendimethalin', '30.17', 'PENDIMETALIN', '30,17') },
  'Mesotrione': { eiq: 18.67, source: row(UCROPIT, 'MESOTRIONE', '18,67') },
  'Topramezone': { eiq: 27.17, source: row(UCROPIT, 'TOPRAMEZONE', '27,17') },
  // Insecticides
  'Clorpirifós': { eiq: 26.85, source: both('Chlorpyrifos', '26.85', 'CLORPIRIFOS', '26,85') },
  'Cipermetrina': { eiq: 36.35, source: both('Cypermethrin', '36.35', 'CIPERMETRINA', '36,35') },
  'Alfacipermetrina': { eiq: 26.67, source: `${row(PESTIQ, 'alpha-cypermethrin', '26.66666667')} (UCROPIT: ALFACIPERMETRINA 0, i.e. no value)` },
  'Lambdacialotrina': { eiq: 44.17, source: both('Lambda-cyhalothrin', '44.16666667', 'LAMBDACIALOTRINA', '44,16666667') },
  'Bifentrin': { eiq: 44.35, source: both('Bifenthrin', '44.35', 'BIFENTRIN', '44,35') },
  'Imidacloprid': { eiq: 36.71, source: both('Imidacloprid', '36.71', 'IMIDACLOPRID', '36,71') },
  'Tiametoxam': { eiq: 33.3, source: both('Thiamethoxam', '33.29833333', 'TIAMETOXAM', '33,29833333') },
  'Clorantraniliprole': { eiq: 18.34, source: both('Chlorantraniliprole', '18.33666667', 'CLORANTRANILIPROLE', '18,33666667') },
  'Flubendiamide': { eiq: 19.36, source: row(UCROPIT, 'FLUBENDIAMIDE', '19,35833333') },
  'Acefato': { eiq: 24.88, source: row(UCROPIT, 'ACEFATO', '24,88333333') },
  'Metoxifenocide': { eiq: 32.1, source: row(UCROPIT, 'METOXIFENOCIDE', '32,1') },
  'Novalurón': { eiq: 14.33, source: both('Novaluron', '14.33333333', 'NOVALURON', '14,33333333') },
  'Lufenurón': { eiq: 16.29, source: row(UCROPIT, 'LUFENURON', '16,29333333') },
  'Abamectina': { eiq: 34.68, source: both('Abamectin', '34.68333333', 'ABAMECTINA', '34,68333333') },
  // Fungicides
  'Azoxistrobina': { eiq: 26.92, source: both('Azoxystrobin', '26.92333333', 'AZOXISTROBINA', '26,92333333') },
  'Tebuconazol': { eiq: 40.33, source: row(UCROPIT, 'TEBUCONAZOLE', '40,33333333') },
  'Epoxiconazol': { eiq: 57.7, source: row(UCROPIT, 'EPOXICONAZOL → EPOXICONAZOLE', '57,7') },
  'Difenoconazol': {
    eiq: 22,
    source: `${row(PESTIQ, 'Difenoconazole', '22')} (newer copy, used); ${row(UCROPIT, 'DIFENOCONAZOLE', '41,5')} (older, not used)`,
  },
  'Carbendazim': { eiq: 50.5, source: row(UCROPIT, 'CARBENDAZIM', '50,5') },
  'Mancozeb': { eiq: 25.72, source: both('Mancozeb', '25.72', 'MANCOZEB', '25,72') },
  'Clorotalonil': { eiq: 37.42, source: both('Chlorothalonil', '37.41666667', 'CLOROTALONIL', '37,41666667') },
};

/**
 * The EIQ of a catalogue generic name: its own key, else the name before a parenthesised salt or ester; null for a
 * mixture ("A + B") or an ingredient without a sourced value.
 */
export function eiqOfGenericName(genericName: string | null): number | null {
  if (!genericName || genericName.includes('+')) return null;
  const entry = EIQ_BY_ACTIVE_INGREDIENT[genericName] ?? EIQ_BY_ACTIVE_INGREDIENT[genericName.replace(/\s*\(.*\)$/, '')];
  return entry?.eiq ?? null;
}
