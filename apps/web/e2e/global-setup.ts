import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const repoRoot = path.resolve(webDir, '../..');
// FM_E2E_WEB_DIST lets a run use its own build (apps/web/dist is shared by everyone building on this machine).
const dist = path.resolve(process.env.FM_E2E_WEB_DIST ?? path.join(webDir, 'dist'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó (código ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`El servidor no respondió ${url} en ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts the API (serving apps/web/dist) on a free port with a fresh database; `env` adds or overrides settings. */
export async function startApi(env: Record<string, string> = {}): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      FM_DATA_DIR: dataDir,
      FM_WEB_DIST: dist,
      FM_SEED_DEMO: 'true',
      FM_DEV_TOOLS: 'true',
      LOG_LEVEL: 'warn',
      // the suite signs in many times from one address
      AUTH_RATE_LIMIT: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  await waitForHealth(`${baseURL}/fm/v1/health`, child, () => log);

  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the web if needed and starts the API the specs run against; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(dist, 'index.html'))) {
    const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dist], { cwd: webDir, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('No se pudo compilar apps/web (vite build)');
  }
  const api = await startApi();
  process.env.FM_E2E_BASE_URL = api.baseURL;
  return api.stop;
}
