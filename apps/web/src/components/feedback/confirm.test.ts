import { describe, expect, it, vi } from 'vitest';

describe('confirm', () => {
  it('asked before the antd host is up, waits for it and opens the themed modal, not the static one', async () => {
    vi.resetModules();
    const host = await import('./antd-host');
    const api = await import('./feedback-api');
    const { confirm } = await import('./confirm');
    const opened = vi.fn();

    const answer = confirm('¿Eliminar el espacio de trabajo?');
    await Promise.resolve();
    expect(host.isAntdHostWanted()).toBe(true);
    expect(opened).not.toHaveBeenCalled();

    api.setFeedbackApi({
      notification: {} as never,
      modal: {
        confirm: (config) => {
          opened(config.title, config.okText);
          config.onOk?.();
        },
      },
    });
    host.markAntdHostReady();
    await expect(answer).resolves.toBe(true);
    expect(opened).toHaveBeenCalledWith('¿Eliminar el espacio de trabajo?', 'Aceptar');
  });
});
