import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { PGliteHost } from './pglite-host';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either the database or an open transaction. */
export type Executor = Db | Tx;

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{rows}`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const res: unknown = await db.execute(query);
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests clone a seeded template from it). */
  dump?(): Promise<Blob>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DbOptions = { databaseUrl?: string; dataDir?: string; inMemory?: boolean; loadDataDir?: Blob };

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in a directory, or in memory for tests). */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client dropped by the server (restart, DROP DATABASE ... FORCE) emits 'error'; unheard, it kills the process.
    pool.on('error', (err) => console.warn(`PostgreSQL: conexión inactiva cerrada (${err.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.resolve(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGliteHost({ dataDir, loadDataDir: opts.loadDataDir });
  await client.ready;
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
    dump: () => client.dump(),
  };
}
