// When a release is cut: records its new migrations (tag -> sha256 of the SQL) in landed.json, after which
// migrations.test.ts refuses any edit of them. Usage: node scripts/land-migrations.mjs <release>
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src/db/migrations');
const release = process.argv[2];
if (!release) {
  console.error('Uso: node scripts/land-migrations.mjs <versión que sale>');
  process.exit(1);
}
const lockFile = path.join(dir, 'landed.json');
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
const landed = new Set(lock.releases.flatMap((r) => Object.keys(r.migrations)));
const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8'));
const fresh = journal.entries.filter((e) => !landed.has(e.tag));
if (fresh.length === 0) {
  console.log('No hay migraciones nuevas desde la última versión.');
  process.exit(0);
}
const migrations = Object.fromEntries(fresh.map((e) => [e.tag, createHash('sha256').update(readFileSync(path.join(dir, `${e.tag}.sql`))).digest('hex')]));
lock.releases.push({ release, migrations });
writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${release}: ${Object.keys(migrations).join(', ')} quedan fijas en landed.json`);
