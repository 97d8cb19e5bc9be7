import { GENERIC_ERROR, type Envelope } from '@fm/domain';
import { clearSession, getSession } from '../session/session-store';
import { ApiError, type ErrorDetail } from './errors';
import { trackRequest } from '../components/loading-overlay/overlay-store';

export const API_BASE = '/fm/v1/';

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type RequestOptions = {
  method?: Method;
  query?: Query;
  body?: unknown;
  /** Add workspace_id and workspace=true when a workspace is selected (default true). */
  workspace?: boolean;
  /** Bearer token to send instead of the session's; null sends none. */
  token?: string | null;
  signal?: AbortSignal;
  /** Show the full-screen CARGANDO... overlay (with CANCELAR after 10 s) while the call runs. */
  overlay?: boolean;
};

/** The envelope of a successful answer, with `data` typed. */
export type ApiResult<T> = Omit<Envelope<T>, 'detail'>;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/salir');
};

/** The router installs a client-side navigation; the default reloads to /salir. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function buildUrl(path: string, query: Query = {}, workspace = true): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const session = getSession();
  if (workspace && session?.workspaceId && !params.has('workspace_id')) {
    params.set('workspace_id', String(session.workspaceId));
    params.set('workspace', 'true');
  }
  const qs = params.toString();
  const clean = path.replace(/^\/+/, '').replace(/^fm\/v1\//, '');
  return `${API_BASE}${clean}${qs ? `?${qs}` : ''}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function toDetail(value: unknown): ErrorDetail[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (d): d is ErrorDetail => typeof d === 'object' && d !== null && Array.isArray(d.loc) && typeof d.msg === 'string',
  );
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  return JSON.parse(text);
}

type EarlyGet = { at: number; result: Promise<ApiResult<unknown>> };
/** GETs started by the router before the screen's code has loaded (prefetchGet), by URL. */
const early = new Map<string, EarlyGet>();
/** Older than this, an early answer is not handed out: the screen's own call fetches it again. */
const EARLY_MAX_AGE_MS = 15_000;

/**
 * Starts a GET the screen about to load will make, so it runs in parallel with the screen's code instead of after
 * it. The screen's first identical call (same URL, session token) takes this answer, or its error, once.
 */
export function prefetchGet(path: string, opts: Pick<RequestOptions, 'query' | 'workspace'> = {}): void {
  const url = buildUrl(path, opts.query, opts.workspace ?? true);
  if (early.has(url)) return;
  const result = sendRequest<unknown>(path, opts);
  result.catch(() => undefined); // the taker sees the error; an untaken one is not an unhandled rejection
  early.set(url, { at: Date.now(), result });
}

function takeEarly<T>(path: string, opts: RequestOptions): Promise<ApiResult<T>> | undefined {
  if ((opts.method ?? 'GET') !== 'GET' || opts.token !== undefined || opts.overlay || opts.signal || early.size === 0) return undefined;
  const url = buildUrl(path, opts.query, opts.workspace ?? true);
  const hit = early.get(url);
  if (!hit) return undefined;
  early.delete(url);
  return Date.now() - hit.at <= EARLY_MAX_AGE_MS ? (hit.result as Promise<ApiResult<T>>) : undefined;
}

/**
 * Calls the API and returns the envelope; any failure throws ApiError.
 * A 401 whose message mentions the token (session token only) ends the session.
 */
export function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  return takeEarly<T>(path, opts) ?? sendRequest<T>(path, opts);
}

async function sendRequest<T>(path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
  const { method = 'GET', query, body, workspace = true, signal, overlay = false } = opts;
  const usesSessionToken = opts.token === undefined;
  const token = usesSessionToken ? getSession()?.token : opts.token;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData (multipart uploads) sets its own Content-Type with the boundary
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  if (signal?.aborted) controller.abort();
  const release = overlay ? trackRequest(controller) : undefined;

  let res: Response;
  let payload: unknown;
  try {
    res = await fetch(buildUrl(path, query, workspace), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal: controller.signal,
    });
    payload = await readBody(res);
  } catch (err) {
    if (controller.signal.aborted || (err instanceof DOMException && err.name === 'AbortError')) throw ApiError.cancelled();
    throw ApiError.network();
  } finally {
    release?.();
    signal?.removeEventListener('abort', abort);
  }

  if (!isEnvelope(payload)) {
    if (res.ok && payload === null) return { success: true, status: res.status, data: [] as T };
    throw new ApiError(res.ok ? 510 : res.status, GENERIC_ERROR);
  }
  if (!res.ok || !payload.success) {
    const status = res.ok ? payload.status || 400 : res.status;
    const message = payload.message || GENERIC_ERROR;
    if (status === 401 && usesSessionToken && /token/i.test(message) && getSession()) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError(status, message, toDetail(payload.detail));
  }
  const { detail: _detail, ...rest } = payload;
  return rest as ApiResult<T>;
}

/** Shorthands; `data` of the envelope is an array for reads (ARCHITECTURE §3). */
export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  del: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** First row of `data`, or an error when the server returned none. */
export function first<T>(result: ApiResult<T[]>): T {
  const row = result.data[0];
  if (row === undefined) throw new ApiError(result.status || 510, result.message || GENERIC_ERROR);
  return row;
}
