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
 * or null. The deleting service calls `assertUnused(tx, type, id, 'el transporte')` inside its
 * transaction before deleting.
 */
export type UsageCheck = (db: Executor, id: number) => Promise<string | null>;

const checks = new Map<string, UsageCheck[]>();

/** Entity type = the resource's table name ('transports', 'buyers', 'farms', 'carriers', ...). */
export function registerUsageCheck(entityType: string, check: UsageCheck): void {
  checks.set(entityType, [...(checks.get(entityType) ?? []), check]);
}

/** Reasons why the record cannot be deleted (empty when nothing uses it). */
export async function usagesOf(db: Executor, entityType: string, id: number): Promise<string[]> {
  const reasons: string[] = [];
  for (const check of checks.get(entityType) ?? []) {
    const reason = await check(db, id);
    if (reason) reasons.push(reason);
  }
  return reasons;
}

/** Throws 409 'No se puede eliminar <what>: <reasons>' when anything uses the record. */
export async function assertUnused(db: Executor, entityType: string, id: number, what: string): Promise<void> {
  const reasons = await usagesOf(db, entityType, id);
  if (reasons.length) throw conflict(`No se puede eliminar ${what}: ${reasons.join('; ')}`);
}

/** "1 chofer" / "2 choferes". */
export function countOf(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
