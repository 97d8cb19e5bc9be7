/**
 * `npm run bench`: the real app in-process on a generated workspace (~120k field crops at scale 1, ~1M at 9.2),
 * loaded with autocannon (separate process, 127.0.0.1 only) endpoint by endpoint, each cycling its variants
 * (pages, filters, search terms), side by side with a bare node:http baseline replaying the same SQL and
 * answering the same answer (and, on PGlite, the same baseline on a raw in-process PGlite). Prints figures and
 * the issue-8 targets beside them; passes or fails nothing.
 *
 * Env: BENCH_DATABASE_URL (PostgreSQL admin URL: a fresh database is created and dropped; default
 * PGlite in a temp dir), BENCH_DURATION (measured s per side, 6), BENCH_ROUNDS (alternating app/baseline slices, 2), BENCH_CONNECTIONS (10), BENCH_SCALE (1),
 * BENCH_WARMUP (s of unmeasured load before each run, 1), BENCH_PORT (3600; the baseline takes the
 * next port), BENCH_ONLY (substrings of endpoint names, comma-separated), BENCH_PROBE=0 skips the stall, hostile-upload and bulk-load probes, BENCH_BULK_ROWS (10000,100000), BENCH_RAW=0 skips the raw-PGlite side, BENCH_POOL_MAX (the app's and the bare server's PostgreSQL connections, 10), BENCH_HEAVY_MAX (the app's DB_HEAVY_MAX, 2), BENCH_STALL_HEAVY (the heavy endpoints the stall probe loads, comma-separated), BENCH_AUTH_CACHE_MS (the app's AUTH_CACHE_MS; 0 reads the auth state on every request), BENCH_WEB (1: the login page's JS and Lighthouse after the endpoints,
 * the default when BENCH_ONLY is unset; 0 skips), BENCH_WEB_RUNS (3), BENCH_KEEP_DB=1 keeps
 * the database, BENCH_PROFILE=1 writes a CPU profile of each app-side slice to bench/results (sampled every
 * BENCH_PROFILE_INTERVAL_US µs, 100).
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
import { firstRunsSettled } from '../src/jobs/periodic';
import { prepareDatabase } from '../src/bootstrap';
import { adminQuery } from '../src/test/app';
import { hostileKmz } from '../src/modules/land/boundary.test-helpers';
import { multipartFile } from '../src/modules/land/land.test-helpers';
import { rowsOf as dbRows, type Db } from '../src/db/client';
import { fieldCrops, seasonPlans, seasons, states, users, workOrders, workspaces, workspaceUsers } from '../src/db/schema/index';
import { bulkImportProbe, formatBulkImport, type BulkImportResult } from './bulk-import';
import { BENCH_OWNER_EMAIL, BENCH_PASSWORD, generateWorkspace, scaleBy, type Generated } from './generate';
import { ENDPOINTS, isRegistered, type EndpointContext } from './endpoints';
import { captureStatements, sqlShape, pgliteRunner, pgRunner, rawPgliteRunner, startBaseline, type Baseline, type Runner, type Variant } from './baseline';
import { cpuTicks, stealPercent } from './steal';
import { measureWeb } from './web';
import { startLoadGenerator, summarize, type LoadGenerator, type LoadRequest, type LoadSample } from './load';
import { formatEndpoints, formatGeneration, formatHostileUpload, formatStalls, formatTargets, machine, type BenchReport, type StallProbe, type EndpointResult, type LoopDelay, type SideResult } from './report';

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
  const reuse = env.BENCH_REUSE_DB;
  if (reuse !== undefined && !/^fm_bench_[0-9a-f]{8}$/.test(reuse)) throw new Error('BENCH_REUSE_DB must name a database a run kept (fm_bench_<hex>)');
  const name = reuse ?? `fm_bench_${randomBytes(4).toString('hex')}`;
  if (!reuse) await adminQuery(admin, `CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    label: `PostgreSQL (${url.host}, database ${name})`,
    async cleanup() {
      if (env.BENCH_KEEP_DB !== '1' && !reuse) await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}

/** BENCH_REUSE_DB: the owner, workspace and members a kept run generated (no generation; its figures are not known). */
async function generatedBefore(db: Db): Promise<Generated> {
  const [owner] = await db.select({ id: users.user_id }).from(users).where(eq(users.email, BENCH_OWNER_EMAIL)).limit(1);
  if (!owner) throw new Error('BENCH_REUSE_DB: that database has no bench owner');
  const [ws] = await db.select({ id: workspaces.workspace_id }).from(workspaces).where(eq(workspaces.user_id, owner.id)).orderBy(workspaces.workspace_id).limit(1);
  const members = await db.select({ id: workspaceUsers.user_id }).from(workspaceUsers).where(eq(workspaceUsers.workspace_id, ws.id)).orderBy(workspaceUsers.user_id);
  return { ownerId: owner.id, workspaceId: ws.id, memberIds: members.map((m) => m.id), report: [], totalMs: 0 };
}

