import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { zipSync, strToU8 } from 'fflate';
import { LAND_MSG, type ImportedBoundary } from '@fm/domain';
import { buildUser, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { multipartFile, tandilKml } from './land.test-helpers';
import { billionLaughs, hostileKmz, plotsKml, zipBomb } from './boundary.test-helpers';
import { BOUNDARY_TOO_MANY_POSITIONS } from './boundary';

let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
});
afterAll(() => app.cleanup());

const upload = (filename: string, content: Uint8Array | string) => {
  const { payload, headers } = multipartFile(filename, content);
  return app.inject({ method: 'POST', url: '/fm/v1/fields/boundary', payload, headers: { ...headers, authorization: `Bearer ${owner.token}` } });
};

/** CPU time of the request thread so far, in ms (Linux: the scheduler's own count, which leaves out time spent waiting for a core). */
function threadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * How long the request thread was blocked, sampled by a 1 ms interval: the longest gap between two ticks, and
 * the most CPU the thread used within one gap. On this shared 2-core machine a gap also holds the time the OS
 * gave the core to other processes; the CPU within it is what our code held the event loop for.
 */
function loopBlocking(): { stop(): { gapMs: number; busyMs: number } } {
  let last = performance.now();
  let cpu = threadCpuMs();
  let elu = performance.eventLoopUtilization();
  let gapMs = 0;
  let busyMs = 0;
  const sample = () => {
    const now = performance.now();
    const nextCpu = threadCpuMs();
    const nextElu = performance.eventLoopUtilization();
    const busy = cpu !== undefined && nextCpu !== undefined ? nextCpu - cpu : performance.eventLoopUtilization(nextElu, elu).active;
    gapMs = Math.max(gapMs, now - last);
    busyMs = Math.max(busyMs, busy);
    [last, cpu, elu] = [now, nextCpu, nextElu];
  };
  const timer = setInterval(sample, 1);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { gapMs, busyMs };
    },
  };
}

describe('POST fields/boundary with hostile files', () => {
  it('answers a Spanish 4xx for each hostile file', async () => {
    const cases: [string, Uint8Array | string, number, string][] = [
      ['zip bomb, ~1 MB compressed, 1 GB inflated, sizes understated', zipBomb(1000), 413, LAND_MSG.boundaryFileTooLarge],
      ['zip with more than 50 entries', zipSync(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}.kml`, strToU8('<kml/>')]))), 413, LAND_MSG.boundaryFileTooLarge],
      ['zip magic bytes, then garbage', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(4000, 7)]), 400, LAND_MSG.boundaryFileType],
      ['a zip without any .kml', zipSync({ 'leeme.txt': strToU8('hola') }), 400, LAND_MSG.boundaryFileType],
      ['garbage', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31) % 256)), 400, LAND_MSG.boundaryFileType],
      ['XML nested 10,000 deep', `<?xml version="1.0"?><kml>${'<Folder>'.repeat(10_000)}${'</Folder>'.repeat(10_000)}</kml>`, 422, LAND_MSG.boundaryNoPolygon],
      ['billion laughs (entity expansion)', billionLaughs(), 422, LAND_MSG.boundaryNoPolygon],
      ['60,000 positions over 3 plots', plotsKml(3, 19_999), 422, BOUNDARY_TOO_MANY_POSITIONS],
    ];
    for (const [label, content, status, message] of cases) {
      const res = await upload('lote.kmz', content);
      expect({ label, status: res.statusCode, message: json(res).message }).toEqual({ label, status, message });
    }
  });

  it('keeps the request thread free while a 1 MB hostile KMZ is parsed: GET health answers meanwhile', async () => {
    // warm the worker first: its start (tsx compiling the task module) is not what this measures
    expect((await upload('lote.kml', tandilKml())).statusCode).toBe(200);
    const hostile = hostileKmz();
    expect(hostile.length).toBeGreaterThan(900_000);
    expect(hostile.length).toBeLessThan(2_000_000);
    const blocking = loopBlocking();
    let done = false;
    const pending = upload('campo.kmz', hostile).finally(() => (done = true));
    let healthy = 0;
    while (!done) {
      const health = await app.inject({ method: 'GET', url: '/fm/v1/health' });
      if (!done && health.statusCode === 200) healthy += 1;
      await new Promise((r) => setTimeout(r, 10));
    }
    const res = await pending;
    const { gapMs, busyMs } = blocking.stop();
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(BOUNDARY_TOO_MANY_POSITIONS);
    expect(healthy).toBeGreaterThan(0);
    expect(busyMs, `longest tick gap ${gapMs.toFixed(1)} ms`).toBeLessThan(50);
  });

  it('still imports a good file after hostile ones', async () => {
    const res = await upload('lote.kmz', zipSync({ 'doc.kml': strToU8(tandilKml()) }));
    expect(res.statusCode).toBe(200);
    expect(json<ImportedBoundary[]>(res).data[0].hectares).toBeGreaterThan(99);
  });
});
