import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact';

describe('request URLs in the logs', () => {
  it('masks credentials carried in paths and query strings', () => {
    expect(redactUrl('/sso/home/eyJhbGciOiJIUzI1NiJ9.e30.sig?login_from=mobile')).toBe('/sso/home/[oculto]?login_from=mobile');
    expect(redactUrl('/validar-mail-ok/abcDEF123_-')).toBe('/validar-mail-ok/[oculto]');
    expect(redactUrl('/restablecer-password-confirmar/xyz')).toBe('/restablecer-password-confirmar/[oculto]');
    expect(redactUrl('/fm/v1/users/signin/google/callback?state=s1&code=c1&iss=x')).toBe(
      '/fm/v1/users/signin/google/callback?state=[oculto]&code=[oculto]&iss=x',
    );
    expect(redactUrl('/fm/v1/emails/user/validation?token=t0k3n')).toBe('/fm/v1/emails/user/validation?token=[oculto]');
  });

  it('leaves ordinary URLs alone', () => {
    expect(redactUrl('/fm/v1/seasons?workspace_id=3&page=1')).toBe('/fm/v1/seasons?workspace_id=3&page=1');
    expect(redactUrl('/sso')).toBe('/sso');
    expect(redactUrl('/fm/v1/stock?product_code=ABC')).toBe('/fm/v1/stock?product_code=ABC');
  });
});
