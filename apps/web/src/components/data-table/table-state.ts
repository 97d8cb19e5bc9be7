import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_RESTORE_DELAY_MS } from '@fm/domain';
import type { TableState } from './types';

const PREFIX = 'fm.table.';

export function storageKey(screen: string): string {
  return `${PREFIX}${screen}`;
}

export function defaultTableState(perPage: number = DEFAULT_PAGE_SIZE): TableState {
  return { page: 1, per_page: perPage, search: '', filters: [], selection: [] };
}

export function loadTableState(screen: string): Partial<TableState> | null {
  try {
    const raw = sessionStorage.getItem(storageKey(screen));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<TableState>) : null;
  } catch (err) {
    console.warn('No se pudo leer el estado de la tabla', err);
    return null;
  }
}

export function saveTableState(screen: string, state: TableState): void {
  try {
    sessionStorage.setItem(storageKey(screen), JSON.stringify(state));
  } catch (err) {
    console.warn('No se pudo guardar el estado de la tabla', err);
  }
}

/**
 * Table state saved per screen in sessionStorage and restored on return; the saved page comes
 * back after 500 ms (spec doc 1 §4), the rest immediately.
 */
export function useTableState(screen: string, perPage: number = DEFAULT_PAGE_SIZE) {
  const [initial] = useState(() => {
    const saved = loadTableState(screen);
    const base = defaultTableState(perPage);
    return { saved, state: { ...base, ...saved, page: 1 } as TableState };
  });
  const [state, setState] = useState<TableState>(initial.state);
  const pendingPage = useRef<number | null>(initial.saved?.page && initial.saved.page > 1 ? initial.saved.page : null);

  useEffect(() => {
    const page = pendingPage.current;
    if (page === null) return;
    const timer = window.setTimeout(() => {
      pendingPage.current = null;
      setState((s) => ({ ...s, page }));
    }, TABLE_PAGE_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    // Until the saved page is back, keep it in storage rather than the temporary page 1.
    const page = pendingPage.current;
    saveTableState(screen, page === null ? state : { ...state, page });
  }, [screen, state]);

  const update = (patch: Partial<TableState>) => {
    if (patch.page !== undefined) pendingPage.current = null;
    setState((s) => ({ ...s, ...patch }));
  };
  return [state, update] as const;
}
