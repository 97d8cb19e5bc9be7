import { lazy, type ReactNode } from 'react';

/**
 * A signed-in load paints the shell's frame (signed-in-frame.tsx) before it starts downloading antd, the shell and
 * the page. Started together, those ~390 kB (gzip) finish before the frame's first paint on a fast link, and
 * Lighthouse's simulation then charges all of them to the LCP (the greeting) on a 10 Mbit/s link; started one frame
 * later they download while the frame is on screen. The entry's task before the first paint is also shorter.
 */

let resolvePainted: () => void = () => undefined;
const paintedPromise = new Promise<void>((resolve) => {
  resolvePainted = resolve;
});
let scheduled = false;

/**
 * Runs `run` once the next frame is on screen: the animation frame runs just before the paint, the timer after it.
 * Returns a cancel function.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Without a frame coming (hidden tab) or when it is late (a busy machine), go on anyway. */
const LATE_FRAME_MS = 100;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') {
    resolvePainted();
    return;
  }
  afterNextPaint(resolvePainted);
  setTimeout(resolvePainted, LATE_FRAME_MS);
}

/** Resolves once the frame drawn while `AfterFirstPaint` first suspends has been painted. */
export function afterFirstPaint(): Promise<void> {
  return paintedPromise;
}

function Passthrough({ children }: { children: ReactNode }) {
  return children;
}

/**
 * Suspends its children, so the enclosing boundary draws its fallback (the frame), until that frame has been
 * painted; once per load: after that it renders them straight away. A lazy component (rather than state) keeps the
 * fallback's markup in place, so the painted frame is not drawn again.
 */
export const AfterFirstPaint = lazy(async () => {
  schedule();
  await paintedPromise;
  return { default: Passthrough };
});
