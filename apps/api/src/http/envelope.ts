import type { Detail } from './errors';

export type EnvelopeExtra = {
  status?: number;
  message?: string;
  detail?: Detail[];
  total?: number;
  page?: number;
  per_page?: number;
};

/** `{success, status, data, message}` (ARCHITECTURE §3); success follows the status code. */
export function envelope<T>(data: T, extra: EnvelopeExtra = {}) {
  const status = extra.status ?? 200;
  const body: Record<string, unknown> = { success: status < 400, status, data };
  if (extra.message !== undefined) body.message = extra.message;
  if (extra.detail) body.detail = extra.detail;
  if (extra.total !== undefined) {
    body.total = extra.total;
    body.page = extra.page;
    body.per_page = extra.per_page;
  }
  return body;
}

/** Single and list reads answer `data` as an array, as the spec shows (`data[0].token`). */
export const ok = <T>(data: T[] | T, extra: EnvelopeExtra = {}) => envelope(Array.isArray(data) ? data : [data], extra);
export const created = <T>(data: T[] | T, message?: string) => ok(data, { status: 201, message });
