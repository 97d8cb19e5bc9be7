import { and, asc, eq } from 'drizzle-orm';
import { argentinaDay, campaignForDate, campaignMonths } from '@fm/domain';
import type { Executor } from '../../db/client';
import { farms, rains, workspaceEntities } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';

/**
 * Typical monthly rain of the humid Pampa (mm, July → June): dry winter, wet spring-summer, a March peak
 * (Pergamino/Marcos Juárez long-term means, rounded).
 */
export const PAMPA_MONTHLY_MM = [28, 35, 55, 105, 110, 120, 115, 100, 125, 90, 50, 32] as const;

/** Deterministic pseudo-random numbers in [0, 1) (the demo is the same on every start). */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const lastDay = (ym: string) => new Date(Date.UTC(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)), 0)).getUTCDate();

/** The rain events of one farm for a campaign: 1 to 5 rains a month adding up to about the month's mean. */
export function demoRains(campaign: string, farmIndex: number, until: string): { date: string; millimeters: string }[] {
  const rnd = random(Number(campaign.slice(0, 4)) * 31 + farmIndex * 7919);
  const out: { date: string; millimeters: string }[] = [];
  campaignMonths(campaign).months.forEach((ym, i) => {
    const mean = PAMPA_MONTHLY_MM[i] * (0.9 + 0.15 * farmIndex) * (0.6 + 0.8 * rnd());
    const events = Math.max(1, Math.min(5, Math.round(mean / 30 + rnd())));
    const weights = Array.from({ length: events }, () => 0.3 + rnd());
    const sum = weights.reduce((a, b) => a + b, 0);
    const days = new Set<number>();
    while (days.size < events) days.add(1 + Math.floor(rnd() * lastDay(ym)));
    [...days]
      .sort((a, b) => a - b)
      .forEach((d, k) => {
        const date = `${ym}-${String(d).padStart(2, '0')}`;
        const mm = Math.min(500, Math.max(0.5, (mean * weights[k]) / sum));
        if (date <= until) out.push({ date, millimeters: mm.toFixed(1) });
      });
  });
  return out;
}

/**
 * Demo rains (issue 12 item 9): the last campaign (complete) and the current one up to yesterday on every demo
 * farm, a few of them on a plot-less farm record with an observation.
 */
export async function seedRainsDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const farmIds = (
    await tx
      .select({ farm_id: farms.farm_id })
      .from(farms)
      .innerJoin(workspaceEntities, and(eq(workspaceEntities.entity_id, farms.farm_id), eq(workspaceEntities.entity_type, 'farms'), eq(workspaceEntities.workspace_id, ctx.workspaceId)))
      .orderBy(asc(farms.farm_id))
  ).map((f) => f.farm_id);
  if (!farmIds.length) return;
  const today = new Date();
  const yesterday = argentinaDay(-1, today);
  const current = campaignForDate(today);
  const start = Number(current.slice(0, 4)) - 1;
  const last = `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
  const rows = farmIds.flatMap((farmId, i) =>
    [last, current].flatMap((campaign) =>
      demoRains(campaign, i, yesterday).map((r) => ({
        workspace_id: ctx.workspaceId,
        farm_id: farmId,
        date: r.date,
        millimeters: r.millimeters,
        observations: Number(r.millimeters) >= 60 ? 'Tormenta fuerte' : null,
        created_by: ctx.userId,
        updated_by: ctx.userId,
      })),
    ),
  );
  if (rows.length) await tx.insert(rains).values(rows);
}
