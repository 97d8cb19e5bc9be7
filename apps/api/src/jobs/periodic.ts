import type { FastifyInstance } from 'fastify';

export const HOUR_MS = 60 * 60 * 1000;

/** First runs by server: tasks are registered on the modules' encapsulated instances, which share the root's server. */
const firstRuns = new WeakMap<object, (Promise<unknown> | undefined)[]>();

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
    firstRuns.set(app.server, [...(firstRuns.get(app.server) ?? []), running]);
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** Resolves when the first run of every periodic task of `app` has finished (the bench measures after them). */
export async function firstRunsSettled(app: FastifyInstance): Promise<void> {
  await Promise.all(firstRuns.get(app.server) ?? []);
}
