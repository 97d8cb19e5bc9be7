import type { toast as Toast } from './toast';
import { requestAntdHost } from './antd-host';

/**
 * The shared toast, loaded on first use: screens without antd (the sign-in screen) call this and antd arrives
 * only when a toast is actually shown.
 */
export async function lazyToast(): Promise<typeof Toast> {
  const [{ toast }, { hasFeedbackApi }] = await Promise.all([import('./toast'), import('./feedback-api')]);
  // inside <AppProviders> (the tests, or the antd area already mounted) the themed instance is there
  if (!hasFeedbackApi()) await requestAntdHost();
  return toast;
}

/** Fire-and-forget forms of the toast calls. */
export const toastLater = {
  warning: (text: string) => void lazyToast().then((t) => t.warning(text)),
  apiError: (error: unknown) => void lazyToast().then((t) => t.apiError(error)),
};
