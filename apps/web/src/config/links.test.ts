import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_LINKS } from '@fm/domain';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('deployment links', () => {
  it('use the product defaults, or what the deployment sets at build time', async () => {
    expect((await import('./links')).LINKS.chat).toBe(SUPPORT_LINKS.chat);
    vi.resetModules();
    vi.stubEnv('VITE_CHAT_URL', 'https://wa.me/5493415550000');
    vi.stubEnv('VITE_SUPPORT_EMAIL', 'ayuda@cooperativa.com.ar');
    const { LINKS } = await import('./links');
    expect(LINKS.chat).toBe('https://wa.me/5493415550000');
    expect(LINKS.email).toBe('ayuda@cooperativa.com.ar');
    expect(LINKS.helpCenter).toBe(SUPPORT_LINKS.helpCenter);
  });
});
