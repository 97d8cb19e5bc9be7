import { WorkOrderBody, WORK_ORDER_MSG, type FieldCrop } from '@fm/domain';
import type { WorkOrderPayload } from './api';
import { toPayload, type FormValues } from './form-values';

export type FieldError = { name: (string | number)[]; errors: string[] };
export type Checked = { payload: WorkOrderPayload; fields: FieldError[]; messages: string[] };

const TOP_FIELDS = new Set(['season_plan_id', 'labor_id', 'price', 'exchange_rate', 'labor_start_date', 'labor_end_date', 'notes', 'observations']);

/**
 * Checks the form with the domain's WorkOrderBody (the schema the API parses), so the messages are the spec's and
 * the same on both sides; adds the plot limit ('Las hectáreas a aplicar no pueden superar las del lote.'), which needs
 * the plan's plots. Returns the body, the messages per form field and every message once (for the warning toast).
 */
export function checkWorkOrder(values: FormValues, plots: readonly FieldCrop[], statusId?: number): Checked {
  const payload = toPayload(values, statusId);
  // form index of each sent supply (rows without a supply are not sent)
  const supplyRows = (values.supplies ?? []).map((r, i) => (r?.supply_id ? i : -1)).filter((i) => i >= 0);
  const byName = new Map<string, FieldError>();
  const messages: string[] = [];
  const put = (name: (string | number)[] | null, msg: string) => {
    if (!messages.includes(msg)) messages.push(msg);
    if (!name) return;
    const key = name.join('.');
    const entry = byName.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(msg)) entry.errors.push(msg);
    byName.set(key, entry);
  };

  const result = WorkOrderBody.safeParse(payload);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [top, index, field] = issue.path as (string | number)[];
      if (top === 'field_crops' && typeof index === 'number') {
        put(['field_crops', index, field === 'hectares_to_apply' ? 'hectares_to_apply' : 'field_crop_id'], issue.message);
      } else if (top === 'supplies' && typeof index === 'number') {
        const row = supplyRows[index] ?? index;
        const sent = payload.supplies[index];
        const where = field === 'price' || (sent && sent.dose_to_apply !== '' && sent.price === '') ? 'price' : 'dose_to_apply';
        put(['supplies', row, typeof field === 'string' && field !== 'price' ? field : where], issue.message);
      } else if (typeof top === 'string' && TOP_FIELDS.has(top)) {
        put([top], issue.message);
      } else {
        put(null, issue.message);
      }
    }
  }

  (values.field_crops ?? []).forEach((row, i) => {
    const plot = plots.find((p) => p.field_crop_id === row?.field_crop_id);
    const max = plot ? Number(plot.hectares ?? plot.field.hectares) : NaN;
    if (plot && row?.hectares_to_apply && Number.isFinite(max) && row.hectares_to_apply > max) put(['field_crops', i, 'hectares_to_apply'], WORK_ORDER_MSG.hectaresExceeded);
  });

  return { payload, fields: [...byName.values()], messages };
}
