#!/usr/bin/env node
/**
 * Initial JS of the login page, gzipped: the entry chunk with its static imports (what index.html
 * loads and modulepreloads) plus the chunks the '/' route needs to render (the auth feature and the
 * login page, with their static imports). Reads dist/.vite/manifest.json: run `npm run build` first.
 *
 *   node apps/web/scripts/bundle-size.mjs [--json] [--limit 150]
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const args = process.argv.slice(2);
const limitArg = args.indexOf('--limit');
const limitKb = limitArg >= 0 ? Number(args[limitArg + 1]) : 150;

/** The chunk keys a chunk loads before it runs (itself plus its static imports, transitively). */
function closure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`No está en el manifiesto: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
// The login route renders src/features/auth/pages/login-page.tsx, reached through the auth feature index.
const loginKeys = Object.keys(manifest).filter((k) => /features\/auth\/(index\.tsx?|pages\/login-page\.tsx)$/.test(k));
if (!entry || loginKeys.length === 0) throw new Error('No encuentro la entrada o la página de ingreso en el manifiesto');

function measure(keys) {
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const rows = files.map((file) => {
    const raw = readFileSync(join(dist, file));
    return { file, bytes: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((s, r) => s + r.gzip, 0);
  const raw = rows.reduce((s, r) => s + r.bytes, 0);
  return { rows, files: rows.length, gzipKb: total / 1000, rawKb: raw / 1000 };
}

const initial = measure(closure([entry]));
const login = measure(closure([entry, ...loginKeys]));
const allJs = Object.values(manifest).filter((c) => c.file.endsWith('.js')).length;

if (args.includes('--json')) {
  console.log(JSON.stringify({ entry: initial, login, limitKb }, null, 2));
} else {
  const kb = (n) => `${n.toFixed(1)} kB`;
  console.log(`Entrada (index.html + modulepreload): ${kb(initial.gzipKb)} gzip en ${initial.files} archivos`);
  console.log(`Página de ingreso (entrada + ruta /):  ${kb(login.gzipKb)} gzip en ${login.files} archivos (${kb(login.rawKb)} sin comprimir)`);
  for (const r of login.rows) console.log(`  ${kb(r.gzip / 1000).padStart(9)}  ${r.file}`);
  console.log(`Total de archivos JS del build: ${allJs}`);
  console.log(login.gzipKb <= limitKb ? `OK: ≤ ${limitKb} kB` : `EXCEDE el objetivo de ${limitKb} kB`);
}
process.exitCode = login.gzipKb <= limitKb ? 0 : 1;
