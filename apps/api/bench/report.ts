import { cpus, totalmem } from 'node:os';
import type { CpuTicks } from './steal';
import type { LoadResult } from './load';
import { webTargetRows, type WebReport } from './web';
import type { TableReport } from './generate';

export type LoopDelay = { p99: number; max: number };

/**
 * One side's figures. cpuMsPerRequest = CPU time of the server process (user+system) per 2xx answer:
 * unlike latency it hardly moves when other jobs load the machine. With PGlite it includes the database.
 * stealPercent = the machine's CPU time the hypervisor stole during the side's slices (bench/steal.ts).
 */
export type SideResult = LoadResult & { loop: LoopDelay; cpuMsPerRequest: number; stealPercent?: number };

export type EndpointResult = {
  name: string;
  url: string;
  status: 'measured' | 'skipped';
  /** A POST: measured on the app alone (replaying its INSERTs would not do the same work). */
  write?: true;
  reason?: string;
  /** Statements per request (auth, guard and the endpoint's own). */
  statements?: number;
  /** The captured statements (texts), in order. */
  sql?: string[];
  /** The bound parameters of each statement (first variant), for replaying it outside the bench. */
  params?: unknown[][];
  /** Rows in the answer's data (first page for paged lists). */
  rows?: number;
  responseBytes?: number;
  /** Distinct requests each connection cycles (pages, filters, search terms). */
  variants?: number;
  list?: 'paged' | 'unpaged';
  app?: SideResult;
  baseline?: SideResult;
  /** The baseline on a raw in-process PGlite (PGlite runs only). */
  raw?: SideResult;
  /** PGlite: baseline through the worker ÷ baseline on the raw in-process PGlite, req/s. */
  workerRatio?: number;
  /** app/baseline: p50 and cpu above 1 = the app costs more; req/s below 1 = the app serves fewer. */
  ratio?: { p50: number; rps: number; cpu: number };
};

export type StallProbe = {
  heavy: string;
  alone: LoadResult;
  duringLoad: LoadResult;
  heavyRps: number;
  /** The same for a request without SQL (the OpenAPI document). */
  noSql?: { alone: LoadResult; duringLoad: LoadResult; heavyRps: number };
};

export type BenchReport = {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  database: string;
  baseline: string;
  settings: { durationSeconds: number; rounds: number; warmupSeconds: number; connections: number; scale: number };
  /** os.loadavg() (1, 5, 15 min): other work on the machine skews absolute figures. */
  loadAverageAtStart: number[];
  /** /proc/stat's CPU ticks when the run started (bench/steal.ts), for the steal over the whole run. */
  ticksAtStart?: CpuTicks;
  loadAverageAtEnd?: number[];
  generation: { totalMs: number; tables: TableReport[]; loopMaxMs: number };
  endpoints: EndpointResult[];
  /** PGlite: the named statements its one session keeps after the endpoints, and their cached plans (decision 0040). */
  prepared?: { statements: number; planMb: number };
  /** GET health on one connection, alone and while each heavy endpoint is loaded (how long light requests wait). */
  stalls?: StallProbe[];
  /** GET health on one connection, alone and while hostile KMZ uploads keep the parse worker busy. */
  bulkImport?: import('./bulk-import').BulkImportResult[];
  hostileUpload?: { alone: LoadResult; duringUploads: LoadResult; uploads: number; uploadBytes: number; loopMaxMs: number };
  /** The login page's initial JS and Lighthouse on login and home (bench/web.ts). */
  web?: WebReport;
};

export function machine(): BenchReport['machine'] {
  const list = cpus();
  return { cpus: list.length, cpuModel: list[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version };
}

const f1 = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const fx = (n: number) => `${n.toFixed(2)}x`;
const pct = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(1));

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...rows.map(line)].join('\n');
}

export function formatGeneration(r: BenchReport): string {
  const rows = r.generation.tables.map((t) => [t.table, String(t.rows), String(t.ms), t.ms > 0 ? String(Math.round((t.rows * 1000) / t.ms)) : '']);
  return table(['table', 'rows', 'ms', 'rows/s'], rows);
}

/** The figures as a fixed-width table: latencies in ms, throughput in 2xx responses per second. */
export function formatEndpoints(r: BenchReport): string {
  const head = ['endpoint', 'rows', 'SQL', 'app p50', 'p95', 'p99', 'req/s', 'base p50', 'p95', 'p99', 'req/s', 'p50 a/b', 'req/s a/b', 'CPU ms/req a|b', 'CPU a/b', 'loop max a|b', 'steal % a|b'];
  const rows = r.endpoints.flatMap((e) => {
    if (e.status === 'skipped' || !e.app) return [];
    const a = e.app;
    const none = { p50: 0, p95: 0, p99: 0, rps: 0, cpuMsPerRequest: 0, loop: { p99: 0, max: 0 } };
    const b = e.baseline ?? { ...a, ...none };
    if (!e.baseline || !e.ratio) {
      return [[e.name, '', String(e.statements ?? ''), f1(a.p50), f1(a.p95), f1(a.p99), f1(a.rps), 'n/a', '', '', '', '', '', `${a.cpuMsPerRequest.toFixed(2)}|`, '', `${f1(a.loop.max)}|`, `${pct(a.stealPercent)}|`]];
    }
    const cells = [
      e.name,
      String(e.rows ?? ''),
      String(e.statements ?? ''),
      f1(a.p50),
      f1(a.p95),
      f1(a.p99),
      f1(a.rps),
      f1(b.p50),
      f1(b.p95),
      f1(b.p99),
      f1(b.rps),
      fx(e.ratio.p50),
      fx(e.ratio.rps),
      `${a.cpuMsPerRequest.toFixed(2)}|${b.cpuMsPerRequest.toFixed(2)}`,
      fx(e.ratio.cpu),
      `${f1(a.loop.max)}|${f1(b.loop.max)}`,
      `${pct(a.stealPercent)}|${pct(b.stealPercent)}`,
    ];
    return [cells];
  });
  const skipped = r.endpoints.filter((e) => e.status === 'skipped').map((e) => `skipped: ${e.name} (${e.reason ?? ''})`);
  return [table(head, rows), ...skipped].join('\n');
}

