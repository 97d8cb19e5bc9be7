import { z } from 'zod';
import { FIELD_MAPPING_MSG } from '@fm/domain';
import { AppError } from '../../http/errors';
import type { FieldMappingAccount, FieldMappingPlot, FieldMappingService } from './types';

/** Answers of the service are a few fields; anything larger is not one of them. */
const MAX_BYTES = 64 * 1024;

const unavailable = () => new AppError('BAD_GATEWAY', FIELD_MAPPING_MSG.unavailable);

const TokenAnswer = z.object({ token: z.string().trim().min(1).max(200) });
const FieldAnswer = z.object({ id: z.union([z.string().trim().min(1).max(100), z.number().int().nonnegative()]) });

export type FieldMappingHttpOptions = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
  /** Told why a call failed (for the operator's log: the user only gets the Spanish message). */
  onFailure?: (reason: string) => void;
};

/**
 * The field-mapping service's partner API (decision 0025): JSON over HTTPS, the installation's key as a bearer
 * token on every call and, for a user's data, that user's token in `X-User-Token`.
 *   POST /users                {external_id, email, name, last_name}            → 200|201 {token}
 *   PUT  /fields/{field_id}    {name, farm_name, hectares, boundary (GeoJSON)}  → 200|201 {id}
 * 401: the installation's key is refused (502, ask the administrator); 403 on a field: the user's token is no
 * longer valid (409, synchronise again); other 4xx: the service refused the data (502); 5xx, a timeout, a refused
 * connection, a redirect or an answer that is not the expected JSON: 502 'no responde'.
 */
export function httpFieldMapping({ baseUrl, apiKey, timeoutMs, fetchImpl = fetch, onFailure }: FieldMappingHttpOptions): FieldMappingService {
  const base = baseUrl.replace(/\/+$/, '');
  const fail = (error: AppError, reason: string) => {
    onFailure?.(reason);
    return error;
  };

  async function call<T>(path: string, init: { method: 'POST' | 'PUT'; body: unknown; userToken?: string }, answer: z.ZodType<T>): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
    if (init.userToken) headers['x-user-token'] = init.userToken;
    let response: Response;
    let text: string;
    try {
      // the timeout covers reading the body too: a service that sends headers and then stalls is late all the same
      const signal = AbortSignal.timeout(timeoutMs);
      response = await fetchImpl(`${base}${path}`, { method: init.method, body: JSON.stringify(init.body), headers, signal, redirect: 'error' });
      text = await response.text();
    } catch (err) {
      throw fail(unavailable(), `${init.method} ${path}: sin respuesta (${(err as Error).message})`);
    }
    const status = `${init.method} ${path}: HTTP ${response.status}`;
    if (response.status === 401) throw fail(new AppError('BAD_GATEWAY', FIELD_MAPPING_MSG.keyRefused), status);
    if (response.status === 403 && init.userToken) throw fail(new AppError('CONFLICT', FIELD_MAPPING_MSG.tokenRefused), status);
    if (response.status >= 400 && response.status < 500) throw fail(new AppError('BAD_GATEWAY', FIELD_MAPPING_MSG.rejected), status);
    if (!response.ok || text.length > MAX_BYTES) throw fail(unavailable(), response.ok ? `${status}, respuesta demasiado grande` : status);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw fail(unavailable(), `${status}, la respuesta no es JSON`);
    }
    const parsed = answer.safeParse(data);
    if (!parsed.success) throw fail(unavailable(), `${status}, respuesta inesperada`);
    return parsed.data;
  }

  return {
    kind: 'http',
    async synchronizeUser(user: FieldMappingAccount) {
      const body = { external_id: String(user.user_id), email: user.email, name: user.name, last_name: user.last_name };
      return call('/users', { method: 'POST', body }, TokenAnswer);
    },
    async upsertField(token: string, plot: FieldMappingPlot) {
      const body = { name: plot.name, farm_name: plot.farm_name, hectares: plot.hectares, boundary: plot.boundary };
      const { id } = await call(`/fields/${plot.field_id}`, { method: 'PUT', body, userToken: token }, FieldAnswer);
      return { external_id: String(id) };
    },
  };
}
