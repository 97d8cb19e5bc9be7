import { describe, expect, it, vi } from 'vitest';

describe('toast', () => {
  it('raised before the antd host is up, waits for it and shows on the themed notification, not the static one', async () => {
    vi.resetModules();
    const host = await import('./antd-host');
    const api = await import('./feedback-api');
    const { toast } = await import('./toast');
    const shown = vi.fn();

    toast.success('Orden guardada');
    await Promise.resolve();
    expect(host.isAntdHostWanted()).toBe(true);

    api.setFeedbackApi({ notification: { success: (c: { description?: unknown }) => shown(c.description) } as never, modal: { confirm: () => undefined } });
    expect(shown).not.toHaveBeenCalled();
    host.markAntdHostReady();
    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('Orden guardada'));
  });

  it('shows at once once the host is up', async () => {
    vi.resetModules();
    const api = await import('./feedback-api');
    const { toast } = await import('./toast');
    const shown = vi.fn();
    api.setFeedbackApi({ notification: { warning: (c: { description?: unknown }) => shown(c.description) } as never, modal: { confirm: () => undefined } });

    toast.warning('Sin stock');
    expect(shown).toHaveBeenCalledWith('Sin stock');
  });
});
