import { toast } from '../feedback/toast';

type ErrorInfo = { errorFields: { errors: string[] }[] };

/** Spec doc 1 §5: besides the messages under the fields, one warning lists them all, one per line. */
export function warnValidation(info: ErrorInfo): void {
  const messages = [...new Set(info.errorFields.flatMap((f) => f.errors))];
  if (messages.length > 0) toast.warning(messages.join('\n'));
}
