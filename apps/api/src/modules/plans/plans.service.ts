import { and, eq, lt, sql } from 'drizzle-orm';
import {
  ADDON_ID,
  ALL_ADDONS,
  PLAN,
  REPORT_ADDONS,
  TRIAL_DAYS,
  TRIAL_RENEW_MSG,
  daysLeft,
  includedCapacity,
  type PlanAddon,
  type PlanInfoPayload,
} from '@fm/domain';
import type { Executor } from '../../db/client';
import { userAddons, users } from '../../db/schema/index';
import { AppError } from '../../http/errors';

/** Add-on as the session and GET users/plan return it; `quantity` = included in the plan + purchased. */
export type AddonInfo = PlanAddon;
export type PlanInfo = { plan_id: number; end_date: string | null; days_left: number; trial_expired: boolean };

/** Counts what an account uses of a capacity add-on; modules register their counters (users, companies, ...). */
export type UsageCounter = (db: Executor, userId: number) => Promise<number>;
const usageCounters = new Map<number, UsageCounter>();
export function registerUsageCounter(addonId: number, counter: UsageCounter): void {
  usageCounters.set(addonId, counter);
}

export async function planOf(db: Executor, userId: number): Promise<PlanInfo> {
  const [u] = await db.select({ plan_id: users.plan_id, end: users.plan_end_date }).from(users).where(eq(users.user_id, userId));
  const end = u?.end ?? null;
  return {
    plan_id: u?.plan_id ?? PLAN.FREE,
    end_date: end ? end.toISOString() : null,
    days_left: daysLeft(end),
    trial_expired: u?.plan_id === PLAN.TRIAL && end !== null && end.getTime() < Date.now(),
  };
}

/**
 * Every add-on of the account: purchased quantity plus what the plan includes (users, companies),
 * used from the registered counters, available = quantity − used (never below 0).
 */
export async function addonsOf(db: Executor, userId: number, plan?: PlanInfo): Promise<AddonInfo[]> {
  const p = plan ?? (await planOf(db, userId));
  const rows = await db.select().from(userAddons).where(eq(userAddons.user_id, userId));
  const qty = new Map(rows.map((r) => [r.addon_id, r.quantity]));
  return Promise.all(
    ALL_ADDONS.map(async (a) => {
      const included = includedCapacity(p.plan_id, a.addon_id, p.trial_expired);
      const quantity = (qty.get(a.addon_id) ?? 0) + included;
      const counter = usageCounters.get(a.addon_id);
      const used = counter ? await counter(db, userId) : 0;
      return { addon_id: a.addon_id, name: a.name, quantity, included, used, available: Math.max(0, quantity - used) };
    }),
  );
}

/** GET users/plan: plan, days left, add-ons (hectares apart, report add-ons as report_permissions). */
export async function planInfo(db: Executor, userId: number): Promise<PlanInfoPayload> {
  const plan = await planOf(db, userId);
  const all = await addonsOf(db, userId, plan);
  const reportIds = new Set(REPORT_ADDONS.map((r) => r.addon_id));
  const allReports = (all.find((a) => a.addon_id === ADDON_ID.REPORTS)?.quantity ?? 0) > 0;
  return {
    plan: { plan_id: plan.plan_id, end_date: plan.end_date },
    days_left: plan.days_left,
    trial_expired: plan.trial_expired,
    addons: all.filter((a) => a.addon_id !== ADDON_ID.HECTARES && !reportIds.has(a.addon_id)),
    hectares: all.find((a) => a.addon_id === ADDON_ID.HECTARES) ?? null,
    report_permissions: REPORT_ADDONS.map((r) => ({
      name: r.name,
      slug: r.slug,
      available: allReports || (all.find((a) => a.addon_id === r.addon_id)?.quantity ?? 0) > 0,
    })),
  };
}

/**
 * Refuses (409 with `message`) when the account already uses all the capacity of a capacity add-on
 * (plan's included amount + purchased quantity). Call it inside the creating transaction, before the insert,
 * e.g. `await assertCapacity(tx, ownerId, ADDON_ID.COMPANIES, CAPACITY_MSG.companies)`.
 */
export async function assertCapacity(db: Executor, userId: number, addonId: number, message: string): Promise<void> {
  const plan = await planOf(db, userId);
  const [row] = await db
    .select({ quantity: userAddons.quantity })
    .from(userAddons)
    .where(and(eq(userAddons.user_id, userId), eq(userAddons.addon_id, addonId)));
  const capacity = includedCapacity(plan.plan_id, addonId, plan.trial_expired) + (row?.quantity ?? 0);
  const counter = usageCounters.get(addonId);
  const used = counter ? await counter(db, userId) : 0;
  if (used >= capacity) throw new AppError('CONFLICT', message);
}

/** Sets the account's plan; the trial lasts `days` (default 15) from now, PRO without end unless given, free none. */
export async function setPlan(db: Executor, userId: number, planId: number, days?: number): Promise<PlanInfo> {
  const span = days ?? (planId === PLAN.TRIAL ? TRIAL_DAYS : undefined);
  const end = planId === PLAN.FREE || span === undefined ? null : new Date(Date.now() + span * 86_400_000);
  await db.update(users).set({ plan_id: planId, plan_end_date: end, updated_at: new Date() }).where(eq(users.user_id, userId));
  return planOf(db, userId);
}

/**
 * GET subscriptions/renew-trial: a trial that has ended starts again for TRIAL_DAYS from now, at most
 * `maxRenewals` times per account (counted in users.trial_renewals), never an endless trial. One conditional
 * UPDATE, so two concurrent requests cannot both renew. Anything else is a 409 saying why.
 */
export async function renewTrial(db: Executor, userId: number, maxRenewals: number): Promise<PlanInfo> {
  const [renewed] = await db
    .update(users)
    .set({
      plan_end_date: new Date(Date.now() + TRIAL_DAYS * 86_400_000),
      trial_renewals: sql`${users.trial_renewals} + 1`,
      updated_at: new Date(),
    })
    .where(and(eq(users.user_id, userId), eq(users.plan_id, PLAN.TRIAL), lt(users.plan_end_date, new Date()), lt(users.trial_renewals, maxRenewals)))
    .returning({ user_id: users.user_id });
  if (renewed) return planOf(db, userId);
  const plan = await planOf(db, userId);
  if (plan.plan_id === PLAN.PRO) throw new AppError('CONFLICT', TRIAL_RENEW_MSG.proActive);
  if (plan.plan_id !== PLAN.TRIAL) throw new AppError('CONFLICT', TRIAL_RENEW_MSG.noTrial);
  if (!plan.trial_expired) throw new AppError('CONFLICT', TRIAL_RENEW_MSG.trialActive);
  throw new AppError('CONFLICT', TRIAL_RENEW_MSG.exhausted);
}

/** Sets the purchased quantity of an add-on (0 removes it). */
export async function setAddonQuantity(db: Executor, userId: number, addonId: number, quantity: number): Promise<void> {
  await db
    .insert(userAddons)
    .values({ user_id: userId, addon_id: addonId, quantity })
    .onConflictDoUpdate({ target: [userAddons.user_id, userAddons.addon_id], set: { quantity } });
}
