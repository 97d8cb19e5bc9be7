import type { FastifyInstance } from 'fastify';

export const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs `task` once the app is ready and then every `everyMs`, until the app closes. A failed run is logged, not
 * fatal; closing waits for a run in flight, because the database closes right after the app.
 */
export function runPeriodically(app: FastifyInstance, name: string, everyMs: number, task: () => Promise<unknown>): void {
  let running: Promise<unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = task().catch((err: unknown) => app.log.error({ err }, `${name} failed`));
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
