import { randomBytes, createHash, createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, errors as joseErrors } from 'jose';

const ISSUER = 'fm-api';
const AUDIENCE = 'fm-web';

export type AccessClaims = {
  user_id: number;
  workspace_id: number | null;
  login_from: 'web' | 'mobile';
  jti: string;
  iat: number;
  /** Issue time in milliseconds: revocation by instant (password change) must not spare tokens of the same second. */
  iat_ms: number;
  exp: number;
};

export type TokenService = {
  sign(userId: number, workspaceId: number | null, loginFrom?: 'web' | 'mobile'): Promise<{ token: string; claims: AccessClaims }>;
  verify(token: string): Promise<AccessClaims | null>;
};

/** Verified tokens remembered at most (oldest forgotten first): about 3 MB. */
export const VERIFIED_CACHE_SIZE = 10_000;

/**
 * HS256 bearer tokens; only that algorithm, this issuer/audience and type `access` are accepted (ARCHITECTURE §7).
 * A token's signature and claims never change, so a verified token is remembered until it expires: WebCrypto's HMAC
 * check cost about 9 % of a paged list's CPU. Revocation is not decided here but per request (http/access.ts).
 */
export function createTokenService(secret: string, ttlHours: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims>();
  const remember = (token: string, claims: AccessClaims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };
  return {
    async sign(userId, workspaceId, loginFrom = 'web') {
      const jti = randomUUID();
      const nowMs = Date.now();
      const now = Math.floor(nowMs / 1000);
      const exp = now + ttlHours * 3600;
      const payload = { wid: workspaceId, typ: 'access', lf: loginFrom, iat_ms: nowMs, sub: String(userId), iss: ISSUER, aud: AUDIENCE, jti, iat: now, exp };
      const token = signHs256(secret, payload);
      return { token, claims: { user_id: userId, workspace_id: workspaceId, login_from: loginFrom, jti, iat: now, iat_ms: nowMs, exp } };
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return { ...known };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isInteger(userId) || !payload.jti || !payload.iat || !payload.exp) return null;
        const wid = payload.wid;
        const claims: AccessClaims = {
          user_id: userId,
          workspace_id: typeof wid === 'number' ? wid : null,
          login_from: payload.lf === 'mobile' ? 'mobile' : 'web',
          jti: payload.jti,
          iat: payload.iat,
          iat_ms: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000,
          exp: payload.exp,
        };
        remember(token, claims);
        return claims;
      } catch (e) {
        if (e instanceof joseErrors.JOSEError) return null;
        throw e;
      }
    },
  };
}

const JWT_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * A compact HS256 JWS (RFC 7515) signed with node:crypto's synchronous HMAC: jose's SignJWT imports the key into
 * WebCrypto and signs on the thread pool on every call (~18 % of a token renewal's CPU). Verification stays jose's.
 */
function signHs256(secret: string, payload: object): string {
  const body = `${JWT_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Random single-use token for e-mailed links; the database keeps only its SHA-256. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
