import type { ReactNode } from 'react';
import { withFeedback } from './feedback-api';

export type ConfirmOptions = {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
};

/** Confirm modal with default buttons Aceptar / Cancelar (spec doc 1 §2.5); resolves true on Aceptar. */
export async function confirm(opts: ConfirmOptions | string): Promise<boolean> {
  const o: ConfirmOptions = typeof opts === 'string' ? { title: opts } : opts;
  return withFeedback(
    (api) =>
      new Promise<boolean>((resolve) => {
        api.modal.confirm({
          title: o.title,
          content: o.content,
          okText: o.okText ?? 'Aceptar',
          cancelText: o.cancelText ?? 'Cancelar',
          okButtonProps: { danger: o.danger },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  );
}
