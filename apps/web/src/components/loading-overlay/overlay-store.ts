import { requestAntdHost } from '../feedback/antd-host';

/** Requests that block the screen with the CARGANDO... overlay (spec doc 1 §2.5). */
type Listener = () => void;

const pending = new Set<AbortController>();
const listeners = new Set<Listener>();
let count = 0;

function emit(): void {
  count = pending.size;
  for (const l of listeners) l();
}

/** Registers a running request; returns the function that releases it. */
export function trackRequest(controller: AbortController): () => void {
  pending.add(controller);
  // the overlay lives in the antd host: a screen without antd (sign-in) mounts it on its first blocking call
  void requestAntdHost();
  emit();
  return () => {
    if (pending.delete(controller)) emit();
  };
}

/** CANCELAR: aborts every request behind the overlay. */
export function cancelAll(): void {
  for (const c of [...pending]) c.abort();
  pending.clear();
  emit();
}

export function pendingCount(): number {
  return count;
}

export function subscribeOverlay(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs work that is not a single API call (e.g. several calls) behind the overlay. */
export async function withOverlay<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const release = trackRequest(controller);
  try {
    return await work(controller.signal);
  } finally {
    release();
  }
}
