import { GENERIC_ERROR } from '@fm/domain';
import { isApiError } from '../../api/errors';
import { synchronizeField } from './api';

export type PlotRef = { field_id: number; name: string };
export type PlotsSyncReport = { synced: number; total: number; failures: { name: string; message: string }[] };

/** Statuses after which the next plots would fail the same way: stop and report that one reason. */
const STOPS_ALL = new Set([403, 409, 502, 503, 510]);

/**
 * Pushes the plots one after another (POST onesoil/fields per plot, doc 2 §7), each plot once even when the order
 * names it twice. A plot's own problem (no boundary, gone) is reported and the rest go on; a problem of the account
 * or the service ends the run.
 */
export async function syncPlots(plots: readonly PlotRef[], push: (fieldId: number) => Promise<unknown> = synchronizeField): Promise<PlotsSyncReport> {
  const unique = [...new Map(plots.map((p) => [p.field_id, p])).values()];
  const report: PlotsSyncReport = { synced: 0, total: unique.length, failures: [] };
  for (const plot of unique) {
    try {
      await push(plot.field_id);
      report.synced += 1;
    } catch (err) {
      const message = isApiError(err) ? err.message : '';
      report.failures.push({ name: plot.name, message });
      if (!isApiError(err) || STOPS_ALL.has(err.status)) break;
    }
  }
  return report;
}

/** 'Se sincronizaron 2 de 3 lotes.' plus one line per failed plot. */
export function plotsSyncSummary(r: PlotsSyncReport): string {
  const head = r.total === 1 ? `Se sincronizó ${r.synced} de 1 lote.` : `Se sincronizaron ${r.synced} de ${r.total} lotes.`;
  return [head, ...r.failures.map((f) => `${f.name}: ${f.message || GENERIC_ERROR}`)].join('\n');
}
