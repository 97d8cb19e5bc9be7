import type { ResourceScope } from '../api';
import { useResourceOptions } from '../queries';
import type { OptionSource, QuickFilter } from '../resource-config';

type SelectOption = { value: string | number | boolean; label: string };

/** Options of a select: fixed values, fixed pairs, or the active records of another resource. */
export function useOptionSource(source: OptionSource | QuickFilter['options'] | undefined, scope: ResourceScope) {
  const ref = source && 'path' in source ? source : undefined;
  const remote = useResourceOptions(ref?.path ?? '', ref?.idParam ?? '', scope, ref?.query, Boolean(ref));
  if (!source) return { options: [] as SelectOption[], loading: false };
  if ('values' in source) return { options: source.values.map((v) => ({ value: v, label: v })), loading: false };
  if ('pairs' in source) return { options: source.pairs, loading: false };
  return { options: remote.data ?? [], loading: remote.isLoading };
}