/** Buenos Aires, the newest seasons and the newest one's plan with the most field crops. */
async function endpointContext(db: Db, workspaceId: number): Promise<EndpointContext> {
  const [state] = await db.select({ id: states.state_id }).from(states).where(eq(states.name, 'Buenos Aires')).limit(1);
  const newest = await db.select({ id: seasons.season_id }).from(seasons).where(eq(seasons.workspace_id, workspaceId)).orderBy(desc(seasons.name)).limit(3);
  const season = newest[0];
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
  const orders = await db.select({ id: workOrders.work_order_id }).from(workOrders).where(eq(workOrders.workspace_id, workspaceId)).orderBy(desc(workOrders.work_order_id)).limit(5);
  return { workspaceId, stateId: state?.id ?? 1, seasonIds: newest.map((r) => r.id), seasonPlanId: plan?.id, workOrderIds: orders.map((o) => o.id), ownerEmail: BENCH_OWNER_EMAIL, password: BENCH_PASSWORD };
}

type Side = Pick<LoadRequest, 'url' | 'headers' | 'requests'>;

const TICK_MS = 5;

/** What PGlite's one session holds after the endpoints (the app's and the bare server's statements share names). */
async function preparedOnPglite(db: Db): Promise<{ statements: number; planMb: number }> {
  const [kept] = await dbRows<{ statements: number; plan_bytes: string }>(
    db,
    sql`select (select count(*)::int from pg_prepared_statements) as statements,
      (select coalesce(sum(total_bytes), 0)::bigint from pg_backend_memory_contexts where name in ('CachedPlan', 'CachedPlanSource', 'CachedPlanQuery')) as plan_bytes`,
  );
  return { statements: kept.statements, planMb: Number(kept.plan_bytes) / 1e6 };
}

/** BENCH_PROFILE=1: a V8 CPU profile of each app-side slice, in bench/results/*.cpuprofile (open in Chrome DevTools). */
const PROFILE = env.BENCH_PROFILE === '1';

