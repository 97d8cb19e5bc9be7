import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './config';

/** Where earlier releases put a relative FM_DATA_DIR: `npm start` ran the server from apps/api. */
const LEGACY_BASE = path.join(PROJECT_ROOT, 'apps', 'api');
const ENTRIES = ['pglite', 'jwt-secret'];

const hasDatabase = (dir: string) => existsSync(path.join(dir, 'pglite', 'PG_VERSION'));

/**
 * Until this release a relative FM_DATA_DIR (the default `./data`) landed in apps/api/data instead of the
 * project's `./data`. When the configured folder holds no embedded database and that old place does, the old
 * database and token secret move here (same disk: a rename), so an upgrade keeps every row and every session.
 * Never deletes anything: with a database in both places the old one stays where it is and is only reported.
 * Returns what it did, for the log; null when there was nothing to do.
 */
export function adoptLegacyDataDir(raw: string | undefined, dataDir: string, legacyBase = LEGACY_BASE): string | null {
  const configured = raw || './data';
  if (path.isAbsolute(configured)) return null;
  const legacy = path.resolve(legacyBase, configured);
  if (legacy === dataDir || !hasDatabase(legacy)) return null;
  if (hasDatabase(dataDir)) return `Hay otra base embebida en ${legacy} (de una versión anterior): se usa la de ${dataDir} y aquella queda sin tocar.`;
  mkdirSync(dataDir, { recursive: true });
  // openDatabase may have left an empty folder behind; anything else in the way stops the move
  const target = path.join(dataDir, 'pglite');
  if (existsSync(target) && readdirSync(target).length === 0) rmdirSync(target);
  for (const entry of ENTRIES) {
    if (existsSync(path.join(legacy, entry)) && !existsSync(path.join(dataDir, entry))) renameSync(path.join(legacy, entry), path.join(dataDir, entry));
  }
  if (readdirSync(legacy).length === 0) rmdirSync(legacy);
  return `Base embebida movida de ${legacy} a ${dataDir} (FM_DATA_DIR relativo se toma desde la carpeta del proyecto).`;
}
