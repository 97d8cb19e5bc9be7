import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EXTERNAL_MSG, SIGN_IN_METHOD, type ExternalProvider, type ExternalSigninParams } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { publicUrl } from '../../config';
import { unauthorized } from '../../http/errors';
import { hashOpaqueToken, newOpaqueToken } from '../../http/tokens';
import { isCancelled, type ExternalIdentity, type OidcClient } from '../../integrations/oidc/oidc';
import {
  acceptInvitations,
  consumeToken,
  createOwnWorkspace,
  findUserByEmail,
  insertToken,
  linkBase,
  openSession,
  type LinkConfig,
  type LoginFrom,
  type Session,
  type SessionDeps,
} from '../users/index';
import { consumeLogin, findUserBySubject, insertLogin, purgeExpiredLogins } from './external-auth.repo';

/** What a sign-in needs besides the database: where links may point, and a logger for provider failures. */
export type SignInDeps = { config: LinkConfig; log: FastifyBaseLogger };

const LOGIN_TTL_MS = 10 * 60 * 1000;
/** The /sso/:page/:code link is opened by the browser right away; the code is single use. */
const SSO_CODE_TTL_MS = 2 * 60 * 1000;

/** A failure whose Spanish message goes back to the browser in `?error=`. */
class SignInFailure extends Error {}

function withError(base: string, message: string): string {
  const url = new URL(base);
  url.searchParams.set('error', message);
  return url.href;
}

/**
 * `<origin>/sso/<page>` on this application (PUBLIC_URL's origin or one of WEB_ORIGINS, never the Host header):
 * the page of a requested `/sso/<page>` path, else home.
 */
function successTarget(config: LinkConfig, requested: string | undefined): string {
  const base = new URL(linkBase(config, requested, '/sso/home'));
  const page = /^\/sso\/([a-z0-9-]+)$/i.exec(base.pathname)?.[1] ?? 'home';
  return `${base.origin}/sso/${page}`;
}

export type StartResult = { location: string; binding?: string };

/**
 * Starts an external sign-in: keeps PKCE verifier, state (hashed), nonce and the validated redirects
 * server-side and sends the browser to the provider. `binding` goes to an HttpOnly cookie so that only
 * the browser that started the sign-in can finish it (no login CSRF).
 */
export async function beginSignIn(
  db: Executor,
  deps: SignInDeps,
  oidc: OidcClient,
  provider: ExternalProvider,
  params: ExternalSigninParams,
  callbackUrl: string,
): Promise<StartResult> {
  const success = successTarget(deps.config, params.success_redirect);
  const failure = linkBase(deps.config, params.failure_redirect, '/');
  let start;
  try {
    start = await oidc.start(provider, callbackUrl);
  } catch (err) {
    deps.log.error({ err, provider }, 'OIDC discovery failed');
    return { location: withError(failure, EXTERNAL_MSG.unreachable(provider)) };
  }
  const binding = randomBytes(24).toString('base64url');
  await purgeExpiredLogins(db);
  await insertLogin(db, {
    provider,
    state_hash: hashOpaqueToken(start.state),
    code_verifier: start.codeVerifier,
    nonce: start.nonce,
    redirect_uri: callbackUrl,
    success_redirect: success,
    failure_redirect: failure,
    terms_accepted: params.terms_accepted,
    browser_hash: hashOpaqueToken(binding),
    expires_at: new Date(Date.now() + LOGIN_TTL_MS),
  });
  return { location: start.url.href, binding };
}

/** Apple sends the name only on the first authorization, as a JSON `user` form field. */
function appleName(user: string | undefined): { givenName: string; familyName: string } | null {
  if (!user) return null;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: unknown; lastName?: unknown } };
    const first = typeof parsed.name?.firstName === 'string' ? parsed.name.firstName.trim().slice(0, 100) : '';
    const last = typeof parsed.name?.lastName === 'string' ? parsed.name.lastName.trim().slice(0, 100) : '';
    return { givenName: first, familyName: last };
  } catch {
    return null;
  }
}

const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'iss'] as const;
export type CallbackParams = Partial<Record<(typeof CALLBACK_PARAMS)[number] | 'user', string>>;

/**
 * Finishes an external sign-in and answers where to send the browser: the web's `/sso/<page>/<code>`
 * with a single-use code on success, the failure page with a Spanish `?error=` otherwise.
 */
