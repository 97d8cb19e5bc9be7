import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanInfoPayload } from '@fm/domain';
import { PROJECT_ROOT } from './config';
import { DEMO_EMAIL, DEMO_PASSWORD } from './modules/demo-seeders';

/**
 * The real commands of the README, as a user runs them: `npm start` (web build + server) and `npm run admin`,
 * in processes of their own, on a fresh embedded database. Once per run: skipped in the PostgreSQL project.
 */
const PROCESS_TIMEOUT_MS = 240_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Every process below `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent === p) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// what a user's shell has: no test-runner settings (NODE_ENV=test would make Vite build a development bundle)
const userEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST') && k !== 'FM_TEST_DB'));

let dataDir: string;
let relativeDataDir: string;
let port: number;
let baseUrl: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fm-start-'));
  // relative, as the README's default `./data`: it must resolve against the project folder, not apps/api
  relativeDataDir = path.relative(PROJECT_ROOT, dataDir);
  port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  // a failed assertion must not leave a server behind: the whole group of each start, by its id (the group
  // outlives npm, its leader, exactly when the signal did not reach the server)
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is empty: everything stopped
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  return { ...userEnv, FM_DATA_DIR: relativeDataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn', FM_SEED_DEMO: 'true' };
}

async function npmStart(): Promise<{ child: ChildProcess; output: () => string }> {
  let log = '';
  // its own process group, so afterAll can clean up; the signals of the test go to the top process only
  const child = spawn('npm', ['start'], { cwd: PROJECT_ROOT, env: env(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + PROCESS_TIMEOUT_MS / 2;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start terminó (${child.exitCode}):\n${log}`);
    if (await fetch(`${baseUrl}/fm/v1/health`).then((r) => r.ok, () => false)) return { child, output: () => log };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`npm start no respondió en ${baseUrl}:\n${log}`);
}

/** Sends `signal` to npm's own process only (as a process manager or a terminal's Ctrl-C to npm would). */
async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number[]> {
  const pid = child.pid ?? 0;
  const tree = descendants(pid);
  expect(tree.length).toBeGreaterThan(0);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(pid, signal);
  await exited;
  // npm exits once its child did; give the last process a moment to be reaped
  for (let i = 0; i < 50 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, 100));
  return tree.filter(alive);
}

function admin(...args: string[]) {
  return spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: PROJECT_ROOT, env: env(), encoding: 'utf8', timeout: 60_000 });
}

describe.skipIf(process.env.FM_TEST_DB === 'postgres')('npm start and npm run admin', () => {
  it(
    'keeps the data in the project-relative folder, takes operator commands while running, and stops whole on SIGTERM',
    async () => {
      const { child } = await npmStart();
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(PROJECT_ROOT, 'apps', 'api', relativeDataDir))).toBe(false);

      // PGlite serves one process: the CLI goes through the running server, and the change shows at once
      const granted = admin('grant-addon', DEMO_EMAIL, 'Recetas', '2');
      expect(granted.stderr + granted.stdout).toContain('adicional Recetas (id 5) = 2');
      expect(granted.status).toBe(0);
      const signin = await fetch(`${baseUrl}/fm/v1/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      const token = ((await signin.json()) as { data: { token: string }[] }).data[0].token;
      const plan = (await (await fetch(`${baseUrl}/fm/v1/users/plan`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: PlanInfoPayload[] };
      expect(plan.data[0].addons.find((a) => a.name === 'Recetas')).toMatchObject({ quantity: 2 });

      expect(await stop(child, 'SIGTERM')).toEqual([]);
      await expect(fetch(`${baseUrl}/fm/v1/health`)).rejects.toThrow();
      expect(existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);

      // with the server stopped the CLI opens the database itself
      const listed = admin('list-requests');
      expect(listed.status).toBe(0);
      expect(listed.stdout).toContain('No hay pedidos.');
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'starts again on the same folder with its data, and stops whole on SIGINT (Ctrl-C)',
    async () => {
      const { child, output } = await npmStart();
      expect(output()).not.toContain('(creada ahora)');
      expect(await stop(child, 'SIGINT')).toEqual([]);
      await expect(fetch(`${baseUrl}/fm/v1/health`)).rejects.toThrow();
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe('the Node version this project runs on', () => {
  it('the dependency tree, package.json engines and the README agree with it', () => {
    const engines = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    expect(readFileSync(path.join(PROJECT_ROOT, 'README.md'), 'utf8')).toContain(`\`${engines}\``);
    // npm's own check of every locked package's `engines` (and the root's) against this Node
    const check = spawnSync('npm', ['install', '--engine-strict', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: PROJECT_ROOT,
      env: userEnv,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(check.stderr.split('\n').filter((l) => /EBADENGINE|notsup/.test(l))).toEqual([]);
    expect(check.status).toBe(0);
  }, 150_000);
});
