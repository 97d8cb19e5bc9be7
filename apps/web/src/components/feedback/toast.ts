import { GENERIC_ERROR } from '@fm/domain';
import { withFeedback } from './feedback-api';
import { formatApiError, isApiError } from '../../api/errors';

type Kind = 'success' | 'info' | 'warning' | 'error';

const TITLES: Record<Kind, string> = {
  success: 'Listo',
  info: 'Información',
  warning: 'Atención',
  error: 'Error',
};

/** Toasts at bottom-right (spec doc 1 §2.5). Multi-line text keeps its line breaks. */
function show(kind: Kind, text: string, title?: string): void {
  void withFeedback((api) =>
    api.notification[kind]({
      title: title ?? TITLES[kind],
      description: text,
      placement: 'bottomRight',
      style: { whiteSpace: 'pre-line' },
    }),
  );
}

export const toast = {
  success: (text: string, title?: string) => show('success', text, title),
  info: (text: string, title?: string) => show('info', text, title),
  warning: (text: string, title?: string) => show('warning', text, title),
  error: (text: string, title?: string) => show('error', text, title),
  /** Shared error handler: ApiError text per spec doc 1 §8, otherwise 'Ocurrió un error'. */
  apiError: (error: unknown) => show('warning', isApiError(error) ? formatApiError(error) : GENERIC_ERROR),
};
