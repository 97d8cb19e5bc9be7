import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';

/**
 * Runs `job` in one transaction holding a transaction-level advisory lock, so only one instance runs it
 * (a session lock could be taken and released on different pooled connections). false when another holds it.
 */
export async function withAdvisoryLock(db: Db, key: number, job: (tx: Executor) => Promise<unknown>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows) as { locked: boolean }[];
    if (!list[0]?.locked) return false;
    await job(tx);
    return true;
  });
}
