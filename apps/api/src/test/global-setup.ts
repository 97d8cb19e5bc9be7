import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { prepareDatabase } from '../bootstrap';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated and seeded PGlite data dir. */
    pgliteTemplate: string;
    /** Name of a migrated and seeded PostgreSQL template database. */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds ONE database per run; every test file then starts from a copy of it
 * (PGlite loadDataDir, PostgreSQL CREATE DATABASE ... TEMPLATE) instead of migrating and seeding again.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.FM_TEST_DB;
  const admin = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres' && admin) {
    const name = `fm_template_${randomBytes(5).toString('hex')}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const { database } = await prepareDatabase(loadConfig({ FM_SEED_DEMO: 'false' }, { DATABASE_URL: url.toString() }));
    await database.close();
    project.provide('pgTemplate', name);
    return async () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const { database } = await prepareDatabase(loadConfig({ FM_SEED_DEMO: 'false' }, { inMemory: true }));
  const blob = await database.dump?.();
  await database.close();
  if (!blob) throw new Error('PGlite dump unavailable');
  const file = path.join(os.tmpdir(), `fm-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => rm(file, { force: true });
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
