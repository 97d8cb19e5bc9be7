/**
 * `npm run bench`: the real app in-process on a generated workspace (~120k field crops), loaded with
 * autocannon (separate process, 127.0.0.1 only) endpoint by endpoint, side by side with a bare
 * node:http baseline replaying the same SQL. Prints figures; passes or fails nothing.
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL admin URL: a fresh database is created and dropped; default
 * PGlite in a temp dir), BENCH_DURATION (measured s per side, 6), BENCH_ROUNDS (alternating app/baseline slices, 2), BENCH_CONNECTIONS (10), BENCH_SCALE (1),
 * BENCH_WARMUP (s of unmeasured load before each run, 1), BENCH_PORT (3600; the baseline takes the
 * next port), BENCH_ONLY (substring of endpoint names), BENCH_PROBE=0 skips the stall and hostile-upload probes, BENCH_KEEP_DB=1 keeps
 * the database.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { desc, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/bootstrap';
import { adminQuery } from '../src/test/app';
import { hostileKmz } from '../src/modules/land/boundary.test-helpers';
import { multipartFile } from '../src/modules/land/land.test-helpers';
import type { Db } from '../src/db/client';
import { fieldCrops, seasonPlans, seasons, states } from '../src/db/schema/index';
import { generateWorkspace, scaleBy } from './generate';
import { ENDPOINTS, isRegistered, type EndpointContext } from './endpoints';
import { captureStatements, pgliteRunner, pgRunner, startBaseline, type Baseline, type Runner } from './baseline';
import { startLoadGenerator, summarize, type LoadGenerator, type LoadSample } from './load';
import { formatEndpoints, formatGeneration, formatHostileUpload, formatStall, machine, type BenchReport, type EndpointResult, type LoopDelay, type SideResult } from './report';

const env = process.env;
/** Measured seconds per side (app, baseline) per endpoint, split into BENCH_ROUNDS alternating slices. */
const DURATION = Number(env.BENCH_DURATION ?? 6);
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 2));
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 10);
const SCALE = Number(env.BENCH_SCALE ?? 1);
const PORT = Number(env.BENCH_PORT ?? 3600);
const ONLY = env.BENCH_ONLY;
/** Seconds of unmeasured load before each measured run (JIT, caches, pool). */
const WARMUP = Number(env.BENCH_WARMUP ?? 1);
const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const log = (line: string) => process.stdout.write(`${line}\n`);

type Target = { databaseUrl?: string; dataDir: string; label: string; cleanup(): Promise<void> };

