import { confirm, type ConfirmOptions } from './confirm';
import { toast } from './toast';

export type ConfirmActionOptions = {
  /** The question; Cancelar runs nothing. */
  confirm: ConfirmOptions;
  /** The call (mostly a delete mutation). A string it resolves to is the server's message and is the toast. */
  run: () => Promise<unknown>;
  /** The toast when the call answers no message of its own. */
  success: string;
  /** Show `success` even when the server answers a message (screens whose spec text is fixed). */
  alwaysSuccessText?: boolean;
  /** What follows a success (leave the screen, refetch); a failure there is shown like the call's. */
  after?: () => unknown;
  /** A screen's own failure message; by default the API error's Spanish text (toast.apiError). */
  onError?: (error: unknown) => void;
};

/** Confirm → run → toast: the delete (disable, cancel, unlink) of the list pages. Resolves true when it was done. */
export async function confirmAction(o: ConfirmActionOptions): Promise<boolean> {
  if (!(await confirm(o.confirm))) return false;
  try {
    const message = await o.run();
    toast.success(typeof message === 'string' && !o.alwaysSuccessText ? message : o.success);
    await o.after?.();
    return true;
  } catch (error) {
    (o.onError ?? toast.apiError)(error);
    return false;
  }
}
