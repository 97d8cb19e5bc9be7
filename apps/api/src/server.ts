import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, publicUrl } from './config';
import { buildApp } from './app';
import { prepareDatabase, resolveJwtSecret } from './bootstrap';
import { DEMO_EMAIL, DEMO_PASSWORD } from './modules/demo-seeders';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, {});
config.FM_WEB_DIST ??= path.resolve(here, '../../web/dist');

const { database, demoCreated } = await prepareDatabase(config);
const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config) });

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.PORT, host: config.HOST });
if (config.FM_DEV_TOOLS === 'true') app.log.warn('FM_DEV_TOOLS=true: development routes under /fm/v1/dev are open; never use this in production');
const where = database.kind === 'pglite' ? `PGlite en ${path.resolve(config.FM_DATA_DIR)}` : 'PostgreSQL';
console.log(`\n  Gestión agropecuaria lista en ${publicUrl(config)}  (base de datos: ${where})`);
if (config.FM_SEED_DEMO === 'true') console.log(`  Cuenta de demostración: ${DEMO_EMAIL} / ${DEMO_PASSWORD}${demoCreated ? ' (creada ahora)' : ''}`);
console.log('');
