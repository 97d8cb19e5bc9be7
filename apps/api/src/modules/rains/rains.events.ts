import Big from 'big.js';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { campaignMonths, type RainEvents } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, rains } from '../../db/schema/index';

/**
 * `GET rains/events`: the campaign's rain per farm (July → June), month by month, with each farm's campaign total and
 * the grand total. Farms without rain in the campaign are not listed. Millimetres are strings with one decimal.
 */
export async function rainEvents(db: Executor, workspaceId: number, campaign: string, farmId: number | null): Promise<RainEvents> {
  const { months, from, to } = campaignMonths(campaign);
  const month = sql<string>`to_char(${rains.date}, 'YYYY-MM')`;
  const rows = await db
    .select({
      farm_id: rains.farm_id,
      farm_name: farms.name,
      month,
      mm: sql<string>`sum(${rains.millimeters})::text`,
      n: sql<number>`count(*)::int`,
    })
    .from(rains)
    .innerJoin(farms, eq(farms.farm_id, rains.farm_id))
    .where(and(eq(rains.workspace_id, workspaceId), gte(rains.date, from), lte(rains.date, to), farmId !== null ? eq(rains.farm_id, farmId) : undefined))
    .groupBy(rains.farm_id, farms.name, month)
    .orderBy(asc(farms.name), asc(rains.farm_id));
  const byFarm = new Map<number, { farm_id: number; farm_name: string; monthly: Big[]; rains: number }>();
  for (const r of rows) {
    let f = byFarm.get(r.farm_id);
    if (!f) {
      f = { farm_id: r.farm_id, farm_name: r.farm_name, monthly: months.map(() => new Big(0)), rains: 0 };
      byFarm.set(r.farm_id, f);
    }
    const i = months.indexOf(r.month);
    if (i >= 0) f.monthly[i] = f.monthly[i].plus(r.mm);
    f.rains += Number(r.n);
  }
  let total = new Big(0);
  const out = [...byFarm.values()].map((f) => {
    const farmTotal = f.monthly.reduce((a, b) => a.plus(b), new Big(0));
    total = total.plus(farmTotal);
    return { farm_id: f.farm_id, farm_name: f.farm_name, monthly: f.monthly.map((m) => m.toFixed(1)), total: farmTotal.toFixed(1), rains: f.rains };
  });
  return { campaign, months, farms: out, total: total.toFixed(1) };
}
