import Big from 'big.js';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { argentinaDay as day, WorkOrderBody, type WorkOrderBodyInput } from '@fm/domain';
import { AR_ZONE } from '../../db/argentina-today';
import type { Executor } from '../../db/client';
import { workspaceIdList } from '../../config';
import { agreementPartners, companies, contractors, fieldCrops, labors, seasonPlans, stocks, supplies, workOrderHistory, workOrderLaborContributions, workOrderSupplyContributions, workOrders, workspaceEntities } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';
import { loadWorkOrder } from './work-orders.load';
import { createWorkOrder, disableWorkOrder } from './work-orders.service';
import { changeStatus } from './work-orders.status';

/**
 * Demo work orders (issue 10 item 10): orders in every status (8 only when the demo workspace is one of
 * CERTIFIED_STATUS_WORKSPACES), two Realizada that used stock of the demo inventory, one planned, one disabled, and one
 * on the agreement company with its partners' contributions covering 100 % of the cost. Written through the services,
 * so history and stock ledger are the real ones.
 */

// the demo seeds before the app's config object exists; the same parse of the same setting
const certifiedWorkspaces = () => workspaceIdList(process.env.CERTIFIED_STATUS_WORKSPACES ?? '11223');

type Plot = { field_crop_id: number; hectares: number };

export async function seedWorkOrdersDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  const actor = { workspaceId: ctx.workspaceId, userId: ctx.userId };
  const plans = await tx
    .select({ season_plan_id: seasonPlans.season_plan_id, company_type_id: companies.company_type_id })
    .from(seasonPlans)
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .where(eq(seasonPlans.workspace_id, ctx.workspaceId))
    .orderBy(asc(seasonPlans.season_plan_id));
  if (plans.length < 2) return;
  const plotsOf = async (planId: number): Promise<Plot[]> =>
    (await tx.select({ field_crop_id: fieldCrops.field_crop_id, hectares: fieldCrops.hectares }).from(fieldCrops).where(and(eq(fieldCrops.season_plan_id, planId), isNull(fieldCrops.deleted_at))).orderBy(asc(fieldCrops.field_crop_id))).map(
      (p) => ({ field_crop_id: p.field_crop_id, hectares: Number(p.hectares) }),
    );
  const laborIds = new Map((await tx.select({ id: labors.labor_id, name: labors.name }).from(labors)).map((l) => [l.name, l.id]));
  const labor = (name: string) => laborIds.get(name) ?? 1;
  const contractorIds = (await tx.select({ id: workspaceEntities.entity_id }).from(workspaceEntities).where(and(eq(workspaceEntities.workspace_id, ctx.workspaceId), eq(workspaceEntities.entity_type, 'contractors')))).map((r) => r.id);
  const [contractor] = contractorIds.length ? await tx.select({ id: contractors.contractor_id }).from(contractors).where(inArray(contractors.contractor_id, contractorIds)).orderBy(asc(contractors.contractor_id)).limit(1) : [];
  const stockRows = await tx
    .select({ stock_id: stocks.stock_id, supply_id: stocks.supply_id, unit_id: stocks.unit_id, name: supplies.name, ppp: stocks.ppp })
    .from(stocks)
    .innerJoin(supplies, eq(supplies.supply_id, stocks.supply_id))
    .where(eq(stocks.workspace_id, ctx.workspaceId))
    .orderBy(asc(stocks.stock_id));
  const stockOf = (prefix: string) => stockRows.find((s) => s.name.startsWith(prefix));
  const supplyRow = (prefix: string, dose: string, fromStock: boolean) => {
    const s = stockOf(prefix);
    return s ? [{ supply_id: s.supply_id, unit_id: s.unit_id, dose_to_apply: dose, price: new Big(s.ppp).round(2).toFixed(2), stock_id: fromStock ? s.stock_id : null }] : [];
  };

  const own = plans.filter((p) => p.company_type_id !== 2);
  const agreement = plans.find((p) => p.company_type_id === 2);
  const create = async (planId: number, lots: Plot[], body: Partial<WorkOrderBodyInput>) =>
    createWorkOrder(
      tx,
      actor,
      WorkOrderBody.parse({
        season_plan_id: planId,
        contractor_id: contractor?.id ?? null,
        labor_id: labor('Pulverización terrestre'),
        price: '38000',
        exchange_rate: '1445',
        labor_start_date: day(-10),
        labor_end_date: day(-7),
        field_crops: lots.map((l) => ({ field_crop_id: l.field_crop_id, hectares_to_apply: String(Math.min(l.hectares, 60)) })),
        ...body,
      }),
    );
  const status = (id: number, to: number, laborDate?: string) => changeStatus(tx, actor, id, to, { labor_date: laborDate ?? null, observations: null, confirm_stock: true }, certifiedWorkspaces());

  const latest = own[own.length - 1] ?? plans[0];
  const lots = await plotsOf(latest.season_plan_id);
  if (lots.length < 4) return;
  const herbicides = [...supplyRow('Glifosato', '2.5', true), ...supplyRow('2,4-D', '0.8', true)];

  const undelivered = await create(latest.season_plan_id, lots.slice(0, 2), { supplies: herbicides, observations: ['Repasar caminos', 'Aplicar con -15 km/h de viento'], adversities: [{ adversity_id: 1 }, { adversity_id: 2 }], notes: 'Aplicar temprano por la mañana.' });
  void undelivered;
  const delivered = await create(latest.season_plan_id, lots.slice(2, 3), { labor_id: labor('Fertilización'), price: '21000', supplies: supplyRow('Urea', '120', false) });
  await status(delivered, 2);
  const done = await create(latest.season_plan_id, lots.slice(0, 1), { supplies: herbicides, labor_start_date: day(-20), labor_end_date: day(-17) });
  await status(done, 3, day(-18));
  const invoiced = await create(latest.season_plan_id, lots.slice(3, 4), { supplies: supplyRow('Atrazina', '1.2', true), labor_start_date: day(-30), labor_end_date: day(-27) });
  await status(invoiced, 3, day(-28));
  await status(invoiced, 4);
  const paid = await create(latest.season_plan_id, lots.slice(1, 2), { labor_id: labor('Siembra'), price: '52000', labor_start_date: day(-60), labor_end_date: day(-57) });
  await status(paid, 5);
  const cancelled = await create(latest.season_plan_id, lots.slice(2, 3), { labor_id: labor('Monitoreo'), price: '4500' });
  await status(cancelled, 6);
  await create(latest.season_plan_id, lots.slice(0, 2), { status_id: 7, labor_id: labor('Cosecha'), price: '95000', labor_start_date: day(60), labor_end_date: day(63) });
  if (certifiedWorkspaces().includes(ctx.workspaceId)) {
    const certified = await create(latest.season_plan_id, lots.slice(1, 2), { supplies: supplyRow('Clorpirifós', '0.6', true) });
    await status(certified, 3, day(-5));
    await status(certified, 8);
  }
  const disabled = await create(latest.season_plan_id, lots.slice(3, 4), { labor_id: labor('Desmalezado'), price: '15000' });
  await disableWorkOrder(tx, actor, disabled);

  if (agreement) await agreementOrder(tx, ctx, agreement.season_plan_id, await plotsOf(agreement.season_plan_id), create, supplyRow('Tebuconazol', '0.5', false));
  await backdate(tx, ctx.workspaceId);
}

