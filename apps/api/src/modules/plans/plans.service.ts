import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
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

/**
 * Counts what an account uses of a capacity add-on; modules register their counters (users, companies, ...).
 * Either a function that runs its own statements, or (preferred) `{ sql }`: a scalar subquery counting for the
 * account, which the plan read folds into its one statement (decision 0015).
 */
export type UsageCounter = ((db: Executor, userId: number) => Promise<number>) | { sql: (userId: number) => SQL };
const usageCounters = new Map<number, UsageCounter>();
export function registerUsageCounter(addonId: number, counter: UsageCounter): void {
  usageCounters.set(addonId, counter);
}

async function countUsage(db: Executor, userId: number, addonId: number, counted: Record<string, number | string>): Promise<number> {
  // a function counter runs its own statements; an SQL one was counted in `counted`
  const counter = usageCounters.get(addonId);
  if (!counter) return 0;
  if (typeof counter === 'function') return counter(db, userId);
  return Number(counted[addonId] ?? 0);
}

function planFrom(planId: number | undefined, end: Date | null): PlanInfo {
  return {
    plan_id: planId ?? PLAN.FREE,
    end_date: end ? end.toISOString() : null,
    days_left: daysLeft(end),
    trial_expired: planId === PLAN.TRIAL && end !== null && end.getTime() < Date.now(),
  };
}

export async function planOf(db: Executor, userId: number): Promise<PlanInfo> {
  const [u] = await db.select({ plan_id: users.plan_id, end: users.plan_end_date }).from(users).where(eq(users.user_id, userId));
  return planFrom(u?.plan_id, u?.end ?? null);
}

/**
 * Columns that read the account's plan, purchased add-ons and the usage of every SQL counter, for a statement
 * over `users` of that account (the session's one read adds its own columns to these).
 */
export function planColumns(userId: number) {
  const counted = [...usageCounters].flatMap(([addonId, c]) => (typeof c === 'function' ? [] : [sql`${String(addonId)}::text, ${c.sql(userId)}`]));
  return {
    plan_id: users.plan_id,
    plan_end_date: users.plan_end_date,
    // raw names: drizzle leaves the columns of a single-table select unqualified (see permissionsJson)
    purchased: sql<{ addon_id: number; quantity: number }[] | null>`(select json_agg(json_build_object('addon_id', a.addon_id, 'quantity', a.quantity))
      from user_addons a where a.user_id = ${userId})`,
    counted: (counted.length ? sql`json_build_object(${sql.join(counted, sql`, `)})` : sql`'{}'::json`) as SQL<Record<string, number | string>>,
  };
}

type PlanRow = { plan_id: number; plan_end_date: Date | null; purchased: { addon_id: number; quantity: number }[] | null; counted: Record<string, number | string> };

/**
 * The plan and every add-on of the account from a row read with `planColumns`: purchased quantity plus what the
 * plan includes (users, companies), used from the registered counters, available = quantity − used (never below 0).
 */
export async function planAndAddonsFrom(db: Executor, userId: number, row: PlanRow): Promise<{ plan: PlanInfo; addons: AddonInfo[] }> {
  const plan = planFrom(row.plan_id, row.plan_end_date);
  const qty = new Map((row.purchased ?? []).map((r) => [r.addon_id, r.quantity]));
  const addons = await Promise.all(
    ALL_ADDONS.map(async (a) => {
      const included = includedCapacity(plan.plan_id, a.addon_id, plan.trial_expired);
      const quantity = (qty.get(a.addon_id) ?? 0) + included;
      const used = await countUsage(db, userId, a.addon_id, row.counted ?? {});
      return { addon_id: a.addon_id, name: a.name, quantity, included, used, available: Math.max(0, quantity - used) };
    }),
  );
  return { plan, addons };
}

/** The account's plan and add-ons in one statement (plus one per counter registered as a function). */
export async function planAndAddons(db: Executor, userId: number): Promise<{ plan: PlanInfo; addons: AddonInfo[] }> {
  const [row] = await db.select(planColumns(userId)).from(users).where(eq(users.user_id, userId));
  return planAndAddonsFrom(db, userId, row ?? { plan_id: PLAN.FREE, plan_end_date: null, purchased: [], counted: {} });
}

/** Every add-on of the account (see `planAndAddonsFrom`). */
export async function addonsOf(db: Executor, userId: number): Promise<AddonInfo[]> {
  return (await planAndAddons(db, userId)).addons;
}

/** GET users/plan: plan, days left, add-ons (hectares apart, report add-ons as report_permissions). */
export async function planInfo(db: Executor, userId: number): Promise<PlanInfoPayload> {
  const { plan, addons: all } = await planAndAddons(db, userId);
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
  const counter = usageCounters.get(addonId);
  const [row] = await db
    .select({
      plan_id: users.plan_id,
      end: users.plan_end_date,
      quantity: sql<number | null>`(select a.quantity from user_addons a where a.user_id = ${userId} and a.addon_id = ${addonId})`,
      used: counter && typeof counter !== 'function' ? counter.sql(userId) : sql`0`,
    })
    .from(users)
    .where(eq(users.user_id, userId));
  const plan = planFrom(row?.plan_id, row?.end ?? null);
  const capacity = includedCapacity(plan.plan_id, addonId, plan.trial_expired) + Number(row?.quantity ?? 0);
  const used = typeof counter === 'function' ? await counter(db, userId) : Number(row?.used ?? 0);
  if (used >= capacity) throw new AppError('CONFLICT', message);
}

/** Whether the account holds this add-on (purchased or included in its plan): one statement. */
export async function hasAddon(db: Executor, userId: number, addonId: number): Promise<boolean> {
  const [row] = await db
    .select({
      plan_id: users.plan_id,
      end: users.plan_end_date,
      quantity: sql<number | null>`(select a.quantity from user_addons a where a.user_id = ${userId} and a.addon_id = ${addonId})`,
    })
    .from(users)
    .where(eq(users.user_id, userId));
  const plan = planFrom(row?.plan_id, row?.end ?? null);
  return includedCapacity(plan.plan_id, addonId, plan.trial_expired) + Number(row?.quantity ?? 0) > 0;
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
