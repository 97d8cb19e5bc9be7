import { useEffect } from 'react';
import { App } from 'antd';
import { setFeedbackApi } from './feedback-api';

/** Gives code outside React (API client, helpers) the themed toast and modal instances of <App>. */
export function FeedbackBridge() {
  const { notification, modal } = App.useApp();
  useEffect(() => {
    setFeedbackApi({ notification, modal });
  }, [notification, modal]);
  return null;
}
