// Runs the parse tasks of workers/parse-pool.ts off the request thread (decision 0009), one at a time.
// Plain JavaScript so it starts the same way under tsx, vitest and the bench; the task modules are TypeScript,
// imported through tsx's tsImport (a worker does not inherit vitest's transform).
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const modules = new Map();

function load(href) {
  let mod = modules.get(href);
  if (!mod) {
    mod = tsImport(href, import.meta.url);
    modules.set(href, mod);
  }
  return mod;
}

/** What survives structured cloning: the message, and an AppError's code and detail. */
function serializeError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const { code, detail } = /** @type {{ code?: unknown, detail?: unknown }} */ (err);
  return { message: err.message, code: typeof code === 'string' ? code : undefined, detail: Array.isArray(detail) ? detail : undefined };
}

parentPort.on('message', async (msg) => {
  try {
    const fn = (await load(msg.href))[msg.exportName];
    if (typeof fn !== 'function') throw new Error(`${msg.href} does not export a function ${msg.exportName}`);
    // the time cap runs from here: loading (tsx compiling the module on a cold worker) is not the input's doing
    parentPort.postMessage({ started: true });
    parentPort.postMessage({ result: await fn(msg.input) });
  } catch (err) {
    parentPort.postMessage({ error: serializeError(err) });
  }
});
