import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { loadConfig } from '../config';
import { buildApp } from '../app';
import { prepareDatabase } from '../bootstrap';
import { adminQuery } from '../test/global-setup';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../modules/demo-seeders';
import { seedCatalogue } from './seed/catalogue';
import { seedGeo } from './seed/geo';
import { seedReference } from './seed/reference';
import { rowsOf } from './client';
import { openDatabase, type Db } from './client';
import { PGliteHost } from './pglite-host';
import { codeGrams, movementCodePieces } from '../modules/grains/movement-code-search';

/**
 * Migrations are incremental (decision 0003): a landed migration never changes, and a database created by any
 * release upgrades to this commit keeping every row. Runs on PGlite, and on PostgreSQL in the api-pg project.
 */
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
type JournalEntry = { idx: number; version: string; when: number; tag: string; breakpoints: boolean };
type Journal = { version: string; dialect: string; entries: JournalEntry[] };
type Release = { release: string; migrations: Record<string, string>; fixture?: string };

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as Journal;
const releases = (JSON.parse(readFileSync(path.join(MIGRATIONS, 'landed.json'), 'utf8')) as { releases: Release[] }).releases;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const postgres = process.env.FM_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

const HOW_TO_LAND = 'Al salir una versión: node scripts/land-migrations.mjs <versión> (docs/decisions/0003-initial-migration.md).';

describe('landed migrations', () => {
  it('keep their exact text, and come first in the journal in the order they landed', () => {
    const failures: string[] = [];
    const landed = releases.flatMap((r) => Object.entries(r.migrations).map(([tag, hash]) => ({ release: r.release, tag, hash })));
    for (const { release, tag, hash } of landed) {
      const file = path.join(MIGRATIONS, `${tag}.sql`);
      if (!existsSync(file)) failures.push(`${tag}.sql (versión ${release}) no existe`);
      else if (sha256(file) !== hash) {
        failures.push(`${tag}.sql cambió desde la versión ${release}: una migración publicada no se edita ni se regenera; el cambio va en una migración nueva (npm run db:generate -w apps/api -- --name <qué-cambia>)`);
      }
    }
    expect(journal.entries.slice(0, landed.length).map((e) => e.tag), `landed.json y meta/_journal.json no coinciden. ${HOW_TO_LAND}`).toEqual(landed.map((l) => l.tag));
    expect(failures).toEqual([]);
  });

  it('every journal entry has its SQL, and later ones are later in time (drizzle skips an older one on an upgraded database)', () => {
    for (const [i, entry] of journal.entries.entries()) {
      expect(entry.idx).toBe(i);
      expect(existsSync(path.join(MIGRATIONS, `${entry.tag}.sql`)), entry.tag).toBe(true);
      if (i > 0) expect(entry.when, `${entry.tag} tiene un "when" anterior a ${journal.entries[i - 1].tag}`).toBeGreaterThan(journal.entries[i - 1].when);
    }
  });
});