async function startProfile(): Promise<{ stop(name: string): Promise<void> }> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // V8 samples every ~1 ms by default: too coarse to attribute the tens of µs a light request spends
  await session.post('Profiler.setSamplingInterval', { interval: Number(env.BENCH_PROFILE_INTERVAL_US ?? 100) });
  await session.post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await session.post('Profiler.stop');
      mkdirSync(resultsDir, { recursive: true });
      writeFileSync(path.join(resultsDir, `${name}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

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
async function measureSides(loader: LoadGenerator, sides: Side[], label = 'post'): Promise<SideResult[]> {
  const slice = DURATION / ROUNDS;
  if (WARMUP > 0) {
    for (const side of sides) await loader.run({ ...side, duration: WARMUP, connections: CONNECTIONS });
  }
  const samples: LoadSample[][] = sides.map(() => []);
  const loops: LoopDelay[][] = sides.map(() => []);
  const cpuMs = sides.map(() => 0);
  const ticks = sides.map(() => ({ steal: 0, total: 0 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [i, side] of sides.entries()) {
      const loop = startLoopSampler();
      const profile = i === 0 && PROFILE ? await startProfile() : undefined;
      const cpu0 = process.cpuUsage();
      const ticks0 = cpuTicks();
      samples[i].push(await loader.run({ ...side, duration: slice, connections: CONNECTIONS }));
      const cpu = process.cpuUsage(cpu0);
      const ticks1 = cpuTicks();
      if (ticks0 && ticks1) {
        ticks[i].steal += ticks1.steal - ticks0.steal;
        ticks[i].total += ticks1.total - ticks0.total;
      }
      if (profile) await profile.stop(`${label.replace(/[^a-z0-9]+/gi, '-')}-${round}`);
      loops[i].push(loop.stop());
      cpuMs[i] += (cpu.user + cpu.system) / 1000;
    }
  }
  const loopOf = (list: LoopDelay[]): LoopDelay => ({ p99: Math.max(...list.map((l) => l.p99)), max: Math.max(...list.map((l) => l.max)) });
  const side = (i: number) => {
    const result = summarize(samples[i]);
    return { ...result, loop: loopOf(loops[i]), cpuMsPerRequest: result.ok ? cpuMs[i] / result.ok : 0, stealPercent: stealPercent({ steal: 0, total: 0 }, ticks[i]) };
  };
  return sides.map((_, i) => side(i));
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

const variantsOf = (rel: string | string[]) => (Array.isArray(rel) ? rel : [rel]);

type Bench = { db: Db; base: string; routes: Parameters<typeof isRegistered>[0]; tokens: { owner: string; member: string } };
type Baselines = { runner: Runner; server: Baseline; raw?: { runner: Runner; server: Baseline } };

async function benchEndpoint(app: Bench, baselines: Baselines, loader: LoadGenerator, ctx: EndpointContext, endpoint: (typeof ENDPOINTS)[number]): Promise<EndpointResult> {
  const method = endpoint.method ?? 'GET';
  const rel = endpoint.path(ctx);
  const skipped = (reason: string): EndpointResult => ({ name: endpoint.name, url: String(rel ?? ''), status: 'skipped', reason });
  if (!isRegistered(app.routes, endpoint.route, method)) return skipped('route not registered yet');
  if (!rel) return skipped('no data for its parameters');
  const paths = variantsOf(rel).map((r) => `/fm/v1/${r}`);
  const token = endpoint.member ? app.tokens.member : app.tokens.owner;
  const headers: Record<string, string> = { ...(endpoint.auth ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...endpoint.headers };
  const url = `${app.base}${paths[0]}`;
  // the previous endpoint's last requests (a sign-in takes ~100 ms) would otherwise fall into this one's capture
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (method === 'POST') {
    // writes: the app alone (a baseline replaying the same INSERTs would not do the same work)
    const bodies = (endpoint.bodies?.(ctx) ?? [{}]).map((b) => JSON.stringify(b));
    const first = await fetch(url, { method, headers, body: bodies[0] });
    const answer = await first.text();
    if (first.status >= 300) return skipped(`HTTP ${first.status}: ${answer.slice(0, 120)}`);
    const { statements } = await captureStatements(app.db, () => fetch(url, { method, headers, body: bodies[1 % bodies.length] }).then((r) => r.text()));
    log(`  ${endpoint.name}: ${statements.length} statements`);
    const [appRun] = await measureSides(loader, [{ url, headers, requests: bodies.map((body) => ({ path: paths[0], method, body })) }], endpoint.name);
    await endpoint.undo?.(app.db);
    return { name: endpoint.name, url: paths[0], status: 'measured', write: true, statements: statements.length, sql: statements.map((st) => st.text), responseBytes: Buffer.byteLength(answer), app: appRun };
  }
  const variants: Variant[] = [];
  let rows: number | undefined;
  let bytes = 0;
  for (const path of paths) {
    const first = await warm(`${app.base}${path}`, headers, 3);
    if (first.status !== 200) return skipped(`HTTP ${first.status} on ${path}: ${first.body.slice(0, 120)}`);
    const { result: answer, statements } = await captureStatements(app.db, () => warm(`${app.base}${path}`, headers, 1));
    if (!answer.body.startsWith('{')) {
      // a file (the work-order PDF): the bare baseline cannot answer it, so the app side alone is measured
      log(`  ${endpoint.name}: ${statements.length} statements, ${Buffer.byteLength(answer.body)} bytes (not JSON: app only)`);
      const [appRun] = await measureSides(loader, [{ url, headers, requests: paths.map((p) => ({ path: p })) }], endpoint.name);
      return { name: endpoint.name, url: paths[0], status: 'measured', statements: statements.length, sql: statements.map((st) => st.text), responseBytes: Buffer.byteLength(answer.body), app: appRun };
    }
    const parsed: unknown = JSON.parse(answer.body);
    variants.push({ statements, answer: parsed, splice: await sqlShape(baselines.runner, statements, parsed) });
    rows ??= rowsOf(answer.body);
    bytes += Buffer.byteLength(answer.body);
  }
  const sides: Side[] = [{ url, headers, requests: paths.map((path) => ({ path })) }];
  const basePaths = paths.map((_, i) => ({ path: `/${i}` }));
  for (const server of [baselines.server, baselines.raw?.server]) {
    if (!server) continue;
    server.use(variants);
    const check = await warm(`${server.url}/0`, {}, 3);
    if (check.status !== 200) return skipped(`baseline HTTP ${check.status}: ${check.body.slice(0, 200)}`);
    sides.push({ url: `${server.url}/0`, headers: {}, requests: basePaths });
  }
  const statements = variants[0].statements;
  log(`  ${endpoint.name}: ${paths.length} variants, ${statements.length} statements, ${rows ?? '?'} rows${variants.some((v) => v.splice) ? ' (JSON built in SQL)' : ''}`);
  const [appRun, baseRun, rawRun] = await measureSides(loader, sides, endpoint.name);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  return {
    name: endpoint.name,
    url: paths[0],
    variants: paths.length,
    list: endpoint.list,
    status: 'measured',
    statements: statements.length,
    sql: statements.map((st) => st.text),
    params: statements.map((st) => st.params),
    rows,
    responseBytes: Math.round(bytes / paths.length),
    app: appRun,
    baseline: baseRun,
    raw: rawRun,
    ratio: { p50: ratio(appRun.p50, baseRun.p50), rps: ratio(appRun.rps, baseRun.rps), cpu: ratio(appRun.cpuMsPerRequest, baseRun.cpuMsPerRequest) },
    ...(rawRun ? { workerRatio: ratio(baseRun.rps, rawRun.rps) } : {}),
  };
}

/**
 * The loads light requests are probed under: a searched list over every plan, the two largest unpaged lists (2,274
 * plans of a season and 1,282 lots at 1M rows, ~1 MB answers), which run through the heavy-work gate, and the
 * work-order PDF, laid out on a worker thread (decision 0043). BENCH_STALL_HEAVY (endpoint names, comma-separated)
 * probes others.
 */
const STALL_HEAVY = env.BENCH_STALL_HEAVY?.split(',') ?? ['fields/crops all+contains', 'seasons/plans?season_id', 'supplies/stocks/expired', 'work-orders/pdf (one order)'];

/**
 * How long a light request waits while a heavy one is under load: `GET health` (liveness from process state, so
 * what the event loop and the CPUs left to this process feel) and the OpenAPI document (no SQL, ~2 ms of work). With
 * PGlite on the main thread both waited for every statement; in its worker only the first should.
 */
async function stallProbe(loader: LoadGenerator, base: string, token: string, ctx: EndpointContext, heavyName: string): Promise<StallProbe | undefined> {
  const heavy = ENDPOINTS.find((e) => e.name === heavyName);
  const rel = heavy && variantsOf(heavy.path(ctx) ?? [])[0];
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
    { LOG_LEVEL: env.BENCH_LOG_LEVEL ?? 'silent', FM_SEED_DEMO: 'false', FM_DATA_DIR: target.dataDir, DB_POOL_MAX: env.BENCH_POOL_MAX, DB_HEAVY_MAX: env.BENCH_HEAVY_MAX, AUTH_CACHE_MS: env.BENCH_AUTH_CACHE_MS },
    { DATABASE_URL: target.databaseUrl },
  );
  const { database } = await prepareDatabase(config);
  let runner: Runner | undefined;
  let loader: LoadGenerator | undefined;
  let baseline: Baseline | undefined;
  let raw: Baselines['raw'];
  const app = await buildApp(config, { database, jwtSecret: randomBytes(32).toString('hex') });
  try {
    log(`Generating one workspace (scale ${SCALE}) ...`);
    const genLoop = startLoopSampler();
    // bulk inserts may run longer than a request: no statement timeout for them
    const gen = env.BENCH_REUSE_DB ? await generatedBefore(database.db) : await database.setup((db) => generateWorkspace(db, { scale: scaleBy(SCALE), log }));
    const genBlock = genLoop.stop();
    await app.listen({ host: '127.0.0.1', port: PORT });
    // the periodic jobs' first run (lot expiry over every stock, ...) would fall into the captures and the first measurements
    await firstRunsSettled(app);
    const { token } = await app.tokens.sign(gen.ownerId, gen.workspaceId);
    // a member with read permission on every module (the generator's members): the guard's per-module path
    const { token: memberToken } = await app.tokens.sign(gen.memberIds[0], gen.workspaceId);
    runner = database.kind === 'postgres' && target.databaseUrl ? pgRunner(target.databaseUrl, config.DB_POOL_MAX, env.BENCH_BARE_PREPARED === '1') : pgliteRunner(database.db);
    baseline = await startBaseline(runner, PORT + 1);
    if (database.kind === 'pglite' && database.dump && env.BENCH_RAW !== '0') {
      log('Loading a raw in-process PGlite from a dump (the worker-hop baseline) ...');
      const rawRunner = await rawPgliteRunner(await database.dump());
      raw = { runner: rawRunner, server: await startBaseline(rawRunner, PORT + 2) };
    }
    loader = startLoadGenerator();
    const ctx = await endpointContext(database.db, gen.workspaceId);
    const report: BenchReport = {
      date: new Date().toISOString(),
      machine: machine(),
      database: target.label,
      baseline: `node:http + ${runner.kind}, replaying each variant's captured SQL and answering its answer re-serialised${raw ? `; and the same on ${raw.runner.kind}` : ''}`,
      settings: { durationSeconds: DURATION, rounds: ROUNDS, warmupSeconds: WARMUP, connections: CONNECTIONS, scale: SCALE },
      loadAverageAtStart: loadavg().map((v) => Number(v.toFixed(2))),
      ticksAtStart: cpuTicks(),
      generation: { totalMs: gen.totalMs, tables: gen.report, loopMaxMs: genBlock.max },
      endpoints: [],
    };
    log(`Generated in ${(gen.totalMs / 1000).toFixed(1)} s (longest event-loop block ${genBlock.max.toFixed(0)} ms)`);
    log(`Load: ${CONNECTIONS} connections, ${DURATION} s per side in ${ROUNDS} alternating rounds, app on :${PORT}, baseline on :${PORT + 1}`);
    const appInfo: Bench = { db: database.db, base: `http://127.0.0.1:${PORT}`, routes: app.routeTable, tokens: { owner: token, member: memberToken } };
    for (const endpoint of ENDPOINTS.filter((e) => !ONLY || ONLY.split(',').some((part) => e.name.includes(part)))) {
      report.endpoints.push(await benchEndpoint(appInfo, { runner, server: baseline, raw }, loader, ctx, endpoint));
    }
    if (database.kind === 'pglite') report.prepared = await preparedOnPglite(database.db);
    if (env.BENCH_PROBE !== '0') {
      report.stalls = [];
      for (const heavy of STALL_HEAVY.filter((name) => ENDPOINTS.some((e) => e.name === name && isRegistered(app.routeTable, e.route)))) {
        log(`  stall probe: health and the OpenAPI document alone, then while ${heavy} is loaded`);
        const probed = await stallProbe(loader, appInfo.base, token, ctx, heavy);
        if (probed) report.stalls.push(probed);
      }
    }
    if (env.BENCH_PROBE !== '0' && isRegistered(app.routeTable, '/fm/v1/fields/boundary', 'POST')) {
      log('  hostile upload probe: health alone, then while hostile KMZ uploads are parsed');
      report.hostileUpload = await hostileUploadProbe(loader, appInfo.base, token);
    }
    const bulk: BulkImportResult[] = [];
    if (env.BENCH_PROBE !== '0' && isRegistered(app.routeTable, '/fm/v1/grains/movements/import', 'POST')) {
      for (const rows of (env.BENCH_BULK_ROWS ?? '10000,100000').split(',').map(Number).filter((n) => n > 0)) {
        log(`  bulk load probe: ${rows} rows`);
        const result = await bulkImportProbe(database.db, appInfo.base, token, gen.workspaceId, rows);
        if (result) bulk.push(result);
        else log('  (no plan with plots, Acopio and transport in the generated workspace: skipped)');
      }
      report.bulkImport = bulk;
    }
    if ((env.BENCH_WEB ?? (ONLY ? '0' : '1')) === '1') report.web = await measureWeb(Number(env.BENCH_WEB_RUNS ?? 3), log);
    report.loadAverageAtEnd = loadavg().map((v) => Number(v.toFixed(2)));
    log('');
    log(`${report.database} — ${report.machine.cpus} CPUs ${report.machine.cpuModel}, Node ${report.machine.node}`);
    log(`Load average (1/5/15 min) at start ${report.loadAverageAtStart.join(' ')}, at end ${report.loadAverageAtEnd.join(' ')}`);
    const stolen = stealPercent(report.ticksAtStart, cpuTicks());
    if (stolen !== undefined) log(`CPU stolen by the hypervisor over the run: ${stolen.toFixed(1)} % (above a few percent, absolute figures are not comparable between runs)`);
    log(formatGeneration(report));
    log('');
    log('Latency in ms over 2xx answers; req/s = 2xx answers per second; a/b = app/baseline; CPU ms/req = server-process CPU per answer');
    log('(with PGlite that includes the database); loop max = longest event-loop block in the server process, ms.');
    log(formatEndpoints(report));
    if (report.prepared) log(`PGlite keeps ${report.prepared.statements} named statements, ${report.prepared.planMb.toFixed(1)} MB of cached plans (decision 0040).`);
    if (report.stalls?.length) log(`\n${formatStalls(report)}`);
    log(`\n${formatTargets(report)}`);
    if (report.hostileUpload) log(`\n${formatHostileUpload(report)}`);
    if (bulk.length) log(`\n${formatBulkImport(bulk)}`);
    mkdirSync(resultsDir, { recursive: true });
    const file = path.join(resultsDir, 'latest.json');
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    log(`\nWrote ${path.relative(process.cwd(), file)} — total ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    loader?.close();
    await baseline?.close();
    await raw?.server.close();
    await raw?.runner.close();
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