/** A fresh database: a new PostgreSQL database beside BENCH_DATABASE_URL's, or PGlite in a temp directory. */
async function openTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-bench-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  const admin = env.BENCH_DATABASE_URL;
  if (!admin) return { dataDir, label: 'PGlite (embedded, on disk in a temp dir)', cleanup: removeDir };
  const url = new URL(admin);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname)) throw new Error('BENCH_DATABASE_URL must point at 127.0.0.1');
  const name = `fm_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    label: `PostgreSQL (${url.host}, database ${name})`,
    async cleanup() {
      if (env.BENCH_KEEP_DB !== '1') await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}

/** Buenos Aires, the newest season and its plan with the most field crops. */
async function endpointContext(db: Db, workspaceId: number): Promise<EndpointContext> {
  const [state] = await db.select({ id: states.state_id }).from(states).where(eq(states.name, 'Buenos Aires')).limit(1);
  const [season] = await db.select({ id: seasons.season_id }).from(seasons).where(eq(seasons.workspace_id, workspaceId)).orderBy(desc(seasons.name)).limit(1);
  const [plan] = season
    ? await db
        .select({ id: seasonPlans.season_plan_id, n: sql<number>`count(${fieldCrops.field_crop_id})` })
        .from(seasonPlans)
        .innerJoin(fieldCrops, eq(fieldCrops.season_plan_id, seasonPlans.season_plan_id))
        .where(eq(seasonPlans.season_id, season.id))
        .groupBy(seasonPlans.season_plan_id)
        .orderBy(desc(sql`count(${fieldCrops.field_crop_id})`))
        .limit(1)
    : [];
  return { workspaceId, stateId: state?.id ?? 1, seasonId: season?.id, seasonPlanId: plan?.id };
}

type Side = { url: string; headers: Record<string, string> };

const TICK_MS = 5;

/**
 * Event-loop blocking as the lateness of a 5 ms interval timer. perf_hooks' monitorEventLoopDelay
 * does not see PGlite's blocking: measured here, a 5.3 s PGlite query showed as 10 ms there.
 */
function startLoopSampler(): { stop(): LoopDelay } {
  const lateness: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lateness.push(Math.max(0, now - last - TICK_MS));
    last = now;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
      lateness.push(Math.max(0, performance.now() - last - TICK_MS));
      lateness.sort((a, b) => a - b);
      const p99 = lateness[Math.min(lateness.length - 1, Math.ceil(0.99 * lateness.length) - 1)] ?? 0;
      return { p99, max: lateness[lateness.length - 1] ?? 0 };
    },
  };
}

/**
 * App and baseline in alternating rounds (a shared machine's load drifts; alternating spreads the
 * drift over both), sampling the server process's event-loop delay (a PGlite query blocks it).
 */
async function measurePair(loader: LoadGenerator, app: Side, base: Side): Promise<{ app: SideResult; baseline: SideResult }> {
  const slice = DURATION / ROUNDS;
  if (WARMUP > 0) {
    await loader.run({ ...app, duration: WARMUP, connections: CONNECTIONS });
    await loader.run({ ...base, duration: WARMUP, connections: CONNECTIONS });
  }
  const samples: LoadSample[][] = [[], []];
  const loops: LoopDelay[][] = [[], []];
  const cpuMs = [0, 0];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, side] of [app, base].entries()) {
      const loop = startLoopSampler();
      const cpu0 = process.cpuUsage();
      samples[i].push(await loader.run({ ...side, duration: slice, connections: CONNECTIONS }));
      const cpu = process.cpuUsage(cpu0);
      loops[i].push(loop.stop());
      cpuMs[i] += (cpu.user + cpu.system) / 1000;
    }
  }
  const loopOf = (list: LoopDelay[]): LoopDelay => ({ p99: Math.max(...list.map((l) => l.p99)), max: Math.max(...list.map((l) => l.max)) });
  const side = (i: number) => {
    const result = summarize(samples[i]);
    return { ...result, loop: loopOf(loops[i]), cpuMsPerRequest: result.ok ? cpuMs[i] / result.ok : 0 };
  };
  return { app: side(0), baseline: side(1) };
}

async function warm(url: string, headers: Record<string, string>, times: number): Promise<{ status: number; body: string }> {
  let last = { status: 0, body: '' };
  for (let i = 0; i < times; i += 1) {
    const res = await fetch(url, { headers });
    last = { status: res.status, body: await res.text() };
  }
  return last;
}

function rowsOf(body: string): number | undefined {
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    return Array.isArray(data) ? data.length : undefined;
  } catch {
    return undefined;
  }
}

async function benchEndpoint(
  app: { db: Db; base: string; routes: Parameters<typeof isRegistered>[0] },
  baseline: Baseline,
  loader: LoadGenerator,
  ctx: EndpointContext,
  token: string,
  endpoint: (typeof ENDPOINTS)[number],
): Promise<EndpointResult> {
  const rel = endpoint.path(ctx);
  const skipped = (reason: string): EndpointResult => ({ name: endpoint.name, url: rel ?? '', status: 'skipped', reason });
  if (!isRegistered(app.routes, endpoint.route)) return skipped('route not registered yet');
  if (!rel) return skipped('no data for its parameters');
  const url = `${app.base}/fm/v1/${rel}`;
  const headers: Record<string, string> = endpoint.auth ? { authorization: `Bearer ${token}` } : {};
  const first = await warm(url, headers, 20);
  if (first.status !== 200) return skipped(`HTTP ${first.status}: ${first.body.slice(0, 120)}`);
  const { result: answer, statements } = await captureStatements(app.db, () => warm(url, headers, 1));
  baseline.use(statements);
  const check = await warm(baseline.url, {}, 20);
  if (check.status !== 200) return skipped(`baseline HTTP ${check.status}: ${check.body.slice(0, 200)}`);
  log(`  ${endpoint.name}: ${statements.length} statements, ${rowsOf(answer.body) ?? '?'} rows`);
  const { app: appRun, baseline: baseRun } = await measurePair(loader, { url, headers }, { url: `${baseline.url}/`, headers: {} });
  return {
    name: endpoint.name,
    url: `/fm/v1/${rel}`,
    status: 'measured',
    statements: statements.length,
    sql: statements.map((st) => st.text),
    rows: rowsOf(answer.body),
    responseBytes: Buffer.byteLength(answer.body),
    app: appRun,
    baseline: baseRun,
    ratio: {
      p50: baseRun.p50 > 0 ? appRun.p50 / baseRun.p50 : 0,
      rps: baseRun.rps > 0 ? appRun.rps / baseRun.rps : 0,
      cpu: baseRun.cpuMsPerRequest > 0 ? appRun.cpuMsPerRequest / baseRun.cpuMsPerRequest : 0,
    },
  };
}

/**
 * How long a light request waits while a heavy one is under load: `GET health` (one statement, so it queues for
 * the database) and the OpenAPI document (no SQL: what static files and cached answers feel). With PGlite on the
 * main thread both waited for every statement; in its worker only the first should.
 */
async function stallProbe(loader: LoadGenerator, base: string, token: string, ctx: EndpointContext): Promise<BenchReport['stall']> {
  const heavy = ENDPOINTS.find((e) => e.name === 'fields/crops all+contains');
  const rel = heavy?.path(ctx);
  if (!heavy || !rel) return undefined;
  const measure = async (probe: { url: string; headers: Record<string, string> }) => {
    const alone = await loader.run({ ...probe, duration: DURATION / 2, connections: 1 });
    const loaded = await loader.run({ url: `${base}/fm/v1/${rel}`, headers: { authorization: `Bearer ${token}` }, duration: DURATION, connections: CONNECTIONS, probe });
    return loaded.probe ? { alone: summarize([alone]), duringLoad: summarize([loaded.probe]), heavyRps: summarize([loaded]).rps } : undefined;
  };
  const health = await measure({ url: `${base}/fm/v1/health`, headers: {} });
  const noSql = await measure({ url: `${base}/fm/v1/docs/json`, headers: {} });
  return health && { heavy: heavy.name, ...health, noSql };
}

/**
 * `GET health` alone, then while 2 connections keep posting a ~1 MB hostile KMZ to `fields/boundary` (each takes
 * the parse worker seconds, then answers 422): parsing must not hold the request thread.
 */
async function hostileUploadProbe(loader: LoadGenerator, base: string, token: string): Promise<BenchReport['hostileUpload']> {
  const { payload, headers } = multipartFile('campo.kmz', hostileKmz());
  const probe = { url: `${base}/fm/v1/health`, headers: {} };
  const alone = await loader.run({ ...probe, duration: DURATION / 2, connections: 1 });
  const upload = { url: `${base}/fm/v1/fields/boundary`, method: 'POST' as const, headers: { ...headers, authorization: `Bearer ${token}` }, bodyBase64: payload.toString('base64') };
  // one unmeasured upload starts the parse worker (tsx compiles the task module once)
  await fetch(upload.url, { method: 'POST', headers: upload.headers, body: payload });
  const loop = startLoopSampler();
  const loaded = await loader.run({ ...upload, duration: Math.max(DURATION, 10), connections: 2, probe });
  const loopMaxMs = loop.stop().max;
  return loaded.probe && { alone: summarize([alone]), duringUploads: summarize([loaded.probe]), uploads: loaded.non2xx, uploadBytes: payload.length, loopMaxMs };
}

async function main(): Promise<void> {
  const started = performance.now();
  const target = await openTarget();
  log(`Database: ${target.label}`);
  const config = loadConfig(
    { LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'silent', FM_SEED_DEMO: 'false', FM_DATA_DIR: target.dataDir },
    { DATABASE_URL: target.databaseUrl },
  );
  const { database } = await prepareDatabase(config);
  let runner: Runner | undefined;
  let loader: LoadGenerator | undefined;
  let baseline: Baseline | undefined;
  const app = await buildApp(config, { database, jwtSecret: randomBytes(32).toString('hex') });
  try {
    log(`Generating one workspace (scale ${SCALE}) ...`);
    const genLoop = startLoopSampler();
    // bulk inserts may run longer than a request: no statement timeout for them
    const gen = await database.setup((db) => generateWorkspace(db, { scale: scaleBy(SCALE), log }));
    const genBlock = genLoop.stop();
    await app.listen({ host: '127.0.0.1', port: PORT });
    const { token } = await app.tokens.sign(gen.ownerId, gen.workspaceId);
    runner = database.kind === 'postgres' && target.databaseUrl ? pgRunner(target.databaseUrl) : pgliteRunner(database.db);
    baseline = await startBaseline(runner, PORT + 1);
    loader = startLoadGenerator();
    const ctx = await endpointContext(database.db, gen.workspaceId);
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machine(),
      database: target.label,
      baseline: `node:http + ${runner.kind}, replaying the endpoint's captured SQL`,
      settings: { durationSeconds: DURATION, rounds: ROUNDS, warmupSeconds: WARMUP, connections: CONNECTIONS, scale: SCALE },
      loadAverageAtStart: loadavg().map((v) => Number(v.toFixed(2))),
      generation: { totalMs: gen.totalMs, tables: gen.report, loopMaxMs: genBlock.max },
      endpoints: [],
    };
    log(`Generated in ${(gen.totalMs / 1000).toFixed(1)} s (longest event-loop block ${genBlock.max.toFixed(0)} ms)`);
    log(`Load: ${CONNECTIONS} connections, ${DURATION} s per side in ${ROUNDS} alternating rounds, app on :${PORT}, baseline on :${PORT + 1}`);
    const appInfo = { db: database.db, base: `http://127.0.0.1:${PORT}`, routes: app.routeTable };
    for (const endpoint of ENDPOINTS.filter((e) => !ONLY || e.name.includes(ONLY))) {
      report.endpoints.push(await benchEndpoint(appInfo, baseline, loader, ctx, token, endpoint));
    }
    if (env.BENCH_PROBE !== '0' && isRegistered(app.routeTable, '/fm/v1/fields/crops')) {
      log('  stall probe: health and the OpenAPI document alone, then while fields/crops all+contains is loaded');
      report.stall = await stallProbe(loader, appInfo.base, token, ctx);
    }
    if (env.BENCH_PROBE !== '0' && isRegistered(app.routeTable, '/fm/v1/fields/boundary', 'POST')) {
      log('  hostile upload probe: health alone, then while hostile KMZ uploads are parsed');
      report.hostileUpload = await hostileUploadProbe(loader, appInfo.base, token);
    }
    report.loadAverageAtEnd = loadavg().map((v) => Number(v.toFixed(2)));
    log('');
    log(`${report.database} — ${report.machine.cpus} CPUs ${report.machine.cpuModel}, Node ${report.machine.node}`);
    log(`Load average (1/5/15 min) at start ${report.loadAverageAtStart.join(' ')}, at end ${report.loadAverageAtEnd.join(' ')}`);
    log(formatGeneration(report));
    log('');
    log('Latency in ms over 2xx answers; req/s = 2xx answers per second; a/b = app/baseline; CPU ms/req = server-process CPU per answer');
    log('(with PGlite that includes the database); loop max = longest event-loop block in the server process, ms.');
    log(formatEndpoints(report));
    if (report.stall) log(`\n${formatStall(report)}`);
    if (report.hostileUpload) log(`\n${formatHostileUpload(report)}`);
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'latest.json');
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    log(`\nWrote ${path.relative(process.cwd(), file)} — total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    loader?.close();
    await baseline?.close();
    await app.close();
    await runner?.close();
    await database.close();
    await target.cleanup();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