export async function completeSignIn(
  db: Executor,
  deps: SignInDeps,
  oidc: OidcClient,
  provider: ExternalProvider,
  params: CallbackParams,
  binding: string | undefined,
): Promise<string> {
  const unknownFailure = withError(`${publicUrl(deps.config)}/`, EXTERNAL_MSG.expired);
  if (!params.state) return unknownFailure;
  const login = await consumeLogin(db, provider, hashOpaqueToken(params.state));
  if (!login) return unknownFailure;
  const fail = (message: string) => withError(login.failure_redirect, message);
  if (!binding || !login.browser_hash || hashOpaqueToken(binding) !== login.browser_hash) return fail(EXTERNAL_MSG.expired);

  const callbackUrl = new URL(login.redirect_uri);
  for (const key of CALLBACK_PARAMS) {
    const value = params[key];
    if (value) callbackUrl.searchParams.set(key, value);
  }
  let identity: ExternalIdentity;
  try {
    identity = await oidc.finish(provider, callbackUrl, { state: params.state, nonce: login.nonce, codeVerifier: login.code_verifier });
  } catch (err) {
    if (isCancelled(err)) return fail(EXTERNAL_MSG.cancelled(provider));
    deps.log.warn({ provider, reason: err instanceof Error ? `${err.name}: ${err.message}` : 'unknown' }, 'OIDC code exchange failed');
    return fail(EXTERNAL_MSG.failed(provider));
  }
  const named = appleName(params.user);
  if (named) identity = { ...identity, givenName: identity.givenName || named.givenName, familyName: identity.familyName || named.familyName };

  const { token, hash } = newOpaqueToken();
  try {
    await db.transaction(async (tx) => {
      const userId = await resolveUser(tx, provider, identity);
      await insertToken(tx, userId, 'sso', hash, SSO_CODE_TTL_MS);
    });
  } catch (err) {
    if (err instanceof SignInFailure) return fail(err.message);
    deps.log.error({ err, provider }, 'external sign-in could not resolve the user');
    return fail(EXTERNAL_MSG.failed(provider));
  }
  return `${login.success_redirect}/${token}`;
}

/**
 * The account of an external identity: the one already tied to this provider's subject, else the one
 * with the same (provider-verified) e-mail, else a new one with its own workspace and the access of
 * pending invitations. Linking to an account whose e-mail was never proven discards its password and
 * tokens (whoever registered that e-mail without owning it must not keep a way in) and, the address now
 * proven by the provider, accepts the invitations sent to it.
 */
async function resolveUser(tx: Executor, provider: ExternalProvider, identity: ExternalIdentity): Promise<number> {
  const method = SIGN_IN_METHOD[provider];
  const bySubject = await findUserBySubject(tx, method, identity.subject);
  if (bySubject) return bySubject.user_id;
  if (!identity.email || !identity.emailVerified) throw new SignInFailure(EXTERNAL_MSG.noEmail(provider));

  const byEmail = await findUserByEmail(tx, identity.email);
  if (byEmail) {
    if (!byEmail.email_validated_at) {
      const now = new Date();
      await tx
        .update(users)
        .set({ email_validated_at: now, password_hash: null, tokens_valid_after: now, updated_at: now })
        .where(eq(users.user_id, byEmail.user_id));
      await acceptInvitations(tx, byEmail.user_id, byEmail.email);
    }
    return byEmail.user_id;
  }

  const [user] = await tx
    .insert(users)
    .values({
      email: identity.email,
      password_hash: null,
      name: identity.givenName,
      last_name: identity.familyName,
      sign_in_method: method,
      external_subject: identity.subject,
      email_validated_at: new Date(),
      signup_completed: false,
    })
    .returning();
  await createOwnWorkspace(tx, user.user_id, user.name);
  await acceptInvitations(tx, user.user_id, user.email);
  return user.user_id;
}

/** Trades the single-use code of `/sso/<page>/<code>` for a session (spec doc 1 §2.1 single sign-on). */
export async function exchangeSsoCode(db: Executor, deps: SessionDeps, code: string, loginFrom: LoginFrom): Promise<Session> {
  const userId = await consumeToken(db, 'sso', hashOpaqueToken(code));
  if (!userId) throw unauthorized(EXTERNAL_MSG.ssoInvalid);
  return openSession(db, deps, userId, null, loginFrom);
}
