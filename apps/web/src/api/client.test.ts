import { describe, expect, it, vi } from 'vitest';
import { api, buildUrl, prefetchGet, setUnauthorizedHandler } from './client';
import { ApiError, formatApiError } from './errors';
import { mockApi, signIn } from '../test/fixtures';
import { getSession } from '../session/session-store';

describe('api client', () => {
  it('adds workspace_id and workspace=true when a workspace is selected, unless skipped', () => {
    expect(buildUrl('seasons', { page: 1, empty: '' })).toBe('/fm/v1/seasons?page=1');
    signIn();
    expect(buildUrl('seasons', { page: 1 })).toBe('/fm/v1/seasons?page=1&workspace_id=3&workspace=true');
    expect(buildUrl('/users', {}, false)).toBe('/fm/v1/users');
  });

  it('sends the bearer token and returns the envelope', async () => {
    signIn();
    const m = mockApi(() => ({ body: { success: true, status: 200, data: [{ id: 1 }], total: 1, page: 1, per_page: 10 } }));
    vi.stubGlobal('fetch', m.fetchMock);
    const res = await api.get<{ id: number }[]>('seasons');
    expect(res.data).toEqual([{ id: 1 }]);
    expect(res.total).toBe(1);
    expect(new Headers(m.calls[0].init?.headers).get('Authorization')).toBe('Bearer test-token');
  });

  it('hands an early GET (prefetchGet) to the first identical call once, its error included', async () => {
    signIn();
    let n = 0;
    const m = mockApi(() => (++n === 2 ? { status: 503, body: { success: false, status: 503, data: null, message: 'Caído' } } : { body: { success: true, status: 200, data: [{ n }] } }));
    vi.stubGlobal('fetch', m.fetchMock);
    prefetchGet('store/promotions', { workspace: false });
    prefetchGet('farms/weather');
    expect(m.calls).toHaveLength(2);
    expect((await api.get('store/promotions', { workspace: false })).data).toEqual([{ n: 1 }]);
    await expect(api.get('farms/weather')).rejects.toMatchObject({ status: 503, message: 'Caído' });
    expect(m.calls).toHaveLength(2);
    // taken once: the next call fetches again; a call with other parameters never takes it
    expect((await api.get('store/promotions', { workspace: false })).data).toEqual([{ n: 3 }]);
    expect(m.calls.map((c) => c.url.pathname)).toEqual(['/fm/v1/store/promotions', '/fm/v1/farms/weather', '/fm/v1/store/promotions']);
  });

  it('throws a typed ApiError with detail', async () => {
    const detail = [{ loc: ['body', 'email'], msg: 'El formato del email es incorrecto' }];
    const m = mockApi(() => ({ status: 422, body: { success: false, status: 422, data: null, message: 'Datos inválidos', detail } }));
    vi.stubGlobal('fetch', m.fetchMock);
    const err = await api.post('users/signup', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, message: 'Datos inválidos', detail });
    expect(formatApiError(err)).toBe('(422)\nEl formato del email es incorrecto (email)\nDatos inválidos');
  });

  it('maps network and parse failures to 510 Ocurrió un error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('x')).rejects.toMatchObject({ status: 510, message: 'Ocurrió un error' });
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 502 }));
    await expect(api.get('x')).rejects.toMatchObject({ status: 510, message: 'Ocurrió un error' });
  });

  it('reports a cancelled request', async () => {
    vi.stubGlobal('fetch', (_u: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')))),
    );
    const controller = new AbortController();
    const p = api.get('x', { signal: controller.signal });
    controller.abort();
    await expect(p).rejects.toMatchObject({ message: 'Solicitud cancelada por el usuario.' });
  });

  it('ends the session on a 401 that mentions the token', async () => {
    signIn();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const m = mockApi(() => ({ status: 401, body: { success: false, status: 401, data: null, message: 'El token no es válido o ha expirado' } }));
    vi.stubGlobal('fetch', m.fetchMock);
    await expect(api.get('seasons')).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('keeps the session on a 401 with an explicit token (reset link)', async () => {
    signIn();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const m = mockApi(() => ({ status: 401, body: { success: false, status: 401, data: null, message: 'El token no es válido o ha expirado' } }));
    vi.stubGlobal('fetch', m.fetchMock);
    await expect(api.post('users/password/change', {}, { token: 'reset' })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).not.toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
