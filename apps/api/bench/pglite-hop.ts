/**
 * `npx tsx apps/api/bench/pglite-hop.ts`: what the worker hop costs. The same statements on PGlite in-process (raw)
 * and through PGliteHost (PGlite in its worker thread, as the app runs it), one caller and 10 concurrent callers:
 * light point reads, a 200-row read, and a mix where one caller runs a heavy aggregate while the others run light
 * reads (their p99 shows how long light statements wait behind heavy ones). Prints figures; passes or fails nothing.
 *
 * Each case alternates raw and host HOP_ROUNDS times (the machine's other load hits both alike) and prints the
 * medians. Env: HOP_SECONDS (measured seconds per run, 1), HOP_ROUNDS (3), HOP_ROWS (table rows, 100000).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { PGliteHost, type PGliteLike } from '../src/db/pglite-host';

const SECONDS = Number(process.env.HOP_SECONDS ?? 1);
const ROUNDS = Number(process.env.HOP_ROUNDS ?? 3);
const ROWS = Number(process.env.HOP_ROWS ?? 100_000);

type Client = Pick<PGliteLike, 'query' | 'exec'>;
type Op = (db: Client, i: number) => Promise<unknown>;

const SETUP = `
  create table t (id int primary key, name text not null, qty numeric(12,2) not null, at timestamptz not null default now());
  insert into t select g, 'nombre ' || g, g * 1.5, now() - (g || ' minutes')::interval from generate_series(1, ${ROWS}) g;
  analyze t;`;

const light: Op = (db, i) => db.query('select id, name, qty, at from t where id = $1', [1 + (i % ROWS)], { rowMode: 'array' });
const page: Op = (db, i) => db.query('select id, name, qty, at from t where id > $1 order by id limit 200', [i % (ROWS - 200)], { rowMode: 'array' });
// A work-order tab's shape: 40 rows, each one JSON text of ~4 KB built by the database (decision 0031)
const jsonPage: Op = (db, i) =>
  db.query(
    `select json_build_object('id', id, 'name', name, 'qty', qty, 'items', (select json_agg(json_build_object('n', g, 'label', name || ' ' || g, 'qty', qty * g)) from generate_series(1, 40) g))::text
       from t where id > $1 order by id limit 40`,
    [i % (ROWS - 40)],
    { rowMode: 'array' },
  );
const heavy: Op = (db) => db.query('select count(*), sum(qty) from t t1 where name like $1', ['%9%'], { rowMode: 'array' });

/** cpuUs: CPU time of the whole process (main thread and worker) per measured operation, in µs. */
type Result = { ops: number; opsPerSec: number; p50: number; p99: number; cpuUs: number };

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** `callers` loops of `op` for SECONDS; latencies of the callers whose index is in `measured` (default: all). */
async function run(db: Client, callers: number, opOf: (caller: number) => Op, measured?: (caller: number) => boolean): Promise<Result> {
  const until = performance.now() + SECONDS * 1000;
  const cpu0 = process.cpuUsage();
  const lat: number[] = [];
  let ops = 0;
  await Promise.all(
    Array.from({ length: callers }, async (_, c) => {
      const op = opOf(c);
      for (let i = c * 7919; performance.now() < until; i++) {
        const t0 = performance.now();
        await op(db, i);
        if (!measured || measured(c)) {
          lat.push(performance.now() - t0);
          ops += 1;
        }
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  lat.sort((a, b) => a - b);
  return { ops, opsPerSec: ops / SECONDS, p50: pct(lat, 50), p99: pct(lat, 99), cpuUs: (cpu.user + cpu.system) / Math.max(1, ops) };
}

const CASES: { name: string; callers: number; opOf: (c: number) => Op; measured?: (c: number) => boolean }[] = [
  { name: 'light, 1 caller', callers: 1, opOf: () => light },
  { name: 'light, 10 callers', callers: 10, opOf: () => light },
  { name: '200 rows, 1 caller', callers: 1, opOf: () => page },
  { name: '200 rows, 10 callers', callers: 10, opOf: () => page },
  { name: '40 JSON texts of ~4 KB, 1 caller', callers: 1, opOf: () => jsonPage },
  { name: '40 JSON texts of ~4 KB, 10 callers', callers: 10, opOf: () => jsonPage },
  { name: 'mix 7 light + 2 x 200 rows + 1 heavy (light measured)', callers: 10, opOf: (c) => (c === 0 ? heavy : c < 3 ? page : light), measured: (c) => c >= 3 },
];

async function main(): Promise<void> {
  const raw = new PGlite();
  await raw.exec(SETUP);
  const host = new PGliteHost({});
  await host.ready;
  await host.exec(SETUP);
  // warm both (WebAssembly tiers up, plans are cached)
  await run(raw, 4, () => light);
  await run(host, 4, () => light);
  const fmt = (n: number, d = 2) => n.toFixed(d).padStart(9);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const load = () => loadavg()[0].toFixed(1);
  console.log(`PGlite worker hop, ${ROWS} rows, ${ROUNDS} x ${SECONDS} s per side and case, load average ${load()} (${new Date().toISOString()})`);
  console.log(
    `${'case'.padEnd(56)} ${'raw ops/s'.padStart(9)} ${'host ops/s'.padStart(10)} ${'ratio'.padStart(6)}  raw p50/p99 ms   host p50/p99 ms  CPU µs/op raw/host (ratio raw÷host)`,
  );
  for (const c of CASES) {
    const rs: Result[] = [];
    const hs: Result[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rs.push(await run(raw, c.callers, c.opOf, c.measured));
      hs.push(await run(host, c.callers, c.opOf, c.measured));
    }
    const m = (xs: Result[], k: keyof Result) => median(xs.map((x) => x[k]));
    const ratio = median(rs.map((r, i) => hs[i].opsPerSec / r.opsPerSec));
    console.log(
      `${c.name.padEnd(56)} ${fmt(m(rs, 'opsPerSec'), 0)} ${fmt(m(hs, 'opsPerSec'), 0).padStart(10)} ${ratio.toFixed(2).padStart(6)}  ${fmt(m(rs, 'p50'), 3)}/${m(rs, 'p99').toFixed(3)}  ${fmt(m(hs, 'p50'), 3)}/${m(hs, 'p99').toFixed(3)}  ${fmt(m(rs, 'cpuUs'), 0)}/${m(hs, 'cpuUs').toFixed(0)} (${(m(rs, 'cpuUs') / m(hs, 'cpuUs')).toFixed(2)})`,
    );
  }
  console.log(`load average at the end ${load()}`);
  await raw.close();
  await host.close();
}

await main();