/** Each demo order was written a few days before its labor started (never in the future), as a real account's were. */
async function backdate(tx: Executor, workspaceId: number): Promise<void> {
  await tx
    .update(workOrders)
    .set({ created_at: sql`least(now(), (${workOrders.labor_start_date}::timestamp + interval '9 hours' - interval '4 days') at time zone ${AR_ZONE})` })
    .where(eq(workOrders.workspace_id, workspaceId));
  await tx
    .update(workOrderHistory)
    .set({ created_at: sql`(select w.created_at from ${workOrders} w where w.work_order_id = ${workOrderHistory.work_order_id})` })
    .where(and(eq(workOrderHistory.workspace_id, workspaceId), eq(workOrderHistory.action, 'created')));
}

/** An order on the agreement company whose partners pay its labor and supply 60 / 40: contributions at 100 %. */
async function agreementOrder(
  tx: Executor,
  ctx: DemoContext,
  planId: number,
  lots: Plot[],
  create: (planId: number, lots: Plot[], body: Partial<WorkOrderBodyInput>) => Promise<number>,
  sups: WorkOrderBodyInput['supplies'],
): Promise<void> {
  if (!lots.length) return;
  const id = await create(planId, lots.slice(0, 2), { labor_id: 3, price: '30000', supplies: sups });
  const order = await loadWorkOrder(tx, ctx.workspaceId, id);
  if (!order) return;
  const partners = await tx.select({ partner_id: agreementPartners.partner_id, share: agreementPartners.contribution }).from(agreementPartners).where(eq(agreementPartners.company_id, order.company.company_id)).orderBy(asc(agreementPartners.agreement_partner_id));
  if (!partners.length) return;
  // the last partner takes the rounding remainder so the shares add up to the total exactly
  const split = (total: string) => {
    let rest = new Big(total);
    return partners.map((p, i) => {
      const amount = i === partners.length - 1 ? rest : new Big(total).times(p.share).div(100).round(2, Big.roundDown);
      rest = rest.minus(amount);
      return { partner_id: p.partner_id, amount: amount.toFixed(2) };
    });
  };
  const audit = { workspace_id: ctx.workspaceId, work_order_id: id, exchange_rate: order.exchange_rate, created_by: ctx.userId, updated_by: ctx.userId };
  const laborRows = split(order.labor_total).filter((r) => new Big(r.amount).gt(0));
  if (laborRows.length) await tx.insert(workOrderLaborContributions).values(laborRows.map((r) => ({ ...audit, partner_id: r.partner_id, contribution: r.amount })));
  for (const s of order.supplies) {
    const total = new Big(s.dose_to_apply).times(order.ha_total).times(s.price).round(2, Big.roundHalfUp).toFixed(2);
    const rows = split(total).filter((r) => new Big(r.amount).gt(0));
    if (rows.length) await tx.insert(workOrderSupplyContributions).values(rows.map((r) => ({ ...audit, partner_id: r.partner_id, supply_id: s.supply_id, contribution: r.amount })));
  }
}
