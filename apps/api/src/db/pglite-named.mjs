// Named statements on PGlite (decision 0040): PGlite's `query` sends every statement unnamed, so PostgreSQL parses
// and plans it on each run. Plain JavaScript: the worker (pglite-worker.mjs) and the bench's raw in-process PGlite
// both run it.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
const noSync = { syncToFs: false };

/** Statements a session keeps at most: ~130 kB of cached plan each on average (the bench's endpoints). */
const KEPT_STATEMENTS_MAX = 500;

/**
 * `query(name, sql, params, options)` for one PGlite session: PGlite's own `query`, with a named statement when
 * `name` is given (statement-names.ts decides; without one the statement runs unnamed, as `query` sends it). Parse and
 * Describe go once per name (a statement outlives a rolled-back transaction, and a Parse that failed created nothing,
 * so only a successful one is remembered); then Bind, Describe, Execute and Sync as `query` sends them, the values
 * serialized and the rows parsed by PGlite's own functions. Past `keptMax` statements the least recently used one is
 * closed with the next Parse (it is parsed again if asked for), so the plans PGlite keeps stay bounded.
 */
export function namedStatements(db, keptMax = KEPT_STATEMENTS_MAX) {
  /** name → its parameters' type OIDs, least recently used first */
  const prepared = new Map();
  return (name, sql, params, options) => {
    if (!name) return db.query(sql, params, options);
    return db._runExclusiveQuery(async () => {
      const messages = [];
      try {
        let types = prepared.get(name);
        if (types) {
          prepared.delete(name);
          prepared.set(name, types);
        } else {
          const oldest = prepared.size >= keptMax ? prepared.keys().next().value : undefined;
          if (oldest !== undefined) prepared.delete(oldest);
          // closing a statement that does not exist is no error, so the close cannot fail the Parse behind it
          const close = oldest === undefined ? [] : [serialize.close({ type: 'S', name: oldest })];
          const described = await db.execProtocolStream(concat(...close, serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })), noSync);
          types = parse.parseDescribeStatementResults(described);
          prepared.set(name, types);
        }
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = db.serializers[types[i]];
          return serializer ? serializer(value) : value.toString();
        });
        messages.push(...(await db.execProtocolStream(concat(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({})), noSync)));
      } catch (err) {
        throw err instanceof Error ? Object.assign(err, { query: sql, params }) : err;
      } finally {
        messages.push(...(await db.execProtocolStream(serialize.sync(), noSync)));
      }
      await db.syncToFs();
      return parse.parseResults(messages, db.parsers, options)[0];
    });
  };
}

function concat(...parts) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
