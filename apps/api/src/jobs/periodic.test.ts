import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { firstRunsSettled, runPeriodically } from './periodic';

describe('runPeriodically', () => {
  it('firstRunsSettled waits for the first run of tasks registered in encapsulated plugins', async () => {
    const app = Fastify();
    const done: string[] = [];
    const task = (name: string, ms: number) => () => new Promise<void>((resolve) => setTimeout(() => (done.push(name), resolve()), ms));
    runPeriodically(app, 'root task', 60_000, task('root', 10));
    await app.register(async (child) => runPeriodically(child, 'module task', 60_000, task('module', 60)));
    await app.ready();
    expect(done).toEqual([]);
    await firstRunsSettled(app);
    expect(done.sort()).toEqual(['module', 'root']);
    await app.close();
  });
});
