import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { createTokenService, VERIFIED_CACHE_SIZE } from './tokens';

const SECRET = 'a-test-secret-of-enough-length-0123456789';

describe('token service', () => {
  it('verifies its own tokens, again from memory, and refuses a changed signature or another secret', async () => {
    const tokens = createTokenService(SECRET, 1);
    const { token, claims } = await tokens.sign(7, 3);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [head, body, sig] = token.split('.');
    const flipped = `${head}.${body}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(flipped)).toBeNull();
    expect(await createTokenService(`${SECRET}-other`, 1).verify(token)).toBeNull();
  });

  it('signs a standard HS256 JWT that jose verifies with the issuer, audience and claims', async () => {
    const { token, claims } = await createTokenService(SECRET, 2).sign(11, 5, 'mobile');
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode(SECRET), { algorithms: ['HS256'], issuer: 'fm-api', audience: 'fm-web' });
    expect(payload).toMatchObject({ sub: '11', wid: 5, lf: 'mobile', typ: 'access', jti: claims.jti, iat: claims.iat, exp: claims.iat + 2 * 3600, iat_ms: claims.iat_ms });
    await expect(jwtVerify(token, new TextEncoder().encode(`${SECRET}x`))).rejects.toThrow();
  });

  it('forgets a remembered token once it expires', async () => {
    const tokens = createTokenService(SECRET, 1 / 3600);
    const { token } = await tokens.sign(7, null);
    expect(await tokens.verify(token)).not.toBeNull();
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('keeps remembering within its size cap', async () => {
    const tokens = createTokenService(SECRET, 1);
    const first = await tokens.sign(1, null);
    await tokens.verify(first.token);
    for (let i = 0; i < VERIFIED_CACHE_SIZE; i += 1) await tokens.verify(`not-a-token-${i}`);
    // invalid tokens are not remembered, so the first is still answered (and still valid)
    expect((await tokens.verify(first.token))?.user_id).toBe(1);
  });
});
