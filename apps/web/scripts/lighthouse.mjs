#!/usr/bin/env node
/**
 * Lighthouse (desktop preset) on the sign-in page and on home signed in as the demo account, against the built
 * app served by the API on a temporary data dir (demo data seeded). Three runs per page, cold cache each time;
 * prints the median performance and accessibility scores, and with --verbose the audits that lost points.
 * Run `npm run build` first.
 *
 *   node apps/web/scripts/lighthouse.mjs [--runs 3] [--verbose] [--json out.json] [--reports dir] [--only home]
 *
 * --reports writes each run's full Lighthouse report (<page>-<n>.json) for a closer look (requests, LCP element,
 * main-thread tasks).
 *
 * Env: CHROMIUM_PATH (/usr/bin/chromium, Debian's), FM_WEB_DIST (apps/web/dist), LH_BASE_URL (measure a server
 * already running instead of starting one; home then needs the demo account there).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dist = path.resolve(process.env.FM_WEB_DIST ?? path.join(here, '../dist'));
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const RUNS = Number(opt('--runs', 3));
const VERBOSE = args.includes('--verbose');
const JSON_OUT = opt('--json');
const REPORTS = opt('--reports');
const ONLY = opt('--only');
const DEMO = { email: 'demo@gestion-agro.local', password: 'demo1234' };
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startApi() {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`No hay build en ${dist}: corré npm run build`);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fm-lighthouse-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseURL, FM_DATA_DIR: dataDir, FM_WEB_DIST: dist, FM_SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó (código ${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`El servidor no respondió:\n${log}`);
    try {
      if ((await fetch(`${baseURL}/fm/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 800));
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the web keeps after signing in (src/session/session-store.ts startSession, Recordar on). */
async function demoSession(baseURL) {
  const res = await fetch(`${baseURL}/fm/v1/users/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  const body = await res.json();
  if (!res.ok) throw new Error(`No pude ingresar con la cuenta de demostración: ${res.status} ${body.message}`);
  const { workspace_id, ...rest } = body.data[0];
  const { workspaces, last_workspace_id } = rest.user;
  const picked = workspace_id ?? (workspaces.some((w) => w.workspace_id === last_workspace_id) ? last_workspace_id : (workspaces.find((w) => w.active) ?? workspaces[0])?.workspace_id);
  return { ...rest, addons: rest.addons ?? [], permission: rest.permission ?? [], flags: rest.flags ?? {}, workspaceId: picked ?? null, remember: true };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function lostPoints(lhr) {
  const out = [];
  for (const [id, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        out.push(`${id}: ${ref.id} (${audit.score}) ${audit.displayValue ?? ''} ${audit.title}`);
        // which elements (accessibility) or resources (performance) it is about
        for (const item of (audit.details?.items ?? []).slice(0, 6)) {
          const what = item.node ? `${item.node.selector} ${item.node.snippet?.slice(0, 120)} ${item.node.explanation?.split('\n')[1] ?? ''}` : (item.url ?? '');
          if (what) out.push(`    ${what}`);
        }
      }
    }
  }
  return out;
}

async function main() {
  const api = process.env.LH_BASE_URL ? { baseURL: process.env.LH_BASE_URL, stop: async () => {} } : await startApi();
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: FLAGS });
  const results = {};
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const session = await demoSession(api.baseURL);
    const pages = [
      { name: 'login', url: `${api.baseURL}/`, session: null },
      { name: 'home', url: `${api.baseURL}/home`, session },
    ].filter((p) => !ONLY || p.name === ONLY);
    for (const target of pages) {
      const runs = [];
      for (let i = 0, attempts = 0; i < RUNS; i++) {
        const page = await browser.newPage();
        const consoleErrors = [];
        page.on('console', (msg) => {
          if (msg.type() === 'error') consoleErrors.push(msg.text());
        });
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        // storage is set up here (signed in or not) and kept: Lighthouse's reset would sign the demo out
        await page.goto(`${api.baseURL}/favicon.svg`);
        await page.evaluate((s) => {
          localStorage.clear();
          sessionStorage.clear();
          if (s) localStorage.setItem('fm.session', JSON.stringify(s));
        }, target.session);
        const result = await lighthouse(
          target.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
          desktopConfig,
          page,
        );
        const lhr = result.lhr;
        if (lhr.runtimeError) {
          // NO_NAVSTART and similar trace failures are transient in headless Chromium: run that one again
          await page.close();
          if (++attempts > 3) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
          console.error(`  ${target.name} #${i + 1}: ${lhr.runtimeError.code}, se repite la corrida`);
          i--;
          continue;
        }
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          writeFileSync(path.join(REPORTS, `${target.name}-${i + 1}.json`), JSON.stringify(lhr));
        }
        const perf = Math.round(lhr.categories.performance.score * 100);
        const a11y = Math.round(lhr.categories.accessibility.score * 100);
        const m = (id) => lhr.audits[id]?.numericValue;
        runs.push({ perf, a11y, consoleErrors, fcp: m('first-contentful-paint'), lcp: m('largest-contentful-paint'), tbt: m('total-blocking-time'), cls: m('cumulative-layout-shift'), si: m('speed-index'), lost: lostPoints(lhr) });
        console.error(`  ${target.name} #${i + 1}: rendimiento ${perf}, accesibilidad ${a11y} (FCP ${Math.round(m('first-contentful-paint'))} ms, LCP ${Math.round(m('largest-contentful-paint'))} ms, TBT ${Math.round(m('total-blocking-time'))} ms, CLS ${m('cumulative-layout-shift').toFixed(3)})`);
        if (VERBOSE) for (const line of runs.at(-1).lost) console.error(`      ${line}`);
        for (const text of consoleErrors) console.error(`      error en la consola: ${text}`);
        await page.close();
      }
      results[target.name] = {
        performance: median(runs.map((r) => r.perf)),
        accessibility: median(runs.map((r) => r.a11y)),
        lcpMs: Math.round(median(runs.map((r) => r.lcp))),
        tbtMs: Math.round(median(runs.map((r) => r.tbt))),
        cls: median(runs.map((r) => r.cls)),
        consoleErrors: runs.reduce((n, r) => n + r.consoleErrors.length, 0),
        runs,
      };
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    await api.stop();
  }
  console.log(`Lighthouse ${RUNS} corridas, escritorio, Chromium de Debian (mediana):`);
  for (const [name, r] of Object.entries(results)) {
    console.log(`  ${name.padEnd(6)} rendimiento ${r.performance}  accesibilidad ${r.accessibility}  (LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls.toFixed(3)}, errores en la consola ${r.consoleErrors})`);
  }
  if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(results, null, 2));
  const ok = Object.values(results).every((r) => r.performance >= 98 && r.accessibility >= 98);
  console.log(ok ? 'OK: rendimiento y accesibilidad ≥ 98 en las dos páginas' : 'Por debajo de 98 en alguna página');
  process.exitCode = ok ? 0 : 1;
}

await main();
