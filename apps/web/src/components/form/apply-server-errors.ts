import type { FormInstance } from 'antd';
import { isApiError } from '../../api/errors';
import { toast } from '../feedback/toast';

/**
 * Puts a 422's `detail` messages under the matching form fields (loc = ['body', field, ...]).
 * Anything that does not land on a field (other statuses, unknown fields) becomes a warning toast.
 * Returns true when at least one field got a message.
 */
export function applyServerErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 422 || error.detail.length === 0) {
    toast.apiError(error);
    return false;
  }
  const registered = new Set(Object.keys(form.getFieldsValue()));
  const byField = new Map<string, { name: (string | number)[]; errors: string[] }>();
  const rest: string[] = [];
  for (const d of error.detail) {
    const name = d.loc.slice(1);
    const top = name[0];
    if (top === undefined || !registered.has(String(top))) {
      rest.push(top === undefined ? d.msg : `${d.msg} (${String(top)})`);
      continue;
    }
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(d.msg);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  if (rest.length > 0) toast.warning(`(${error.status})\n${rest.join('\n')}\n${error.message}`);
  return byField.size > 0;
}
