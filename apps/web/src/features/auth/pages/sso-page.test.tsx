import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { envelope, mockApi, sessionPayload } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { getSession } from '../../../session/session-store';

const CODE = 'Zm9vYmFyYmF6cXV4LXF1dXgtX2NvZGVfMTIzNDU2Nzg';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl';

describe('/sso/:page/:token (spec doc 1 §2.1)', () => {
  it('trades the single-use code of an external sign-in for a session', async () => {
    const api = mockApi((url, init) =>
      url.pathname === '/fm/v1/users/signin/sso' && init?.method === 'POST' ? { body: envelope([sessionPayload({ token: 'fresh' })]) } : undefined,
    );
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(`/sso/home/${CODE}`);
    await waitFor(() => expect(getSession()?.token).toBe('fresh'));
    const exchange = api.calls.find((c) => c.url.pathname === '/fm/v1/users/signin/sso');
    expect(JSON.parse(String(exchange?.init?.body))).toEqual({ code: CODE });
    expect(getSession()?.sso).toEqual({ mobile: false });
  });

  it('renews an access token sent by the mobile app and marks the session as mobile', async () => {
    const api = mockApi((url) => (url.pathname === '/fm/v1/users/auth' ? { body: envelope([sessionPayload({ token: 'renewed' })]) } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp(`/sso/plan-de-siembra/${JWT}?login_from=mobile`);
    await waitFor(() => expect(getSession()?.token).toBe('renewed'));
    const renew = api.calls.find((c) => c.url.pathname === '/fm/v1/users/auth');
    expect(renew?.url.searchParams.get('renew')).toBe('true');
    expect(renew?.url.searchParams.get('login_from')).toBe('mobile');
    expect(new Headers(renew?.init?.headers).get('Authorization')).toBe(`Bearer ${JWT}`);
    expect(getSession()?.sso).toEqual({ mobile: true });
  });
});
