import { and, eq, isNull } from 'drizzle-orm';
import { fieldCrops, seasonPlans, stocks, supplies, workOrderFieldCrops, workOrderHistory, workOrders, workOrderSupplies } from '../src/db/schema/index';
import { insertRows, step, type GenContext } from './generate-core';

/** Volumes at scale 1: 100,000 orders in the one workspace, each with 2 lots and 2 supplies (issue 10 acceptance). */
const COUNTS = { orders: 100_000 };
/** Labors of the reference seed and how often each is ordered. */
const LABORS = [[2, 40], [1, 15], [4, 15], [5, 10], [3, 5], [7, 5], [9, 5], [11, 5]] as const;
/** Statuses as a working workspace holds them: most done or paid, some planned, a few cancelled or certified. */
const STATUSES = [[1, 8], [2, 8], [3, 30], [4, 15], [5, 25], [6, 3], [7, 8], [8, 3]] as const;

/**
 * Work orders over the generated season plans: two sown plots of the plan (hectares up to the plot's), a labor at a
 * per-hectare price, two of the workspace's supplies (half from a stock of that supply), a 'created' history row,
 * 1 % disabled. Stock use is not simulated (the ledger's volume is generate-inventory's).
 */
export async function generateWorkOrders(ctx: GenContext): Promise<void> {
  const { rng } = ctx;
  const factor = ctx.scale.farms / 220;
  const total = Math.max(1, Math.round(COUNTS.orders * factor));
  const plans = await ctx.db
    .select({ season_plan_id: seasonPlans.season_plan_id, season_id: seasonPlans.season_id, company_id: seasonPlans.company_id, farm_id: seasonPlans.farm_id })
    .from(seasonPlans)
    .where(eq(seasonPlans.workspace_id, ctx.workspaceId));
  const lots = await ctx.db
    .select({ season_plan_id: fieldCrops.season_plan_id, field_crop_id: fieldCrops.field_crop_id, field_id: fieldCrops.field_id, crop_id: fieldCrops.crop_id, crop_sequence_id: fieldCrops.crop_sequence_id, hectares: fieldCrops.hectares })
    .from(fieldCrops)
    .where(and(eq(fieldCrops.workspace_id, ctx.workspaceId), isNull(fieldCrops.deleted_at)));
  const lotsByPlan = new Map<number, typeof lots>();
  for (const l of lots) lotsByPlan.set(l.season_plan_id, [...(lotsByPlan.get(l.season_plan_id) ?? []), l]);
  const usable = plans.filter((p) => (lotsByPlan.get(p.season_plan_id)?.length ?? 0) >= 2);
  const supplyRows = await ctx.db.select({ supply_id: supplies.supply_id, unit_id: supplies.unit_id }).from(supplies).where(eq(supplies.workspace_id, ctx.workspaceId));
  const stockRows = await ctx.db.select({ stock_id: stocks.stock_id, supply_id: stocks.supply_id, unit_id: stocks.unit_id }).from(stocks).where(eq(stocks.workspace_id, ctx.workspaceId));
  const stocksBySupply = new Map<number, typeof stockRows>();
  for (const s of stockRows) stocksBySupply.set(s.supply_id, [...(stocksBySupply.get(s.supply_id) ?? []), s]);
  if (!usable.length || supplyRows.length < 2) return;

  const start = Date.now() - 3 * 365 * 86_400_000;
  const span = 3 * 365 * 86_400_000;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  type Order = { order: typeof workOrders.$inferInsert; lots: (typeof lots)[number][]; supplies: { supply_id: number; unit_id: number; stock_id: number | null }[] };
  const orders: Order[] = [];
  for (let i = 0; i < total; i++) {
    const plan = rng.pick(usable);
    const planLots = lotsByPlan.get(plan.season_plan_id) ?? [];
    const a = rng.int(0, planLots.length - 1);
    const b = (a + rng.int(1, planLots.length - 1)) % planLots.length;
    const at = new Date(start + Math.floor((span * i) / total));
    const status_id = rng.weighted(STATUSES);
    const rate = (900 + (550 * i) / total).toFixed(2);
    const end = new Date(at.getTime() + 3 * 86_400_000);
    const s1 = rng.pick(supplyRows);
    let s2 = rng.pick(supplyRows);
    if (s2.supply_id === s1.supply_id) s2 = supplyRows[(supplyRows.indexOf(s1) + 1) % supplyRows.length];
    const fromStock = (s: { supply_id: number; unit_id: number }) => {
      const candidates = stocksBySupply.get(s.supply_id);
      const stock = candidates && rng.chance(0.5) ? rng.pick(candidates) : null;
      return { supply_id: s.supply_id, unit_id: stock?.unit_id ?? s.unit_id, stock_id: stock?.stock_id ?? null };
    };
    orders.push({
      order: {
        workspace_id: ctx.workspaceId,
        season_plan_id: plan.season_plan_id,
        season_id: plan.season_id,
        company_id: plan.company_id,
        farm_id: plan.farm_id,
        labor_id: rng.weighted(LABORS),
        price: (rng.decimal(8, 120, 2) * Number(rate)).toFixed(2),
        exchange_rate: rate,
        labor_start_date: day(at),
        labor_end_date: day(end),
        labor_date: status_id === 3 || status_id === 4 || status_id === 5 || status_id === 8 ? day(end) : null,
        notes: rng.chance(0.2) ? 'Aplicar con buena humedad.' : null,
        observations: rng.chance(0.3) ? ['Repasar caminos'] : [],
        status_id,
        deleted_at: rng.chance(0.01) ? new Date(at.getTime() + 10 * 86_400_000) : null,
        created_by: ctx.ownerId,
        created_at: at,
        updated_at: at,
      },
      lots: [planLots[a], planLots[b]],
      supplies: [fromStock(s1), fromStock(s2)],
    });
  }

  let ids: number[] = [];
  await step(ctx, 'work_orders', async () => {
    ids = await insertRows(ctx.db, workOrders, orders.map((o) => o.order), (o) => o.work_order_id);
    return ids.length;
  });
  await step(ctx, 'work_order_field_crops', async () => {
    const rows = orders.flatMap((o, i) =>
      o.lots.map((l) => ({
        workspace_id: ctx.workspaceId,
        work_order_id: ids[i],
        field_crop_id: l.field_crop_id,
        field_id: l.field_id,
        crop_id: l.crop_id,
        crop_sequence_id: l.crop_sequence_id,
        hectares_to_apply: Math.max(0.5, Number(l.hectares) * rng.decimal(0.5, 1, 2)).toFixed(2),
      })),
    );
    await insertRows(ctx.db, workOrderFieldCrops, rows);
    return rows.length;
  });
  await step(ctx, 'work_order_supplies', async () => {
    const rows = orders.flatMap((o, i) =>
      o.supplies.map((s, position) => ({
        workspace_id: ctx.workspaceId,
        work_order_id: ids[i],
        supply_id: s.supply_id,
        unit_id: s.unit_id,
        dose_to_apply: rng.decimal(0.1, 4, 3).toFixed(5),
        price: (rng.decimal(2, 60, 2) * Number(o.order.exchange_rate)).toFixed(2),
        fill_order: position + 1,
        stock_id: s.stock_id,
        position,
      })),
    );
    await insertRows(ctx.db, workOrderSupplies, rows);
    return rows.length;
  });
  await step(ctx, 'work_order_history', async () => {
    const rows = orders.map((o, i) => ({ workspace_id: ctx.workspaceId, work_order_id: ids[i], action: 'created', status_id: o.order.status_id === 7 ? 7 : 1, user_id: ctx.ownerId, created_at: o.order.created_at }));
    await insertRows(ctx.db, workOrderHistory, rows);
    return rows.length;
  });
}
