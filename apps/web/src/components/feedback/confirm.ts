import type { ReactNode } from 'react';
import { requestAntdHost } from './antd-host';
import { feedback, hasFeedbackApi } from './feedback-api';

export type ConfirmOptions = {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
};

/**
 * Confirm modal with default buttons Aceptar / Cancelar (spec doc 1 §2.5); resolves true on Aceptar. Opened by the
 * themed <App> host, mounted first if a screen asks right after loading: antd's static Modal, the fallback, renders
 * outside the theme, and the one e2e failure of stop 20 was an Aceptar on it, pressed while the host mounted, that did
 * nothing.
 */
export async function confirm(opts: ConfirmOptions | string): Promise<boolean> {
  const o: ConfirmOptions = typeof opts === 'string' ? { title: opts } : opts;
  if (!hasFeedbackApi()) await requestAntdHost();
  return new Promise((resolve) => {
    feedback().modal.confirm({
      title: o.title,
      content: o.content,
      okText: o.okText ?? 'Aceptar',
      cancelText: o.cancelText ?? 'Cancelar',
      okButtonProps: { danger: o.danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
