import * as client from 'openid-client';
import type { ExternalProvider } from '@fm/domain';
import type { Config } from '../../config';

/** What the callback learns about the person from the provider's ID token. */
export type ExternalIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

/** The secrets of one authorization request; the caller keeps them server-side until the callback. */
export type AuthorizationStart = { url: URL; state: string; nonce: string; codeVerifier: string };

export type OidcClient = {
  configured(provider: ExternalProvider): boolean;
  /** Discovers the provider (cached) and builds its authorization URL with PKCE, state and nonce. */
  start(provider: ExternalProvider, redirectUri: string): Promise<AuthorizationStart>;
  /** Exchanges the code of `callbackUrl` checking state, nonce and PKCE; returns the ID token's identity. */
  finish(provider: ExternalProvider, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<ExternalIdentity>;
};

type Settings = { issuer: URL; clientId: string; clientSecret?: string; scope: string; responseMode?: 'form_post' };

const DISCOVERY_TTL_MS = 6 * 3600 * 1000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function settingsOf(config: Config, provider: ExternalProvider): Settings | null {
  const issuer = provider === 'google' ? config.OIDC_GOOGLE_ISSUER : config.OIDC_APPLE_ISSUER;
  const clientId = provider === 'google' ? config.OIDC_GOOGLE_CLIENT_ID : config.OIDC_APPLE_CLIENT_ID;
  const clientSecret = provider === 'google' ? config.OIDC_GOOGLE_CLIENT_SECRET : config.OIDC_APPLE_CLIENT_SECRET;
  if (!issuer || !clientId) return null;
  // Apple posts the response back (form_post) and only then may the name and e-mail scopes be asked.
  return provider === 'apple'
    ? { issuer: new URL(issuer), clientId, clientSecret, scope: 'openid email name', responseMode: 'form_post' }
    : { issuer: new URL(issuer), clientId, clientSecret, scope: 'openid email profile' };
}

/** `email_verified` is a boolean for most providers and the string "true" for Apple. */
function isTrue(v: unknown): boolean {
  return v === true || v === 'true';
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * OIDC relying party over openid-client. Discovery is cached per issuer; a failed discovery is not
 * cached so the next sign-in retries. Plain-HTTP issuers are accepted only on the loopback interface
 * (a local identity provider during development), never across the network.
 */
export function createOidcClient(config: Config): OidcClient {
  const cache = new Map<string, { at: number; configuration: Promise<client.Configuration> }>();

  function configurationOf(provider: ExternalProvider, s: Settings): Promise<client.Configuration> {
    const key = `${provider}|${s.issuer.href}|${s.clientId}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.configuration;
    const insecure = s.issuer.protocol === 'http:' && LOOPBACK.has(s.issuer.hostname);
    const configuration = client.discovery(s.issuer, s.clientId, s.clientSecret, undefined, {
      timeout: 10,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
    cache.set(key, { at: Date.now(), configuration });
    configuration.catch(() => cache.delete(key));
    return configuration;
  }

  function settings(provider: ExternalProvider): Settings {
    const s = settingsOf(config, provider);
    if (!s) throw new Error(`OIDC provider ${provider} is not configured`);
    return s;
  }

  return {
    configured: (provider) => settingsOf(config, provider) !== null,

    async start(provider, redirectUri) {
      const s = settings(provider);
      const configuration = await configurationOf(provider, s);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: s.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(s.responseMode ? { response_mode: s.responseMode } : {}),
      });
      return { url, state, nonce, codeVerifier };
    },

    async finish(provider, callbackUrl, checks) {
      const configuration = await configurationOf(provider, settings(provider));
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('ID token without subject');
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
      const fullName = text(claims.name, 200);
      return {
        subject: claims.sub,
        email: email && email.length <= 254 ? email : null,
        emailVerified: isTrue(claims.email_verified),
        givenName: text(claims.given_name, 100) || fullName.split(' ')[0] || '',
        familyName: text(claims.family_name, 100) || fullName.split(' ').slice(1).join(' ').slice(0, 100),
      };
    },
  };
}

/** Tells a refusal by the person at the provider (access_denied) from any other failure. */
export function isCancelled(err: unknown): boolean {
  return err instanceof client.AuthorizationResponseError && err.error === 'access_denied';
}
