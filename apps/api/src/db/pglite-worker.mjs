// Hosts the embedded PGlite database in a worker thread (ARCHITECTURE §8): PGlite runs each statement
// synchronously in WebAssembly, so on the main thread a heavy query froze every request. Plain JavaScript so
// the worker starts the same way under tsx, vitest and the bench. Protocol: see pglite-host.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadDataDir } = workerData;
const db = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });

/** drizzle keeps date, timestamp, interval and numeric[] values as text: it passes identity parsers for them. */
function textParsers(oids) {
  return Object.fromEntries(oids.map((oid) => [oid, (value) => value]));
}

/** What survives structured cloning of a PostgreSQL error: the message and its fields (code, constraint, ...). */
function serializeError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = Object.fromEntries(Object.entries(err).filter(([, v]) => v === null || typeof v !== 'object'));
  return { ...fields, name: err.name, message: err.message };
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const { rows, fields, affectedRows } = await db.query(msg.sql, msg.params, { rowMode: msg.rowMode, parsers: textParsers(msg.textOids) });
      return { rows, fields, affectedRows };
    }
    case 'exec':
      return (await db.exec(msg.sql)).map(({ rows, fields, affectedRows }) => ({ rows, fields, affectedRows }));
    case 'dump':
      return await db.dumpDataDir('none');
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`operación desconocida: ${msg.op}`);
  }
}

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: serializeError(err) }),
);

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => parentPort.postMessage({ id: msg.id, result }),
    (err) => parentPort.postMessage({ id: msg.id, error: serializeError(err) }),
  );
});
