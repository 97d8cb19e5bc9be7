import { describe, expect, it, vi } from 'vitest';

/** Fresh modules (no host, no API yet) and a way to hand them the themed API the host would set. */
async function freshFeedback() {
  vi.resetModules();
  const host = await import('./antd-host');
  const api = await import('./feedback-api');
  const { toast } = await import('./toast');
  const { confirm } = await import('./confirm');
  type Api = Parameters<typeof api.setFeedbackApi>[0];
  const mount = (notification: Partial<Api['notification']>, modal: Api['modal'] = { confirm: () => undefined }) => {
    api.setFeedbackApi({ notification: notification as Api['notification'], modal });
    host.markAntdHostReady();
  };
  return { host, toast, confirm, mount };
}

const describedAs = (shown: (text: unknown) => void) => (c: { description?: unknown }) => shown(c.description);

describe('toast', () => {
  it('raised before the antd host is up, waits for it and shows on the themed notification, not the static one', async () => {
    const { host, toast, mount } = await freshFeedback();
    const shown = vi.fn();

    toast.success('Orden guardada');
    await Promise.resolve();
    expect(host.isAntdHostWanted()).toBe(true);
    expect(shown).not.toHaveBeenCalled();

    mount({ success: describedAs(shown) });
    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith('Orden guardada'));
  });

  it('shows at once once the host is up', async () => {
    const { toast, mount } = await freshFeedback();
    const shown = vi.fn();
    mount({ warning: describedAs(shown) });

    toast.warning('Sin stock');
    expect(shown).toHaveBeenCalledWith('Sin stock');
  });
});

describe('confirm', () => {
  it('asked before the antd host is up, waits for it and opens the themed modal, not the static one', async () => {
    const { host, confirm, mount } = await freshFeedback();
    const opened = vi.fn();

    const answer = confirm('¿Eliminar el espacio de trabajo?');
    await Promise.resolve();
    expect(host.isAntdHostWanted()).toBe(true);
    expect(opened).not.toHaveBeenCalled();

    mount({}, {
      confirm: (config) => {
        opened(config.title, config.okText);
        config.onOk?.();
      },
    });
    await expect(answer).resolves.toBe(true);
    expect(opened).toHaveBeenCalledWith('¿Eliminar el espacio de trabajo?', 'Aceptar');
  });

  it('resolves false on Cancelar', async () => {
    const { confirm, mount } = await freshFeedback();
    mount({}, { confirm: (config) => void config.onCancel?.() });
    await expect(confirm({ title: '¿Anular la orden?', danger: true })).resolves.toBe(false);
  });
});
