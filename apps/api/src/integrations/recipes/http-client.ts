import { RECIPE_MSG, RECIPE_STATUSES, type RecipeStatus } from '@fm/domain';
import { AppError, notFound } from '../../http/errors';
import type { IssuedRecipe, RecipeCredentials, RecipeIssuer } from './types';

const TIMEOUT_MS = 10_000;

const unavailable = () => new AppError('SERVICE_UNAVAILABLE', RECIPE_MSG.serviceUnavailable);
const refused = () => new AppError('VALIDATION', RECIPE_MSG.credentialsInvalid, [{ loc: ['body', 'recipe_user'], msg: RECIPE_MSG.credentialsInvalid }]);

const basic = (c: RecipeCredentials) => `Basic ${Buffer.from(`${c.user}:${c.password}`, 'utf8').toString('base64')}`;

function requireCredentials(c: RecipeCredentials | null): RecipeCredentials {
  if (!c) throw new AppError('VALIDATION', RECIPE_MSG.accountRequired);
  return c;
}

/**
 * The external prescription service (decision 0018 documents the protocol): JSON over HTTPS with the workspace's
 * account as HTTP Basic credentials.
 *   POST   /sessions               {user, password}          → 200 | 401
 *   POST   /recipes                RecipeContent             → 201 {id, number, status}
 *   GET    /recipes/{id}/pdf                                 → 200 application/pdf
 *   DELETE /recipes/{id}                                     → 200 | 204
 * 401/403 mean the stored account no longer works (422, asks to link it again); 404 a recipe the service lost;
 * anything else, a timeout or a refused connection answers 503 with a Spanish message.
 */
export function httpIssuer(baseUrl: string, fetchImpl: typeof fetch = fetch): RecipeIssuer {
  const base = baseUrl.replace(/\/+$/, '');

  async function call(path: string, init: { method: string; body?: string; headers?: Record<string, string>; account?: RecipeCredentials }): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json, application/pdf');
    if (init.account) headers.set('authorization', basic(init.account));
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, { method: init.method, body: init.body, headers, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    } catch {
      throw unavailable();
    }
    if (response.status === 401 || response.status === 403) throw refused();
    if (response.status === 404) throw notFound(RECIPE_MSG.notFound);
    if (!response.ok) throw unavailable();
    return response;
  }

  const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const recipePath = (recipe: IssuedRecipe) => {
    if (!recipe.external_id) throw notFound(RECIPE_MSG.notFound);
    return `/recipes/${encodeURIComponent(recipe.external_id)}`;
  };

  return {
    kind: 'http',
    needsAccount: true,
    async verifyAccount(credentials) {
      await call('/sessions', { method: 'POST', ...json({ user: credentials.user, password: credentials.password }) });
    },
    async issue(content, credentials) {
      const response = await call('/recipes', { method: 'POST', account: requireCredentials(credentials), ...json(content) });
      const body = (await response.json().catch(() => null)) as { id?: unknown; number?: unknown; status?: unknown } | null;
      if (!body || (typeof body.id !== 'string' && typeof body.id !== 'number')) throw unavailable();
      const status = RECIPE_STATUSES.includes(body.status as RecipeStatus) ? (body.status as RecipeStatus) : 'Pendiente';
      return { external_id: String(body.id), number: typeof body.number === 'string' || typeof body.number === 'number' ? String(body.number) : String(body.id), status };
    },
    async pdf(recipe, credentials) {
      const response = await call(`${recipePath(recipe)}/pdf`, { method: 'GET', account: requireCredentials(credentials) });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw unavailable();
      return bytes;
    },
    async cancel(recipe, credentials) {
      await call(recipePath(recipe), { method: 'DELETE', account: requireCredentials(credentials) });
    },
  };
}
