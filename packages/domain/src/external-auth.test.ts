import { describe, expect, it } from 'vitest';
import { EXTERNAL_MSG, ExternalSigninParams, isSsoCode } from './external-auth';

describe('external sign-in', () => {
  it('tells a single-use code from an access token', () => {
    expect(isSsoCode('Zm9vYmFyYmF6cXV4LXF1dXgtX2NvZGVfMTIzNDU2Nzg')).toBe(true);
    expect(isSsoCode('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBe(false);
    expect(isSsoCode('corto')).toBe(false);
  });

  it('reads terms_accepted from a query string or a JSON body', () => {
    expect(ExternalSigninParams.parse({ terms_accepted: 'true' }).terms_accepted).toBe(true);
    expect(ExternalSigninParams.parse({ terms_accepted: true }).terms_accepted).toBe(true);
    expect(ExternalSigninParams.parse({ terms_accepted: 'false' }).terms_accepted).toBe(false);
    expect(ExternalSigninParams.parse({}).terms_accepted).toBe(false);
  });

  it('names the provider in its Spanish messages', () => {
    expect(EXTERNAL_MSG.notConfigured('google')).toBe('El ingreso con Google no está configurado');
    expect(EXTERNAL_MSG.notConfigured('apple')).toBe('El ingreso con Apple no está configurado');
  });
});
