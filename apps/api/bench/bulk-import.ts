import { performance } from 'node:perf_hooks';
import { BULK_COLUMNS, BULK_SAVE_CHUNK, bulkMovementBody, type BulkMovement } from '@fm/domain';
import type { Db } from '../src/db/client';
import { loadBulkChoices, planLabel } from '../src/modules/grains/bulk/bulk-lookups';
import { templateXlsx } from '../src/modules/grains/bulk/bulk-template';
import { multipartFile } from '../src/modules/land/land.test-helpers';

export type BulkImportResult = { rows: number; fileBytes: number; checkMs: number; peakRssMb: number; rssBeforeMb: number; saveMs: number; saved: number; errors: number };

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** A completed template of `rows` movements from the workspace's first plan, its plots, an Acopio and a transport. */
async function filledTemplate(db: Db, workspaceId: number, rows: number): Promise<Uint8Array | undefined> {
  const c = await loadBulkChoices(db, workspaceId);
  const plan = c.plans.find((p) => c.plots.some((x) => x.season_plan_id === p.season_plan_id) && p.company_type_id !== 2);
  const plots = c.plots.filter((x) => x.season_plan_id === plan?.season_plan_id);
  if (!plan || !plots.length || !c.acopios.length || !c.transports.length) return undefined;
  const data = Array.from({ length: rows }, (_, i) => {
    const cells: Record<string, string> = {
      farm: planLabel(plan),
      plot: plots[i % plots.length].name,
      destination: c.acopios[i % c.acopios.length].name,
      date: `${String((i % 28) + 1).padStart(2, '0')}/04/2026`,
      transport: c.transports[0].name,
      waybill: `CP-${i + 1}`,
      tons: `${28 + (i % 5)},${String(i % 1000).padStart(3, '0')}`,
      humidity: '13,5',
      price_usd: '18',
    };
    return BULK_COLUMNS.map((col) => cells[col.key] ?? '');
  });
  return templateXlsx({ farms: [], plots: [], destinations: [], transports: [], drivers: [], partners: [] }, data);
}

/**
 * Bulk load at volume (issue 11 acceptance): an .xlsx of `rows` movements is checked through POST
 * grains/movements/import (time and the server process's peak RSS while the worker reads it), then saved through
 * POST grains/movements in parts of 10.000 (one transaction each).
 */
export async function bulkImportProbe(db: Db, base: string, token: string, workspaceId: number, rows: number): Promise<BulkImportResult | undefined> {
  const file = await filledTemplate(db, workspaceId, rows);
  if (!file) return undefined;
  const { payload, headers } = multipartFile('carga.xlsx', file);
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const q = `workspace_id=${workspaceId}&workspace=true`;
  const auth = { authorization: `Bearer ${token}` };
  let t = performance.now();
  const res = await fetch(`${base}/fm/v1/grains/movements/import?${q}`, { method: 'POST', body: payload, headers: { ...headers, ...auth } });
  const body = (await res.json()) as { data?: { movements: BulkMovement[]; errors: unknown[] }[]; message?: string };
  const checkMs = performance.now() - t;
  clearInterval(sampler);
  const checked = body.data?.[0];
  if (!res.ok || !checked) throw new Error(`import ${rows}: ${res.status} ${body.message ?? ''}`);
  t = performance.now();
  let saved = 0;
  for (let at = 0; at < checked.movements.length; at += BULK_SAVE_CHUNK) {
    const part = checked.movements.slice(at, at + BULK_SAVE_CHUNK).map(bulkMovementBody);
    const s = await fetch(`${base}/fm/v1/grains/movements?${q}`, { method: 'POST', body: JSON.stringify({ movements: part }), headers: { 'content-type': 'application/json', ...auth } });
    if (!s.ok) throw new Error(`save ${rows}: ${s.status} ${await s.text()}`);
    saved += part.length;
  }
  return { rows, fileBytes: file.byteLength, checkMs, peakRssMb: mb(peak), rssBeforeMb: mb(rssBefore), saveMs: performance.now() - t, saved, errors: checked.errors.length };
}

export function formatBulkImport(results: BulkImportResult[]): string {
  const lines = ['Bulk load of grain movements (.xlsx): POST grains/movements/import, then POST grains/movements in parts of 10.000'];
  lines.push('  rows      file MB   check s   RSS before→peak MB   save s   saved   error columns');
  for (const r of results) {
    lines.push(
      `  ${String(r.rows).padEnd(9)} ${(r.fileBytes / 1024 / 1024).toFixed(1).padStart(7)}   ${(r.checkMs / 1000).toFixed(2).padStart(7)}   ${`${r.rssBeforeMb}→${r.peakRssMb}`.padStart(18)}   ${(r.saveMs / 1000).toFixed(2).padStart(6)}   ${String(r.saved).padStart(5)}   ${r.errors}`,
    );
  }
  return lines.join('\n');
}
