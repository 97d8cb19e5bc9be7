import { formatDate, formatNumber } from '@fm/domain';
import { createPdf, fields, footers, header, paragraph, pdfBuffer, section, signatures, table } from '../../../pdf/layout';

type Num = string | number;

/**
 * What the printable order needs: a structural subset of the work order's API shape (the contract's
 * "Order shape"), so the full order loaded for GET work-orders?work_order_id= renders as is.
 */
export type WorkOrderPdfInput = {
  work_order_id: number;
  season: { name: string };
  company: { name: string };
  farm: { name: string };
  contractor: { name: string } | null;
  labor: { name: string };
  price: Num;
  exchange_rate: Num;
  labor_start_date: string;
  labor_end_date: string;
  labor_date: string | null;
  notes: string | null;
  observations: string[];
  status: { name: string };
  created_at: string | Date;
  field_crops: { field: { name: string; hectares: Num }; crop: { name: string } | null; stage: { name: string } | null; hectares_to_apply: Num }[];
  supplies: {
    supply: { name: string; generic: { name: string } | null };
    unit: { name: string };
    dose_to_apply: Num;
    fill_order: number | null;
    stock: { warehouse: { name: string } } | null;
    total_quantity: Num;
  }[];
  adversities: { name: string; adversity_type?: unknown }[];
  ha_total: Num;
  labor_total: Num;
};

/** A dose as entered: up to 5 decimals (the stored scale), at least 2, decimal comma. */
function dose(value: Num): string {
  const n = Number(value);
  return Number.isFinite(n) ? n.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 5 }) : '';
}

const money = (value: Num) => `$ ${formatNumber(value, 2)}`;

/** Supplies in loading order (fill_order ascending, those without one last, then as entered). */
function byFillOrder<T extends { fill_order: number | null }>(rows: T[]): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.fill_order ?? Infinity) - (b.row.fill_order ?? Infinity) || a.i - b.i)
    .map(({ row }) => row);
}

/**
 * The render pool's task (pdf.routes.ts): `{ order, now }` as JSON bytes in, the PDF's bytes out. It runs on a worker
 * thread, so a burst of PDFs keeps a CPU busy, not the request thread (decision 0043).
 */
export function renderWorkOrderPdfTask(input: Uint8Array): Promise<Buffer> {
  const { order, now } = JSON.parse(Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('utf8')) as { order: WorkOrderPdfInput; now: string };
  return renderWorkOrderPdf(order, new Date(now));
}

/**
 * The work order as the contractor prints it (issue 10 item 7): header, lots with hectares, labor with contractor
 * and price, supplies with dose, total quantity (3 decimals) and fill order, adversities, notes, signature lines.
 */
export async function renderWorkOrderPdf(order: WorkOrderPdfInput, now: Date = new Date()): Promise<Buffer> {
  const doc = createPdf(`Orden de trabajo N° ${order.work_order_id}`);
  header(doc, `Orden de trabajo N° ${order.work_order_id}`, `${order.company.name} · ${order.farm.name} · Campaña ${order.season.name}`, [
    `Estado: ${order.status.name}`,
    `Fecha: ${formatDate(order.created_at)}`,
  ]);

  section(doc, 'Datos generales');
  fields(
    doc,
    [
      ['Campaña', order.season.name],
      ['Empresa', order.company.name],
      ['Establecimiento', order.farm.name],
      ['Estado', order.status.name],
      ['Fecha de inicio', formatDate(order.labor_start_date)],
      ['Fecha de fin', formatDate(order.labor_end_date)],
      ['Fecha de realización', formatDate(order.labor_date)],
      ['Contratista', order.contractor?.name],
    ],
    4,
  );

  section(doc, 'Lotes');
  table(
    doc,
    [
      { title: 'Lote', width: 0.3 },
      { title: 'Cultivo', width: 0.2 },
      { title: 'Etapa', width: 0.18 },
      { title: 'Ha del lote', width: 0.16, align: 'right' },
      { title: 'Ha a aplicar', width: 0.16, align: 'right' },
    ],
    [
      ...order.field_crops.map((fc) => [fc.field.name, fc.crop?.name ?? '-', fc.stage?.name ?? '-', formatNumber(fc.field.hectares, 2), formatNumber(fc.hectares_to_apply, 2)]),
      ...(order.field_crops.length ? [['Total', '', '', '', formatNumber(order.ha_total, 2)]] : []),
    ],
    'Sin lotes',
  );

  section(doc, 'Labor');
  fields(
    doc,
    [
      ['Labor', order.labor.name],
      ['Contratista', order.contractor?.name],
      ['Precio por ha', money(order.price)],
      ['Tipo de cambio', formatNumber(order.exchange_rate, 2)],
      ['Hectáreas', formatNumber(order.ha_total, 2)],
      ['Total labor', money(order.labor_total)],
    ],
    3,
  );

  section(doc, 'Insumos');
  table(
    doc,
    [
      { title: 'Orden', width: 0.08, align: 'center' },
      { title: 'Insumo', width: 0.27 },
      { title: 'Principio activo', width: 0.19 },
      { title: 'Dosis por ha', width: 0.13, align: 'right' },
      { title: 'Cantidad total', width: 0.15, align: 'right' },
      { title: 'Depósito', width: 0.18 },
    ],
    byFillOrder(order.supplies).map((s) => [
      s.fill_order === null ? '-' : String(s.fill_order),
      s.supply.name,
      s.supply.generic?.name ?? '-',
      `${dose(s.dose_to_apply)} ${s.unit.name}`,
      `${formatNumber(s.total_quantity, 3)} ${s.unit.name}`,
      s.stock?.warehouse.name ?? '-',
    ]),
    'Sin insumos',
  );

  section(doc, 'Adversidades');
  paragraph(doc, order.adversities.length ? order.adversities.map((a) => (typeof a.adversity_type === 'string' && a.adversity_type ? `${a.name} (${a.adversity_type})` : a.name)).join(' · ') : 'Sin adversidades', {
    muted: !order.adversities.length,
  });

  section(doc, 'Observaciones');
  if (order.observations.length) paragraph(doc, order.observations.map((o) => `•  ${o}`).join('\n'));
  paragraph(doc, order.notes?.trim() || (order.observations.length ? '' : 'Sin observaciones'), { muted: !order.notes?.trim() });

  signatures(doc, ['Firma contratista', 'Firma responsable']);
  footers(doc, `Orden de trabajo N° ${order.work_order_id} · generada el ${formatDate(now)}`);
  return pdfBuffer(doc);
}
