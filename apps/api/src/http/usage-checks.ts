import type { Executor } from '../db/client';
import { conflict } from './errors';

/**
 * "Deleting something other records use is refused with 409 and a Spanish message naming what
 * uses it" (team rule). A module that references a resource registers ONE check at load time:
 *
 *   registerUsageCheck('transports', async (db, id) => {
 *     const n = await countMovementsOfTransport(db, id);
 *     return n ? `tiene ${n} movimientos de granos` : null;
 *   });
 *
 * The check returns the reason (Spanish, lower case, completing "No se puede eliminar el X: ...")
 * or null. The deleting service calls `assertUnused(tx, type, id, 'el transporte', viewer)` inside
 * its transaction before deleting. An account resource may be used in workspaces the caller cannot
 * see: a check names only what lies in the viewer's workspace and counts the rest
 * ("y 2 planes de campaña de otros espacios de trabajo"), unless the viewer sees the whole account.
 */
export type UsageViewer = { workspaceId: number; wholeAccount: boolean };
export type UsageCheck = (db: Executor, id: number, viewer: UsageViewer) => Promise<string | null>;

const checks = new Map<string, UsageCheck[]>();

/** Entity type = the resource's table name ('transports', 'buyers', 'farms', 'carriers', ...). */
export function registerUsageCheck(entityType: string, check: UsageCheck): void {
  checks.set(entityType, [...(checks.get(entityType) ?? []), check]);
}

/** Reasons why the record cannot be deleted (empty when nothing uses it). */
export async function usagesOf(db: Executor, entityType: string, id: number, viewer: UsageViewer): Promise<string[]> {
  const reasons: string[] = [];
  for (const check of checks.get(entityType) ?? []) {
    const reason = await check(db, id, viewer);
    if (reason) reasons.push(reason);
  }
  return reasons;
}

/** Throws 409 'No se puede eliminar <what>: <reasons>' when anything uses the record. */
export async function assertUnused(db: Executor, entityType: string, id: number, what: string, viewer: UsageViewer): Promise<void> {
  const reasons = await usagesOf(db, entityType, id, viewer);
  if (reasons.length) throw conflict(`No se puede eliminar ${what}: ${reasons.join('; ')}`);
}

/** "1 chofer" / "2 choferes". */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** A record that uses the one being deleted: its name, and whether it lies in the viewer's workspace. */
export type Use = { name: string; inViewerWorkspace: boolean };
export type NamedUses = { names: string[]; others: number };

/** The names the viewer may see (at most `limit`) and how many uses lie where they cannot look. */
export function namedFor(viewer: UsageViewer, uses: Use[], limit = 3): NamedUses {
  const seen = uses.filter((u) => viewer.wholeAccount || u.inViewerWorkspace);
  return { names: seen.slice(0, limit).map((u) => u.name), others: uses.length - seen.length };
}

/** "2 planes de campaña de otros espacios de trabajo": uses counted without naming them. */
export function elsewhere(n: number, singular: string, plural: string): string {
  return `${countOf(n, singular, plural)} de ${n === 1 ? 'otro espacio' : 'otros espacios'} de trabajo`;
}

/** The viewer of a request's resource scope (http/resource-scope.ts). */
export const viewerOf = (scope: { kind: 'account' | 'workspace'; workspaceId: number }): UsageViewer => ({ workspaceId: scope.workspaceId, wholeAccount: scope.kind === 'account' });
