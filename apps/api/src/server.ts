import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, publicUrl } from './config';
import { buildApp } from './app';
import { createFileStore } from './files/index';
import { prepareDatabase, resolveJwtSecret } from './bootstrap';
import { adoptLegacyDataDir } from './data-dir';
import { controlSocketPath, startControlServer, type ControlServer } from './admin/control';
import { DEMO_EMAIL, DEMO_PASSWORD } from './modules/demo-seeders';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, {});
config.FM_WEB_DIST ??= path.resolve(here, '../../web/dist');

// Embedded database: adopt an earlier release's folder, and open the operator's socket (which also keeps a
// second server off this folder) before the database itself.
let control: ControlServer | null = null;
if (!config.DATABASE_URL) {
  const moved = adoptLegacyDataDir(process.env.FM_DATA_DIR, config.FM_DATA_DIR);
  if (moved) console.log(moved);
  mkdirSync(config.FM_DATA_DIR, { recursive: true });
  control = await startControlServer(controlSocketPath(config.FM_DATA_DIR));
}

// one file store for the demo seeding and the app (an in-memory run keeps its files in one temporary folder)
const fileStore = await createFileStore(config);
const { database, demoCreated } = await prepareDatabase(config, undefined, fileStore);
const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config), fileStore });
control?.serve(database.db);

const CLOSE_TIMEOUT_MS = 10_000;
let closing = false;
/** One orderly stop however many signals arrive (Ctrl-C reaches every process of the group, and npm forwards it too). */
const close = (signal: NodeJS.Signals) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: deteniendo el servidor`);
  setTimeout(() => process.exit(1), CLOSE_TIMEOUT_MS).unref();
  void (async () => {
    await control?.close();
    await app.close();
    await database.close();
    process.exit(0);
  })();
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.PORT, host: config.HOST });
if (config.FM_DEV_TOOLS === 'true') app.log.warn('FM_DEV_TOOLS=true: development routes under /fm/v1/dev are open; never use this in production');
const where = database.kind === 'pglite' ? `PGlite en ${config.FM_DATA_DIR}` : 'PostgreSQL';
console.log(`\n  Gestión agropecuaria lista en ${publicUrl(config)}  (base de datos: ${where})`);
if (config.FM_SEED_DEMO === 'true') console.log(`  Cuenta de demostración: ${DEMO_EMAIL} / ${DEMO_PASSWORD}${demoCreated ? ' (creada ahora)' : ''}`);
console.log('');
