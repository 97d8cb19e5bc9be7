import type { toast as Toast } from './toast';

/**
 * The shared toast, loaded on first use: screens without antd (the sign-in screen) call this and antd arrives
 * only when a toast is actually shown.
 */
export async function lazyToast(): Promise<typeof Toast> {
  const { toast } = await import('./toast');
  return toast;
}

/** Fire-and-forget forms of the toast calls. */
export const toastLater = {
  warning: (text: string) => void lazyToast().then((t) => t.warning(text)),
  apiError: (error: unknown) => void lazyToast().then((t) => t.apiError(error)),
};
