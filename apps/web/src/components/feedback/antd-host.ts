/**
 * The antd feedback host (toasts, confirm dialogs, the loading overlay) mounts outside the route tree the first
 * time a screen needs it, so the public screens that do without antd never load it, and a toast outlives the
 * screen that raised it. No antd import here: this module is part of the entry chunk.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let wanted = false;
let ready = false;
const waiting: (() => void)[] = [];

export function isAntdHostWanted(): boolean {
  return wanted;
}

export function subscribeAntdHost(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks main.tsx's <AntdHost> to mount; resolves once its toasts can be shown. */
export function requestAntdHost(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  if (ready) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

/** Called by the host once mounted. */
export function markAntdHostReady(): void {
  ready = true;
  for (const resolve of waiting.splice(0)) resolve();
}
