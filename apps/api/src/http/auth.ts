import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { PLAN, effectiveFlags, type Action, type Feature, type FlagSet, type Module } from '@fm/domain';
import { loadRequestState, workspaceOfRequest, type WorkspaceAccess } from './access';
import { AppError, unauthorized } from './errors';
import { RequestStateCache } from './request-state-cache';
import type { AccessClaims } from './tokens';

export type AuthContext = AccessClaims & { token: string; trial_expired: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No token needed. */
    public?: boolean;
    /** Module permission in the request's workspace (the guard enforces it). */
    /**
     * `alsoFor`: modules whose same flag also allows the route — a read another module's screens need (the work-order
     * form picks supplies, stocks, plans and plots), never a write.
     */
    permission?: { module: Module; action: Action; alsoFor?: readonly Module[] };
    /** Signed in, no module permission (account-level routes). */
    auth?: 'user';
    /**
     * The feature flag the route belongs to: with it off in the request's flag set the route answers as an unknown
     * one. ALWAYS_ON for the few a signed-in user needs in every set (session, sign-out, reference lists, error reports).
     */
    feature?: Feature | typeof ALWAYS_ON;
    /** Only the workspace's owner: always (`true`), or when the query asks for the whole account (`'scope=account'`). */
    ownerOnly?: true | 'scope=account';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The membership the auth hook read with the token's state, for the guard (null access: not a member). */
    loadedAccess: { workspaceId: number; access: WorkspaceAccess | null } | null;
  }
}

/** The `feature` of a route that works whatever the flag set (decision 0010). */
export const ALWAYS_ON = 'always';

/** The message of the 404 an unknown route answers; a route whose feature is off answers the same. */
export const ROUTE_NOT_FOUND = 'Ruta no encontrada';

/** Refuses a route whose feature is off in `flags` exactly as an unknown route is refused. */
function refuseFeatureOff(request: FastifyRequest, flags: FlagSet): void {
  const feature = request.routeOptions.config.feature;
  if (feature && feature !== ALWAYS_ON && !flags[feature]) throw new AppError('NOT_FOUND', ROUTE_NOT_FOUND);
}

/** Routes that need no token: declared public, the OpenAPI documentation pages, or outside the API (the web app's static files). */
export function isPublicRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  return !url || Boolean(request.routeOptions.config.public) || url.startsWith('/fm/v1/docs') || !url.startsWith('/fm/v1/');
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/**
 * Resolves the bearer token of every non-public route; 401 with a message mentioning the token otherwise.
 * A route whose feature the deployment's flag set (FM_FLAGS) turns off is an unknown route, token or not;
 * one the account's expired trial turns off is unknown to that account.
 */
export const authPlugin = fp(async (app) => {
  const deploymentFlags = effectiveFlags(app.config.FM_FLAGS, false);
  const trialExpiredFlags = effectiveFlags(app.config.FM_FLAGS, true);
  const requestStates = new RequestStateCache(app.database.accessChanges, app.config.AUTH_CACHE_MS);
  app.addHook('onClose', async () => requestStates.close());
  app.decorateRequest('auth', null);
  app.decorateRequest('loadedAccess', null);
  // nor does the OpenAPI description list what this deployment answers as an unknown route
  app.addHook('onRoute', (route) => {
    const feature = (route.config as { feature?: Feature | typeof ALWAYS_ON } | undefined)?.feature;
    if (feature && feature !== ALWAYS_ON && !deploymentFlags[feature]) route.schema = { ...route.schema, hide: true };
  });
  app.addHook('onRequest', async (request) => {
    if (isPublicRoute(request)) return;
    refuseFeatureOff(request, deploymentFlags);
    const token = bearerOf(request);
    if (!token) throw unauthorized('Falta el token de acceso');
    const claims = await app.tokens.verify(token);
    if (!claims) throw unauthorized();
    // one statement, and none when remembered: the account's revocation instant and plan, whether this token was
    // signed out, and the membership and permissions the guard will judge (decisions 0015 and 0038)
    const wanted = workspaceOfRequest(request, claims.workspace_id);
    const workspaceId = wanted !== undefined && Number.isInteger(wanted) ? wanted : null;
    const state = await requestStates.load(claims.user_id, claims.jti, workspaceId, () => loadRequestState(app.db, claims.user_id, claims.jti, workspaceId));
    if (!state || state.revoked) throw unauthorized();
    if (state.tokens_valid_after && claims.iat_ms < state.tokens_valid_after.getTime()) throw unauthorized();
    const trialExpired = state.plan_id === PLAN.TRIAL && state.plan_end_date !== null && state.plan_end_date.getTime() < Date.now();
    if (trialExpired) refuseFeatureOff(request, trialExpiredFlags);
    if (workspaceId !== null) request.loadedAccess = { workspaceId, access: state.access };
    request.auth = { ...claims, token, trial_expired: trialExpired };
  });
});

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized('Falta el token de acceso');
  return request.auth;
}
