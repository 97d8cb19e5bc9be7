import { formatDate, formatNumber, recipePeriodUnitLabel, type RecipePeriod } from '@fm/domain';
import { createPdf, fields, footers, header, paragraph, pdfBuffer, section, signatures, table, type Pdf } from '../../pdf/layout';
import type { IssuedRecipe, RecipeIssuer } from './types';

const period = (p: RecipePeriod) => `${p.quantity} ${recipePeriodUnitLabel(p.unit)}`;
const dose = (v: string) => {
  const n = Number(v);
  return Number.isFinite(n) ? n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 5 }) : v;
};
/** A blank to fill by hand on the printed receta (what the product does not know: matrícula, SENASA number...). */
const BLANK = '______________';

/** Weather limits among the order's preset observations (doc 2 §2.7): wind, humidity, temperature. */
const WEATHER = /viento|HR|temperatura/i;

function watermark(doc: Pdf, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.save();
    doc.rotate(-35, { origin: [doc.page.width / 2, doc.page.height / 2] });
    doc.fillColor('#cf1322').opacity(0.18).font('Helvetica-Bold').fontSize(110);
    doc.text(text, 0, doc.page.height / 2 - 60, { width: doc.page.width, align: 'center', lineBreak: false });
    doc.restore();
  }
}

/**
 * The receta agronómica with the fields DOMAIN.md lists (Buenos Aires Ley 10.699, Córdoba Ley 9164, Santa Fe):
 * number and date, responsible user and CUIT, establishment, lots and hectares, crop and stage, adversity, products
 * with active ingredient, dose and total, applicator, weather limits, carencia/reingreso/ventilación, recommendations,
 * triple rinse, the agronomist's signature and the closing of the application. What the product does not hold
 * (matrícula, SENASA registration, toxicological class, water volume, georeference) is left as a blank to fill.
 */
export async function renderRecipePdf(recipe: IssuedRecipe): Promise<Buffer> {
  const c = recipe.content;
  const doc = createPdf(`Receta agronómica N° ${recipe.number}`);
  header(doc, 'Receta agronómica', `${c.company.name} · ${c.farm.name} · Campaña ${c.season.name} · Orden de trabajo N° ${c.work_order_id}`, [
    `N° ${recipe.number}`,
    `Fecha: ${formatDate(recipe.created_at)}`,
    `Estado: ${recipe.status}`,
  ]);

  section(doc, 'Responsable y establecimiento');
  fields(
    doc,
    [
      ['Usuario responsable', c.company.name],
      ['CUIT', c.company.tax_identifier],
      ['Solicitada por', c.requested_by],
      ['Establecimiento', c.farm.name],
      ['Georreferencia', BLANK],
      ['Hectáreas totales', formatNumber(c.lots.reduce((s, l) => s + Number(l.hectares), 0), 2)],
    ],
    3,
  );

  section(doc, 'Lotes y cultivo');
  table(
    doc,
    [
      { title: 'Lote', width: 0.35 },
      { title: 'Cultivo', width: 0.25 },
      { title: 'Estado fenológico', width: 0.22 },
      { title: 'Hectáreas', width: 0.18, align: 'right' },
    ],
    c.lots.map((l) => [l.name, l.crop ?? '-', l.stage ?? '-', formatNumber(l.hectares, 2)]),
  );

  section(doc, 'Diagnóstico');
  paragraph(doc, c.adversities.length ? c.adversities.map((a) => (a.type ? `${a.name} (${a.type})` : a.name)).join(' · ') : 'Adversidad: ' + BLANK);

  section(doc, 'Productos');
  table(
    doc,
    [
      { title: 'Producto / marca', width: 0.18 },
      { title: 'Principio activo y concentración', width: 0.16 },
      { title: 'Formulación', width: 0.12 },
      { title: 'Registro SENASA', width: 0.1 },
      { title: 'Clase toxicológica', width: 0.13 },
      { title: 'Dosis por ha', width: 0.11, align: 'right' },
      { title: 'Cantidad total', width: 0.12, align: 'right' },
      { title: 'Agua (L/ha)', width: 0.08, align: 'right' },
    ],
    c.supplies.map((s) => [
      s.brand ? `${s.name} (${s.brand})` : s.name,
      s.active_ingredient ?? '',
      s.formulation ?? '',
      '',
      '',
      `${dose(s.dose)} ${s.unit}`,
      `${formatNumber(s.total_quantity, 3)} ${s.unit}`,
      '',
    ]),
  );

  section(doc, 'Aplicación');
  const weather = c.observations.filter((o) => WEATHER.test(o));
  fields(
    doc,
    [
      ['Labor', c.labor.name],
      ['Aplicador', c.contractor?.name ?? BLANK],
      ['Equipo', BLANK],
      ['Desde', formatDate(c.labor_start_date)],
      ['Hasta', formatDate(c.labor_end_date)],
      ['Condiciones climáticas', weather.length ? weather.join(' · ') : 'Viento, temperatura y humedad según marbete'],
      ['Puntos sensibles y zonas de amortiguamiento', BLANK],
    ],
    3,
  );

  section(doc, 'Restricciones de uso');
  fields(
    doc,
    [
      ['Período de carencia', period(c.use_restrictions.grace_period)],
      ['Período de reingreso', period(c.use_restrictions.reentry_period)],
      ['Período de ventilación', period(c.use_restrictions.ventilation_period)],
    ],
    3,
  );
  section(doc, 'Recomendaciones');
  paragraph(doc, c.recommendations || '-');
  paragraph(doc, 'Envases vacíos: triple lavado, perforado y entrega en un centro de acopio autorizado (Ley 27.279).', { muted: true });

  section(doc, 'Cierre de la aplicación');
  fields(
    doc,
    [
      ['Fecha real de aplicación', BLANK],
      ['Dosis aplicada', BLANK],
      ['Observaciones', BLANK],
    ],
    3,
  );

  signatures(doc, ['Ingeniero/a agrónomo/a · Matrícula', 'Aplicador', 'Usuario responsable']);
  footers(doc, `Receta agronómica N° ${recipe.number} · emitida por Gestión Agro`);
  if (recipe.status === 'Anulada') watermark(doc, 'ANULADA');
  return pdfBuffer(doc);
}

/** The default recipe service: numbers recetas in the workspace and prints them itself; no account needed. */
export const builtinIssuer: RecipeIssuer = {
  kind: 'builtin',
  needsAccount: false,
  async verifyAccount() {},
  async issue(_content, _credentials, number) {
    return { external_id: null, number, status: 'Emitida' };
  },
  pdf: (recipe) => renderRecipePdf(recipe),
  async cancel() {},
};