const row = (label: string, x: LoadResult) => [label, f1(x.p50), f1(x.p95), f1(x.p99), f1(x.max), String(x.ok)];

const pass = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/** The issue-8 table: each figure beside its target. */
export function formatTargets(r: BenchReport): string {
  const measured = r.endpoints.filter((e) => e.status === 'measured' && e.app);
  const rows: string[][] = [];
  for (const e of measured.filter((x) => x.list && x.ratio)) {
    const ratio = e.ratio?.rps ?? 0;
    const p99 = e.app?.p99 ?? 0;
    // an endpoint that answered nothing in its windows has no percentiles to meet a target with
    const answered = (e.app?.ok ?? 0) > 0;
    rows.push([`${e.name}: req/s app ÷ bare`, fx(ratio), '≥ 0.85x', pass(ratio >= 0.85)]);
    rows.push([`${e.name}: p50 / p95 / p99 ms (${r.settings.connections} conn.)`, `${f1(e.app?.p50 ?? 0)} / ${f1(e.app?.p95 ?? 0)} / ${f1(p99)}`, e.list === 'paged' ? 'p99 ≤ 20' : '-', e.list === 'paged' ? pass(answered && p99 <= 20) : '']);
  }
  for (const s of r.stalls ?? []) rows.push([`health p99 while ${s.heavy} is loaded`, `${f1(s.duringLoad.p99)} ms`, '≤ 20 ms', pass(s.duringLoad.p99 <= 20)]);
  for (const e of measured.filter((x) => x.name.startsWith('users/auth?renew'))) {
    rows.push([`${e.name}: statements, req/s app ÷ bare`, `${e.statements ?? '?'}, ${fx(e.ratio?.rps ?? 0)}`, '≤ 3', pass((e.statements ?? 99) <= 3)]);
  }
  for (const e of measured.filter((x) => !x.baseline)) rows.push([`${e.name} (${e.write ? 'write, ' : ''}app only)`, `p50 ${f1(e.app?.p50 ?? 0)} / p99 ${f1(e.app?.p99 ?? 0)} ms, ${f1(e.app?.rps ?? 0)} req/s`, '-', '']);
  const worker = measured.filter((x) => x.workerRatio !== undefined);
  if (worker.length) {
    const ratios = worker.map((x) => x.workerRatio ?? 0);
    rows.push(['PGlite worker ÷ raw in-process PGlite (bare req/s)', `${fx(Math.min(...ratios))}–${fx(Math.max(...ratios))}`, '≥ 0.85x', pass(Math.min(...ratios) >= 0.85)]);
    for (const e of worker) rows.push([`  ${e.name}`, fx(e.workerRatio ?? 0), '', '']);
  }
  rows.push(...webTargetRows(r.web, pass));
  return table(['issue 8 figure', 'measured', 'target', ''], rows);
}

export function formatHostileUpload(r: BenchReport): string {
  const h = r.hostileUpload;
  if (!h) return '';
  const during = `while a hostile KMZ is parsed (${(h.uploadBytes / 1e6).toFixed(1)} MB, ${h.uploads} answered, loop max ${f1(h.loopMaxMs)} ms)`;
  return table(['GET health (no SQL: process state), 1 connection', 'p50', 'p95', 'p99', 'max', 'answers'], [row('alone', h.alone), row(during, h.duringUploads)]);
}

export function formatStalls(r: BenchReport): string {
  const parts: string[] = [];
  for (const s of r.stalls ?? []) {
    const during = (heavyRps: number) => `while ${s.heavy} runs (${r.settings.connections} conn., ${f1(heavyRps)} req/s)`;
    parts.push(table(['GET health (no SQL: process state), 1 connection', 'p50', 'p95', 'p99', 'max', 'answers'], [row('alone', s.alone), row(during(s.heavyRps), s.duringLoad)]));
    if (s.noSql) {
      parts.push(table(['GET docs/json (no SQL), 1 connection', 'p50', 'p95', 'p99', 'max', 'answers'], [row('alone', s.noSql.alone), row(during(s.noSql.heavyRps), s.noSql.duringLoad)]));
    }
  }
  return parts.join('\n\n');
}
