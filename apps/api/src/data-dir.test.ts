import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, PROJECT_ROOT } from './config';
import { adoptLegacyDataDir } from './data-dir';

let root: string;
let legacyBase: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fm-datadir-'));
  legacyBase = path.join(root, 'apps', 'api');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A folder as an earlier release left it: an initialised PGlite directory and the token secret. */
function database(dir: string, marker: string) {
  mkdirSync(path.join(dir, 'pglite', 'base'), { recursive: true });
  writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), '17\n');
  writeFileSync(path.join(dir, 'pglite', 'base', 'rows'), marker);
  writeFileSync(path.join(dir, 'jwt-secret'), `secret-${marker}`);
}

describe('FM_DATA_DIR', () => {
  it('a relative folder is the project folder\'s, however the process was started', () => {
    expect(loadConfig({}).FM_DATA_DIR).toBe(path.join(PROJECT_ROOT, 'data'));
    expect(loadConfig({ FM_DATA_DIR: 'otra/carpeta' }).FM_DATA_DIR).toBe(path.join(PROJECT_ROOT, 'otra', 'carpeta'));
    expect(loadConfig({ FM_DATA_DIR: '/var/lib/campo' }).FM_DATA_DIR).toBe('/var/lib/campo');
  });
});

describe('adoptLegacyDataDir', () => {
  it('moves an earlier release\'s database from apps/api/data into ./data, keeping rows and token secret', () => {
    database(path.join(legacyBase, 'data'), 'viejos');
    const dataDir = path.join(root, 'data');
    // openDatabase of a start that found nothing would have left an empty folder
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    expect(adoptLegacyDataDir(undefined, dataDir, legacyBase)).toContain('movida');
    expect(readFileSync(path.join(dataDir, 'pglite', 'base', 'rows'), 'utf8')).toBe('viejos');
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe('secret-viejos');
    expect(existsSync(path.join(legacyBase, 'data'))).toBe(false);
    expect(adoptLegacyDataDir(undefined, dataDir, legacyBase)).toBeNull();
  });

  it('never touches either database when both exist, and ignores absolute folders', () => {
    database(path.join(legacyBase, 'data'), 'viejos');
    database(path.join(root, 'data'), 'nuevos');
    expect(adoptLegacyDataDir('./data', path.join(root, 'data'), legacyBase)).toContain('queda sin tocar');
    expect(readFileSync(path.join(legacyBase, 'data', 'pglite', 'base', 'rows'), 'utf8')).toBe('viejos');
    expect(readFileSync(path.join(root, 'data', 'pglite', 'base', 'rows'), 'utf8')).toBe('nuevos');
    expect(adoptLegacyDataDir(path.join(root, 'otra'), path.join(root, 'otra'), legacyBase)).toBeNull();
  });
});
