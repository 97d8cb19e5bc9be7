import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seedReference } from './db/seed/reference';
import { seedGeo } from './db/seed/geo';
import { seedCatalogue } from './db/seed/catalogue';
import { seedDemo } from './modules/demo-seeders';
import type { FileStore } from './files/index';

/** Opens the database, applies committed migrations and seeds reference data (idempotent); the demo's files go to `fileStore`. */
export async function prepareDatabase(config: Config, template?: Blob, fileStore?: FileStore): Promise<{ database: Database; demoCreated: boolean }> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.FM_DATA_DIR,
    inMemory: config.inMemory,
    loadDataDir: template,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    poolMax: config.DB_POOL_MAX,
    heavyMax: config.DB_HEAVY_MAX,
  });
  // migrations and seeds may take longer than a request: they run without the statement timeout
  await database.migrate();
  const demoCreated = await database.setup(async (db) => {
    await seedReference(db);
    await seedGeo(db);
    await seedCatalogue(db);
    return config.FM_SEED_DEMO === 'true' ? seedDemo(db, fileStore) : false;
  });
  return { database, demoCreated };
}

/** JWT_SECRET from config, else a random one generated on first start and kept under the data dir. */
export function resolveJwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.inMemory) return randomBytes(48).toString('base64url');
  const file = path.resolve(config.FM_DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
