// Hosts the embedded PGlite database in a worker thread (ARCHITECTURE §8): PGlite runs each statement
// synchronously in WebAssembly, so on the main thread a heavy query froze every request. Plain JavaScript so
// the worker starts the same way under tsx, vitest and the bench. Protocol: see pglite-host.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { namedStatements } from './pglite-named.mjs';

const { dataDir, loadDataDir, accessChannel } = workerData;
// pg_trgm: trigram indexes of the lists' `contains` (migration 0003, decision 0011)
const db = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}), extensions: { pg_trgm } });

/** drizzle keeps date, timestamp, interval and numeric[] values as text: it passes identity parsers for them. */
const identity = (value) => value;
const parsersByKey = new Map();
function textParsers(oids) {
  if (!oids.length) return undefined;
  const key = oids.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) parsersByKey.set(key, (parsers = Object.fromEntries(oids.map((oid) => [oid, identity]))));
  return parsers;
}

/** What survives structured cloning of a PostgreSQL error: the message and its fields (code, constraint, ...). */
function serializeError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = Object.fromEntries(Object.entries(err).filter(([, v]) => v === null || typeof v !== 'object'));
  return { ...fields, name: err.name, message: err.message };
}

const query = namedStatements(db);

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const parsers = textParsers(msg.textOids);
      const options = { rowMode: msg.rowMode, ...(parsers ? { parsers } : {}) };
      const { rows, fields, affectedRows } = await query(msg.name, msg.sql, msg.params, options);
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

// Statements run one at a time in arrival order (the host counts on it for its timeouts and its pipeline). Each
// answer leaves as soon as its statement ends: holding it back to batch it with the next one would make a light
// statement wait for a heavy one behind it.
const queue = [];
let running = false;

// Migration 0019's triggers notify `accessChannel` (fm_access) when a row an auth state is read from changes; PGlite delivers the
// notification with the answer of the statement that committed it, and the reply says so, so the host forgets
// remembered auth state before that statement's caller goes on (decision 0038).
let notified = false;

async function drain() {
  running = true;
  while (queue.length) {
    const msg = queue.shift();
    let reply;
    notified = false;
    try {
      reply = { id: msg.id, result: await handle(msg) };
    } catch (err) {
      reply = { id: msg.id, error: serializeError(err) };
    }
    if (notified) reply.notified = true;
    parentPort.postMessage([reply]);
  }
  running = false;
}

db.waitReady.then(
  () => db.listen(accessChannel, () => (notified = true)),
).then(
  () => parentPort.postMessage({ ready: true }),
  (err) => parentPort.postMessage({ ready: false, error: serializeError(err) }),
);

parentPort.on('message', (batch) => {
  for (const msg of batch) queue.push(msg);
  if (!running) void drain();
});
