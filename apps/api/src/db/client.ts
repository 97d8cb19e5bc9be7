import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { PGliteHost } from './pglite-host';
import { AccessChanges, listenOnPostgres } from './access-changes';
import { planPerExecution, statementName } from './statement-names';
import { gateHeavyWork } from './heavy-work';

export { planPerExecution } from './statement-names';

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
  /** Applies the committed migrations, without the statement timeout. */
  migrate(): Promise<void>;
  /** Runs `fn` on the same database without the statement timeout: seeds and other setup longer than a request. */
  setup<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Process state only, no statement: false once the database is closed or its worker died. `GET health` (liveness)
   * answers from it, so it never waits for the database (decision 0015); `GET health/ready` runs a statement.
   */
  alive(): boolean;
  /** PGlite only: the whole data directory as a tarball (tests clone a seeded template from it). */
  dump?(): Promise<Blob>;
  /** Committed changes to the rows auth state is read from (migration 0019, decision 0038). */
  accessChanges: AccessChanges;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DbOptions = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  loadDataDir?: Blob;
  /** Every statement of `db` is cancelled past this many ms (SQLSTATE 57014); 0 or absent: no limit. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the pool's most connections (10). */
  poolMax?: number;
  /** PostgreSQL: how many heavy statements (`heavyWork`: unpaged lists) run at a time (2); PGlite runs one (decision 0043). */
  heavyMax?: number;
};

const dialect = new PgDialect();
/** rowsOf for a raw list query PostgreSQL must plan with its values, as the list statements are (decision 0026). */
export async function rowsPlannedPerExecution<T>(db: Executor, query: SQL): Promise<T[]> {
  planPerExecution(dialect.sqlToQuery(query).sql);
  return rowsOf<T>(db, query);
}

type QueryConfigLike = { text?: unknown; name?: unknown };

/** A pg client that names the statements drizzle sends (a config object with text and no name). */
class NamingClient extends pg.Client {
  override query(config: unknown, ...rest: unknown[]): never {
    const c = config as QueryConfigLike | null;
    if (c && typeof c === 'object' && typeof c.text === 'string' && !c.name) {
      const name = statementName(c.text);
      if (name) return (super.query as (...args: unknown[]) => never)({ ...c, name }, ...rest);
    }
    return (super.query as (...args: unknown[]) => never)(config, ...rest);
  }
}

/**
 * Planner settings of the app's connections. `random_page_cost` 1.1 (PostgreSQL's default of 4 prices a random read
 * as on a spinning disk): with it the rows-by-ids texts, planned once for any page, probe the small tables they join
 * by index instead of hashing them whole (decision 0032). The bench's bare server connects with the same settings.
 */
export const PLANNER_OPTIONS = '-c random_page_cost=1.1';

function postgresPool(connectionString: string, opts: pg.PoolConfig, named = false): pg.Pool {
  const pool = new pg.Pool({ connectionString, ...opts, ...(named ? { Client: NamingClient } : {}) });
  // An idle client dropped by the server (restart, DROP DATABASE ... FORCE) emits 'error'; unheard, it kills the process.
  pool.on('error', (err) => console.warn(`PostgreSQL: conexión inactiva cerrada (${err.message})`));
  return pool;
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in a directory, or in memory for tests). */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  const { databaseUrl, statementTimeoutMs, poolMax = 10, heavyMax = 2 } = opts;
  if (databaseUrl) {
    // the server enforces it on every connection of the pool and cancels the statement (57014)
    const accessChanges = new AccessChanges(false);
    const listening = listenOnPostgres(databaseUrl, accessChanges);
    const pool = postgresPool(
      databaseUrl,
      { max: poolMax, options: PLANNER_OPTIONS, onConnect: listening.onPoolConnect, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) },
      true,
    );
    await listening.start();
    const setup = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
      const unbounded = postgresPool(databaseUrl, { max: 1, options: '-c statement_timeout=0' });
      try {
        return await fn(drizzlePg(unbounded, { schema }) as unknown as Db);
      } finally {
        await unbounded.end();
      }
    };
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    gateHeavyWork(db, Math.min(heavyMax, poolMax));
    return {
      db,
      kind: 'postgres',
      migrate: () => setup((db) => migratePg(db as never, { migrationsFolder })),
      setup,
      close: async () => {
        await listening.close();
        await pool.end();
      },
      alive: () => !pool.ended,
      accessChanges,
    };
  }
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.resolve(opts.dataDir ?? './data', 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // one process owns a PGlite directory: every change is committed by this process and reported with its answer
  const accessChanges = new AccessChanges(true);
  const client = new PGliteHost({ dataDir, loadDataDir: opts.loadDataDir, statementTimeoutMs, onAccessChange: () => accessChanges.changed() });
  await client.ready;
  const unbounded = drizzlePglite({ client: client.unbounded() as never, schema }) as unknown as Db;
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  // its worker runs one statement at a time: one heavy statement queued at a time lets light ones in between
  gateHeavyWork(db, 1);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(unbounded as never, { migrationsFolder }),
    setup: (fn) => fn(unbounded),
    close: () => client.close(),
    alive: () => client.alive,
    dump: () => client.dump(),
    accessChanges,
  };
}