/** A migrations folder holding the journal only up to `lastTag`: the chain as that release shipped it. */
function chainUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fm-chain-'));
  mkdirSync(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === lastTag) + 1);
  for (const e of entries) copyFileSync(path.join(MIGRATIONS, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** Rows per table of the public schema. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from public."${table_name}"`));
    counts[table_name] = Number(row.n);
  }
  return counts;
}

/** A few values a user would miss: people, their access, their land and the mails they were sent. */
async function sample(db: Db) {
  const rows = (query: string) => rowsOf<Record<string, unknown>>(db, sql.raw(query));
  return {
    users: await rows('select email, name, last_name, plan_id from users order by user_id'),
    access: await rows('select w.name, u.email, p.module, p.read, p.update from workspace_permissions p join workspaces w on w.workspace_id = p.workspace_id join users u on u.user_id = p.user_id order by 1, 2, 3'),
    farms: await rows('select f.name, count(fl.field_id)::int as fields from farms f left join fields fl using (farm_id) group by f.farm_id, f.name order by f.farm_id'),
    mails: await rows('select to_email, subject from mail_outbox order by mail_id'),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A new, empty database (a folder for PGlite, a database for PostgreSQL) as the server's config names it. */
async function emptyDatabase(): Promise<{ DATABASE_URL?: string; FM_DATA_DIR: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fm-upgrade-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (!postgres) return { FM_DATA_DIR: dir };
  const name = `fm_upgrade_${randomBytes(5).toString('hex')}`;
  await adminQuery(postgres, `CREATE DATABASE ${name}`);
  cleanups.push(() => adminQuery(postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), FM_DATA_DIR: dir };
}

/**
 * Migrates with drizzle's own migrator through `chain` and runs the fixture's statements, as that release's server
 * would have stored them; or fills it by code (the seeders of this commit, for a chain whose tables they still match).
 */
async function buildRelease(target: { DATABASE_URL?: string; FM_DATA_DIR: string }, chain: string, fixture: string | ((db: Db) => Promise<void>)) {
  if (target.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: target.DATABASE_URL, max: 1 });
    try {
      const db = drizzlePg(pool) as unknown as Db;
      await migratePg(db as never, { migrationsFolder: chain });
      await (typeof fixture === 'string' ? pool.query(fixture) : fixture(db));
      return { counts: await rowCounts(db), sample: await sample(db) };
    } finally {
      await pool.end();
    }
  }
  const host = new PGliteHost({ dataDir: path.join(target.FM_DATA_DIR, 'pglite') });
  await host.ready;
  try {
    const db = drizzlePglite({ client: host as never }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder: chain });
    await (typeof fixture === 'string' ? host.exec(fixture) : fixture(db));
    return { counts: await rowCounts(db), sample: await sample(db) };
  } finally {
    await host.close();
  }
}

/** A database in the state of a release that ended at migration `tag`, filled by `fixture`; and its rows then. */
async function databaseAt(tag: string, fixture: string | ((db: Db) => Promise<void>)) {
  const chain = chainUpTo(tag);
  cleanups.push(async () => rmSync(chain, { recursive: true, force: true }));
  const target = await emptyDatabase();
  return { target, before: await buildRelease(target, chain, fixture) };
}

/** The upgrade alone: the app's migrate() applies what the release lacked and skips what it had; `check` reads the result. */
async function upgrade(target: { DATABASE_URL?: string; FM_DATA_DIR: string }, check: (db: Db) => Promise<void>) {
  const database = await openDatabase({ databaseUrl: target.DATABASE_URL, dataDir: target.FM_DATA_DIR });
  try {
    await database.migrate();
    const [applied] = await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(Number(applied.n)).toBe(journal.entries.length);
    await check(database.db);
  } finally {
    await database.close();
  }
}

/** The demo account and what it needs, seeded by this commit's seeders (their tables match 0015 and later). */
async function seedDemoData(db: Db) {
  await seedReference(db);
  await seedGeo(db);
  await seedCatalogue(db);
  await seedDemo(db);
}

const codeGramsColumns = async (db: Db) =>
  (await rowsOf<{ column_name: string }>(db, sql`select column_name from information_schema.columns where table_name = 'grain_movements' and column_name = 'code_grams'`)).length;

const ctgIndexes = async (db: Db) => (await rowsOf<{ indexname: string }>(db, sql`select indexname from pg_indexes where indexname = 'grain_movements_ctg_idx'`)).length;

describe.each(releases.filter((r) => r.fixture))('a database of release $release', (release) => {
  it('upgrades through every later migration keeping every row, and the app works on it', async () => {
    const { target, before } = await databaseAt(Object.keys(release.migrations).at(-1) ?? '', readFileSync(path.join(MIGRATIONS, release.fixture ?? ''), 'utf8'));
    expect(before.counts.users).toBeGreaterThan(1);

    await upgrade(target, async (db) => {
      // a migration that moves rows on purpose (a split table) says so here
      const after = await rowCounts(db);
      expect(Object.fromEntries(Object.keys(before.counts).map((t) => [t, after[t]]))).toEqual(before.counts);
      expect(await sample(db)).toEqual(before.sample);
    });

    // then the server's own start on that data: migrate again (nothing left), seed, serve the demo account
    const config = loadConfig({ LOG_LEVEL: 'silent' }, { DATABASE_URL: target.DATABASE_URL, FM_DATA_DIR: target.FM_DATA_DIR });
    const { database: started, demoCreated } = await prepareDatabase(config);
    const app = await buildApp(config, { database: started, jwtSecret: randomBytes(32).toString('hex') });
    try {
      expect(demoCreated).toBe(false);
      const signin = await app.inject({ method: 'POST', url: '/fm/v1/users/signin', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
      expect(signin.statusCode).toBe(200);
      const token = (signin.json() as { data: { token: string }[] }).data[0].token;
      const farms = await app.inject({ method: 'GET', url: '/fm/v1/farms', headers: { authorization: `Bearer ${token}` } });
      expect(farms.statusCode).toBe(200);
      expect((farms.json() as { data: { name: string }[] }).data.map((f) => f.name).sort()).toEqual(before.sample.farms.map((f) => String(f.name)).sort());
    } finally {
      await app.close();
      await started.close();
    }
  }, 120_000);
});

/**
 * 0014 landed at stop 23 with `grain_movements_ctg_idx` and its later journal time; stop 24's release shipped an
 * earlier text without the index (and its earlier time) followed by 0015, which adds the index when it is missing.
 * Both releases' databases upgrade (stop 24's below). A database that applied only that earlier 0014 was never
 * released: it existed only in stop 23's development session, and would re-run 0014.
 */
describe('a database of stop 23\'s release (0014 with the CTG index)', () => {
  it('upgrades and has the CTG index once', async () => {
    const { target } = await databaseAt('0014_foreign_key_indexes', 'select 1;');
    await upgrade(target, async (db) => expect(await ctgIndexes(db)).toBe(1));
  }, 120_000);
});

/** Stop 24's release shipped 0014's first text (earlier journal time) and 0015: only what came after 0015 runs. */
describe("a database of stop 24's release (0014's first text, then 0015)", () => {
  it('upgrades through the later migrations alone', async () => {
    const earlier = `update drizzle.__drizzle_migrations set created_at = 1795830653968 where created_at = 1795833625602`;
    const { target } = await databaseAt('0015_grain_movements_ctg_index', `${earlier};`);
    await upgrade(target, async (db) => expect(await ctgIndexes(db)).toBe(1));
  }, 120_000);
});

/**
 * 0016 replaces the work-order children's two foreign keys (workspace, order) by one on (workspace_id, work_order_id):
 * a database at 0015 holding the demo's orders, lots, supplies and history upgrades with every row.
 */
describe('a database at 0015 with work orders', () => {
  it('upgrades to the children\'s (workspace_id, work_order_id) keys keeping every row', async () => {
    const { target, before } = await databaseAt('0015_grain_movements_ctg_index', seedDemoData);
    expect(before.counts.work_order_field_crops).toBeGreaterThan(0);
    expect(before.counts.work_order_supplies).toBeGreaterThan(0);
    await upgrade(target, async (db) => {
      expect(await rowCounts(db)).toEqual(before.counts);
      const keys = await rowsOf<{ conname: string }>(
        db,
        sql`select conname from pg_constraint where contype = 'f' and confrelid = 'work_orders'::regclass and cardinality(conkey) = 2 order by 1`,
      );
      expect(keys.map((k) => k.conname)).toEqual(
        ['adversities', 'field_crops', 'history', 'labor_contributions', 'supplies', 'supply_contributions'].map((t) => `work_order_${t}_order_fk`),
      );
    });
  }, 120_000);
});

/**
 * 0017 (stop 29's release) indexed the codes' pieces as a stored column; 0018 made them an expression index and the
 * function PL/pgSQL. A database of that release holding the demo's movements upgrades with every row, without the
 * column, and a search narrowed by the pieces the app cuts (codeGrams) finds, through the index, exactly the
 * movements ILIKE alone finds. 0018's function must cut as 0017's did.
 */
describe("a database of stop 29's release (0017's stored pieces) with grain movements", () => {
  it('upgrades keeping every row, and the code search finds the same movements through the expression index', async () => {
    const { target, before } = await databaseAt('0017_movement_code_grams', seedDemoData);
    expect(before.counts.grain_movements).toBeGreaterThan(0);
    await upgrade(target, async (db) => {
      expect(await rowCounts(db)).toEqual(before.counts);
      const [first] = await rowsOf<{ waybill: string }>(db, sql`select waybill from grain_movements where waybill is not null order by movement_id limit 1`);
      const fragment = first.waybill.slice(-9, -1); // e.g. "-0000412" of CPE-0001-00004120: shared by several movements
      const pieces = codeGrams(fragment) ?? [];
      expect(pieces.length).toBeGreaterThan(1);
      const ids = async (narrowed: boolean) =>
        (
          await rowsOf<{ id: number }>(
            db,
            sql`select movement_id as id from grain_movements
                where (waybill ilike ${`%${fragment}%`} or grain_traceability_code ilike ${`%${fragment}%`})
                ${narrowed ? sql`and ${movementCodePieces} @> ${sql.param(pieces)}::text[]` : sql``} order by 1`,
          )
        ).map((r) => r.id);
      const found = await ids(false);
      expect(found.length).toBeGreaterThan(0);
      expect(await ids(true)).toEqual(found);

      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return JSON.stringify(await rowsOf(tx, sql`explain (format json) select movement_id from grain_movements where ${movementCodePieces} @> ${sql.param(pieces)}::text[]`));
      });
      expect(plan).toContain('grain_movements_code_grams_idx');

      // 0018 replaced the function's body after 0017 had built the index with it: both cut every code into the same
      // set of pieces, so the index stays valid without a reindex
      const first0017 = readFileSync(path.join(MIGRATIONS, '0017_movement_code_grams.sql'), 'utf8').split('--> statement-breakpoint')[0];
      await db.execute(sql.raw(first0017.replace('"movement_code_grams"', '"movement_code_grams_0017"')));
      const [comparison] = await rowsOf<{ codes: number; differ: number }>(
        db,
        sql`select count(*)::int as codes,
                   count(*) filter (where not (movement_code_grams(code) @> movement_code_grams_0017(code)
                                               and movement_code_grams_0017(code) @> movement_code_grams(code)
                                               and cardinality(movement_code_grams(code)) = cardinality(movement_code_grams_0017(code))))::int as differ
            from (select waybill as code from grain_movements union all select grain_traceability_code from grain_movements
                  union all select unnest(array[null, '', 'abcd', 'AB-CD-E', 'ÁÉÍ-0001-23456', 'cpe 0001/0000 4120', '1111111111']::text[])) codes`,
      );
      expect(comparison.codes).toBeGreaterThan(7);
      expect(comparison.differ).toBe(0);
      expect(await codeGramsColumns(db)).toBe(0);
    });
  }, 120_000);
});

/**
 * 0017 had an unreleased text (an expression index, no column, a later journal time) that development databases of
 * stop 29 ran: they skip the released 0017 and run 0018 alone, whose IF EXISTS finds no column.
 */
describe("a database that ran 0017's unreleased text", () => {
  it('upgrades through 0018 alone, with the expression index once and no column', async () => {
    const unreleased = `drop index grain_movements_code_grams_idx; alter table grain_movements drop column code_grams;
      create index grain_movements_code_grams_idx on grain_movements using gin ((movement_code_grams(waybill) || movement_code_grams(grain_traceability_code)));
      update drizzle.__drizzle_migrations set created_at = 1796165360782 where created_at = 1796159667471;`;
    const { target } = await databaseAt('0017_movement_code_grams', unreleased);
    await upgrade(target, async (db) => {
      const indexes = await rowsOf<{ indexdef: string }>(db, sql`select indexdef from pg_indexes where indexname = 'grain_movements_code_grams_idx'`);
      expect(indexes).toHaveLength(1);
      expect(indexes[0].indexdef).toContain('movement_code_grams');
      expect(await codeGramsColumns(db)).toBe(0);
    });
  }, 120_000);
});
