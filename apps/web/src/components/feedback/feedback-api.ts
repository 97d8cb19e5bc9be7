import type { App, ModalFuncProps } from 'antd';
import { requestAntdHost } from './antd-host';

type AppApi = ReturnType<typeof App.useApp>;
type FeedbackApi = {
  notification: Pick<AppApi['notification'], 'success' | 'info' | 'warning' | 'error'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
};

let apiRef: FeedbackApi | null = null;

export function setFeedbackApi(api: FeedbackApi): void {
  apiRef = api;
}

/**
 * Runs `run` with the themed <App> toasts and modal: at once when they are mounted, else once the host mounts (it is
 * asked to). Never antd's static notification and Modal: they render outside the theme, and an Aceptar on the static
 * Modal, pressed while the host mounted, once did nothing (stop 20).
 */
export function withFeedback<T>(run: (api: FeedbackApi) => T): Promise<T> {
  if (apiRef) return Promise.resolve(run(apiRef));
  return requestAntdHost().then(() => {
    if (!apiRef) throw new Error('El host de avisos se montó sin su API');
    return run(apiRef);
  });
}
