import { notification as staticNotification, Modal, type App, type ModalFuncProps } from 'antd';

type AppApi = ReturnType<typeof App.useApp>;
type FeedbackApi = {
  notification: Pick<AppApi['notification'], 'success' | 'info' | 'warning' | 'error'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
};

let apiRef: FeedbackApi | null = null;

export function setFeedbackApi(api: FeedbackApi): void {
  apiRef = api;
}

export function hasFeedbackApi(): boolean {
  return apiRef !== null;
}

/** The <App> instances once mounted; the static ones before (tests, early errors). */
export function feedback(): FeedbackApi {
  return apiRef ?? { notification: staticNotification, modal: Modal };
}
