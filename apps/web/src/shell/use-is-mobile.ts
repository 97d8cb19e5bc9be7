import { useSyncExternalStore } from 'react';
import { RESPONSIVE_BREAKPOINT_PX } from '@fm/domain';

const QUERY = `(max-width: ${RESPONSIVE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const mql = window.matchMedia(QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return window.matchMedia(QUERY).matches;
}

/** True below the 768 px breakpoint (spec doc 1 §9). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
