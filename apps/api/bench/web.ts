import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Issue 8's web figures, taken by the repository's own scripts on the current build (apps/web/dist): the login
 * page's initial JS (`bundle-size.mjs`) and Lighthouse's desktop preset on login and home (`lighthouse.mjs`, Debian's
 * Chromium, a server of its own on a temporary embedded database with the demo account).
 */
export type LighthousePage = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number; consoleErrors: number };
export type WebReport =
  | { measured: true; runs: number; loginJs: { gzipKb: number; files: number }; lighthouse: Record<string, LighthousePage> }
  | { measured: false; reason: string };

const run = promisify(execFile);
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function measureWeb(runs: number, log: (line: string) => void): Promise<WebReport> {
  if (!existsSync(path.join(webDir, 'dist/.vite/manifest.json'))) return { measured: false, reason: 'no build: run `npm run build` first' };
  if (!existsSync(CHROMIUM)) return { measured: false, reason: `no Chromium at ${CHROMIUM} (bash scripts/ensure-chromium.sh)` };
  const size = await run(process.execPath, [path.join(webDir, 'scripts/bundle-size.mjs'), '--json']).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  const { login } = JSON.parse(size.stdout) as { login: { gzipKb: number; files: number } };
  const dir = mkdtempSync(path.join(tmpdir(), 'fm-bench-web-'));
  const out = path.join(dir, 'lighthouse.json');
  try {
    log(`  web: Lighthouse, ${runs} runs a page (a server of its own, demo data) ...`);
    // the script exits 1 when a score is under 98: its figures are still what is reported
    await run(process.execPath, [path.join(webDir, 'scripts/lighthouse.mjs'), '--runs', String(runs), '--json', out], { cwd: webDir, timeout: 15 * 60_000 }).catch((e: Error) => {
      if (!existsSync(out)) throw e;
    });
    const pages = JSON.parse(readFileSync(out, 'utf8')) as Record<string, LighthousePage & { runs?: unknown }>;
    const lighthouse = Object.fromEntries(Object.entries(pages).map(([name, { runs: _runs, ...page }]) => [name, page]));
    return { measured: true, runs, loginJs: { gzipKb: login.gzipKb, files: login.files }, lighthouse };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Rows of the targets table: [figure, measured, target, met]. */
export function webTargetRows(web: WebReport | undefined, pass: (ok: boolean) => string): string[][] {
  if (!web) return [];
  if (!web.measured) return [['web: login JS and Lighthouse', `not measured (${web.reason})`, '', '']];
  const rows = [['login page initial JS, gzip', `${web.loginJs.gzipKb.toFixed(1)} kB in ${web.loginJs.files} files`, '≤ 150 kB', pass(web.loginJs.gzipKb <= 150)]];
  for (const [name, p] of Object.entries(web.lighthouse)) {
    const detail = `${p.performance} / ${p.accessibility} (LCP ${p.lcpMs} ms, TBT ${p.tbtMs} ms, console errors ${p.consoleErrors})`;
    rows.push([`Lighthouse ${name}: performance / accessibility (median of ${web.runs})`, detail, '≥ 98 / ≥ 98', pass(p.performance >= 98 && p.accessibility >= 98)]);
  }
  return rows;
}
