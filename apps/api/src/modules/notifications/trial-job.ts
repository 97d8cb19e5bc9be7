import { and, eq, gt, lte, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PLAN, TRIAL_NOTICE } from '@fm/domain';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { notify } from './notify';
import { HOUR_MS, runPeriodically } from '../../jobs/periodic';
import { withAdvisoryLock } from '../../jobs/advisory-lock';

export { withAdvisoryLock };

/** Advisory-lock key of the job, so only one API instance runs it at a time (ARCHITECTURE §6). */
const LOCK_KEY = 724_001;

/**
 * Creates 'Tu prueba PRO vence en 3 días' (trial ends within 3 days) and 'Tu prueba PRO finalizó'
 * (trial ended), each once per user (dedupe key). Returns how many were created.
 */
export async function runTrialNotices(db: Executor, now: Date = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + TRIAL_NOTICE.endingDays * 86_400_000);
  const trial = and(eq(users.plan_id, PLAN.TRIAL), isNotNull(users.plan_end_date));
  const ending = await db.select({ user_id: users.user_id }).from(users).where(and(trial, gt(users.plan_end_date, now), lte(users.plan_end_date, soon)));
  const ended = await db.select({ user_id: users.user_id }).from(users).where(and(trial, lte(users.plan_end_date, now)));
  let created = 0;
  for (const u of ending) {
    const n = TRIAL_NOTICE.ending;
    if (await notify(db, u.user_id, { title: n.title, body: n.body, web: '/home', dedupeKey: n.key })) created += 1;
  }
  for (const u of ended) {
    const n = TRIAL_NOTICE.ended;
    if (await notify(db, u.user_id, { title: n.title, body: n.body, web: '/home', dedupeKey: n.key })) created += 1;
  }
  return created;
}

/** Starts the hourly trial-notice job (first run right after start); stops with the app. */
export function startTrialJob(app: FastifyInstance): void {
  runPeriodically(app, 'trial notices job', HOUR_MS, () => withAdvisoryLock(app.db, LOCK_KEY, (tx) => runTrialNotices(tx)));
}
