import { loadTableState, saveTableState } from '../../components/data-table';
import { defaultTableState } from '../../components/data-table/table-state';

/** A new filter starts a saved table on its first page (the table remounts under a new key and reads it). */
export function firstPage(stateKey: string): void {
  const saved = loadTableState(stateKey);
  if (saved) saveTableState(stateKey, { ...defaultTableState(5), ...saved, page: 1 });
}
