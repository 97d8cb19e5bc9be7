/**
 * The load generator, in its own process so that firing requests does not compete with the
 * server's event loop. Receives a LoadRequest over IPC, runs autocannon and answers every 2xx
 * response time (autocannon's own summary has no p95, and rounds are merged by the caller).
 */
import autocannon from 'autocannon';
import type { LoadRequest, LoadSample } from './load';

function fire(req: Omit<LoadRequest, 'probe'>): Promise<LoadSample> {
  const url = new URL(req.url);
  if (url.hostname !== '127.0.0.1') return Promise.reject(new Error(`Only 127.0.0.1 targets are allowed (got ${url.hostname})`));
  const latencies: number[] = [];
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    // autocannon refuses an explicit undefined method
    const request = { method: req.method ?? 'GET', ...(req.bodyBase64 === undefined ? {} : { body: Buffer.from(req.bodyBase64, 'base64') }) };
    const variants = req.requests?.map((r) => ({ path: r.path, method: r.method ?? 'GET', ...(r.body === undefined ? {} : { body: r.body }) }));
    const options = { url: req.url, headers: req.headers, ...request, ...(variants ? { requests: variants } : {}), duration: req.duration, connections: req.connections, timeout: 30 };
    const instance = autocannon(options, (err, result) => {
      if (err) return reject(err);
      resolve({ latencies, non2xx, errors: result.errors, seconds: result.duration });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx += 1;
    });
  });
}

async function run(req: LoadRequest): Promise<LoadSample> {
  if (!req.probe) return fire(req);
  const [sample, probe] = await Promise.all([fire(req), fire({ ...req.probe, duration: req.duration, connections: 1 })]);
  return { ...sample, probe };
}

process.on('message', (msg: LoadRequest) => {
  run(msg).then(
    (sample) => process.send?.({ ok: true, sample }),
    (error: unknown) => process.send?.({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
