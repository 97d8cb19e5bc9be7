import Big from 'big.js';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { INVENTORY_MSG, WORK_ORDER_MSG, type WorkOrderBody } from '@fm/domain';
import type { Executor } from '../../db/client';
import { contractors, cropStages, seasonPlans, stocks, supplies } from '../../db/schema/index';
import { AppError, notFound, type Detail } from '../../http/errors';
import { sharedInto } from '../../http/sharing';
import { seasonPlots } from './work-orders.repo';

/**
 * Checks every id of a work-order body against the workspace (another workspace's season plan, lot, contractor,
 * supply or stock answers 404 without naming it) and the rules that need the database: lots of the chosen plan,
 * hectares not above the plot's, stage of the lot's crop, stock of the same supply. Returns the rows to write.
 */

export const SEASON_PLAN_NOT_FOUND = 'No se encontró el establecimiento';
export const LOT_NOT_FOUND = 'No se encontró el lote';
export const CONTRACTOR_NOT_FOUND = 'No se encontró el contratista';

const fail = (loc: (string | number)[], msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', ...loc], msg }]);

export type ResolvedOrder = {
  plan: { season_plan_id: number; season_id: number; company_id: number; farm_id: number };
  lots: { field_crop_id: number; field_id: number; field_name: string; crop_id: number | null; crop_sequence_id: number | null; stage_id: number | null; hectares_to_apply: string }[];
  supplies: { supply_id: number; supply_name: string; unit_id: number; dose_to_apply: string; price: string; fill_order: number | null; stock_id: number | null }[];
};

export async function resolveOrder(db: Executor, workspaceId: number, body: WorkOrderBody): Promise<ResolvedOrder> {
  const [plan] = await db
    .select({ season_plan_id: seasonPlans.season_plan_id, season_id: seasonPlans.season_id, company_id: seasonPlans.company_id, farm_id: seasonPlans.farm_id })
    .from(seasonPlans)
    .where(and(eq(seasonPlans.workspace_id, workspaceId), eq(seasonPlans.season_plan_id, body.season_plan_id)));
  if (!plan) throw notFound(SEASON_PLAN_NOT_FOUND);

  if (body.contractor_id !== null) {
    const [c] = await db
      .select({ id: contractors.contractor_id })
      .from(contractors)
      .where(and(eq(contractors.contractor_id, body.contractor_id), sharedInto('contractors', contractors.contractor_id, workspaceId)));
    if (!c) throw notFound(CONTRACTOR_NOT_FOUND);
  }

  const plots = await seasonPlots(db, workspaceId, body.field_crops.map((l) => l.field_crop_id));
  const errors: Detail[] = [];
  const lots: ResolvedOrder['lots'] = [];
  for (const [i, l] of body.field_crops.entries()) {
    const plot = plots.get(l.field_crop_id);
    if (!plot) throw notFound(LOT_NOT_FOUND);
    if (plot.season_plan_id !== plan.season_plan_id) throw fail(['field_crops', i, 'field_crop_id'], WORK_ORDER_MSG.lotNotInPlan);
    if (new Big(l.hectares_to_apply).gt(plot.hectares)) errors.push({ loc: ['body', 'field_crops', i, 'hectares_to_apply'], msg: WORK_ORDER_MSG.hectaresExceeded });
    lots.push({
      field_crop_id: l.field_crop_id,
      field_id: plot.field_id,
      field_name: plot.field_name,
      crop_id: l.crop_id ?? plot.crop_id,
      crop_sequence_id: l.crop_sequence_id ?? plot.crop_sequence_id,
      stage_id: l.stage_id,
      hectares_to_apply: l.hectares_to_apply,
    });
  }
  if (errors.length) throw new AppError('VALIDATION', WORK_ORDER_MSG.hectaresExceeded, errors);

  const stageIds = [...new Set(lots.flatMap((l) => (l.stage_id === null ? [] : [l.stage_id])))];
  if (stageIds.length) {
    const stages = new Map((await db.select({ id: cropStages.stage_id, crop_id: cropStages.crop_id }).from(cropStages).where(inArray(cropStages.stage_id, stageIds))).map((s) => [s.id, s.crop_id]));
    for (const [i, l] of lots.entries()) {
      if (l.stage_id !== null && stages.get(l.stage_id) !== l.crop_id) throw fail(['field_crops', i, 'stage_id'], WORK_ORDER_MSG.stageNotOfCrop);
    }
  }

  const supplyIds = [...new Set(body.supplies.map((s) => s.supply_id))];
  const known = supplyIds.length
    ? await db
        .select({ supply_id: supplies.supply_id, name: supplies.name, unit_id: supplies.unit_id })
        .from(supplies)
        .where(and(inArray(supplies.supply_id, supplyIds), or(isNull(supplies.workspace_id), eq(supplies.workspace_id, workspaceId))))
    : [];
  const supplyById = new Map(known.map((s) => [s.supply_id, s]));
  const stockIds = [...new Set(body.supplies.flatMap((s) => (s.stock_id === null ? [] : [s.stock_id])))];
  const stockRows = stockIds.length
    ? await db
        .select({ stock_id: stocks.stock_id, supply_id: stocks.supply_id, unit_id: stocks.unit_id })
        .from(stocks)
        .where(and(eq(stocks.workspace_id, workspaceId), inArray(stocks.stock_id, stockIds)))
    : [];
  const stockById = new Map(stockRows.map((s) => [s.stock_id, s]));
  const rows: ResolvedOrder['supplies'] = body.supplies.map((s, i) => {
    const supply = supplyById.get(s.supply_id);
    if (!supply) throw notFound(INVENTORY_MSG.supplyNotFound);
    let unitId = s.unit_id ?? supply.unit_id;
    if (s.stock_id !== null) {
      const stock = stockById.get(s.stock_id);
      if (!stock) throw notFound(INVENTORY_MSG.stockNotFound);
      if (stock.supply_id !== s.supply_id) throw fail(['supplies', i, 'stock_id'], WORK_ORDER_MSG.stockNotOfSupply);
      if (s.unit_id !== null && s.unit_id !== stock.unit_id) throw fail(['supplies', i, 'unit_id'], WORK_ORDER_MSG.unitNotOfStock);
      unitId = stock.unit_id;
    }
    return { supply_id: s.supply_id, supply_name: supply.name, unit_id: unitId, dose_to_apply: s.dose_to_apply, price: s.price, fill_order: s.fill_order, stock_id: s.stock_id };
  });
  return { plan, lots, supplies: rows };
}
