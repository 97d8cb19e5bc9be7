import type { FastifyReply } from 'fastify';
import type { Detail } from './errors';

export type EnvelopeExtra = {
  status?: number;
  message?: string;
  detail?: Detail[];
  total?: number;
  page?: number;
  per_page?: number;
  /** The list has more than list-query's COUNT_CAP rows: `total` is the cap (decision 0011). */
  total_capped?: boolean;
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
    if (extra.total_capped) body.total_capped = true;
  }
  return body;
}

/** Single and list reads answer `data` as an array, as the spec shows (`data[0].token`). */
export const ok = <T>(data: T[] | T, extra: EnvelopeExtra = {}) => envelope(Array.isArray(data) ? data : [data], extra);
export const created = <T>(data: T[] | T, message?: string) => ok(data, { status: 201, message });

/**
 * The `ok` envelope around a JSON array the database already wrote (`arrayText`), as the text to send with
 * `reply.type('application/json')`: spliced in, never parsed and serialised again (decisions 0029, 0031). `more`: keys
 * a list answers besides the envelope's (the stock list's `totals`).
 */
export function okJsonArray(arrayText: string, extra: EnvelopeExtra = {}, more: Record<string, unknown> = {}): string {
  const [head, tail] = JSON.stringify({ ...envelope('\u0000', extra), ...more }).split('"\\u0000"');
  // concatenated, not String#replace: the text may hold `$&` or `$'`, which a replacement string would expand
  return `${head}${arrayText}${tail}`;
}

/** Sends okJsonArray's text as the JSON answer. */
export const sendJsonArray = (reply: FastifyReply, arrayText: string, extra: EnvelopeExtra = {}, more: Record<string, unknown> = {}) =>
  reply.type('application/json; charset=utf-8').send(okJsonArray(arrayText, extra, more));

/** Sends rows the database wrote as JSON texts (one per row) as the answer's `data` array. */
export const sendJsonRows = (reply: FastifyReply, rows: readonly string[], extra: EnvelopeExtra = {}, more: Record<string, unknown> = {}) =>
  sendJsonArray(reply, `[${rows.join(',')}]`, extra, more);
