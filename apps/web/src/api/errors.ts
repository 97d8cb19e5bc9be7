import { GENERIC_ERROR, REQUEST_CANCELLED } from '@fm/domain';

export type ErrorDetail = { loc: (string | number)[]; msg: string };

/** Status used when the request never produced a readable answer (spec doc 1 §7). */
export const NETWORK_ERROR_STATUS = 510;
/** Status used for a request the user cancelled. */
export const CANCELLED_STATUS = 499;

/** Every failed call surfaces as this (CONVENTIONS "One error path"). */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: ErrorDetail[];

  constructor(status: number, message: string, detail: ErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }

  get cancelled(): boolean {
    return this.status === CANCELLED_STATUS;
  }

  static network(): ApiError {
    return new ApiError(NETWORK_ERROR_STATUS, GENERIC_ERROR);
  }

  static cancelled(): ApiError {
    return new ApiError(CANCELLED_STATUS, REQUEST_CANCELLED);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Display text (spec doc 1 §8): the status in parentheses; for a 422 each detail
 * message with its second location element; then the Spanish message.
 */
export function formatApiError(error: unknown): string {
  if (!isApiError(error)) return GENERIC_ERROR;
  if (error.cancelled) return error.message;
  const lines: string[] = [`(${error.status})`];
  if (error.status === 422) {
    for (const d of error.detail) {
      const field = d.loc[1];
      lines.push(field === undefined ? d.msg : `${d.msg} (${String(field)})`);
    }
  }
  lines.push(error.message || GENERIC_ERROR);
  return lines.join('\n');
}
