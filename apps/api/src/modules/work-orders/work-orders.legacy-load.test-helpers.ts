import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AGREEMENT_TYPE_ID, doseTotal, groupBy, workOrderTotals, type CompanyPartner, type WorkOrder, type WorkOrderStatusId } from '@fm/domain';
import type { Executor } from '../../db/client';
import {
  adversities,
  agreementPartners,
  companies,
  contractors,
  cropStages,
  crops,
  farms,
  fieldCrops,
  fields,
  labors,
  seasons,
  statuses,
  stocks,
  stockTransactions,
  supplies,
  units,
  warehouses,
  workOrderAdversities,
  workOrderFieldCrops,
  workOrderLaborContributions,
  workOrders,
  workOrderSupplies,
  workOrderSupplyContributions,
} from '../../db/schema/index';

/**
 * TEST ORACLE ONLY: the loader as it was before the order shape moved into one SQL statement (issue 8) — one
 * statement for the orders, one per child list, all by `work_order_id IN (…)`. The one-statement loader must give
 * the same orders (work-orders.one-statement.test.ts); nothing outside tests imports this file.
 */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function baseSelect(db: Executor) {
  return db
    .select({
      o: workOrders,
      season: { season_id: seasons.season_id, name: seasons.name },
      company: { company_id: companies.company_id, name: companies.name, company_type_id: companies.company_type_id },
      farm: { farm_id: farms.farm_id, name: farms.name },
      contractor_name: contractors.name,
      labor: { labor_id: labors.labor_id, name: labors.name },
      status: { status_id: statuses.status_id, name: statuses.name },
    })
    .from(workOrders)
    .innerJoin(seasons, eq(seasons.season_id, workOrders.season_id))
    .innerJoin(companies, eq(companies.company_id, workOrders.company_id))
    .innerJoin(farms, eq(farms.farm_id, workOrders.farm_id))
    .innerJoin(labors, eq(labors.labor_id, workOrders.labor_id))
    .innerJoin(statuses, eq(statuses.status_id, workOrders.status_id))
    .leftJoin(contractors, eq(contractors.contractor_id, workOrders.contractor_id));
}
type BaseRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];
export { baseSelect as legacyBaseSelect };

async function lotsOf(db: Executor, workspaceId: number, ids: number[]) {
  return db
    .select({
      work_order_id: workOrderFieldCrops.work_order_id,
      work_order_field_crop_id: workOrderFieldCrops.work_order_field_crop_id,
      field_crop_id: workOrderFieldCrops.field_crop_id,
      field_id: workOrderFieldCrops.field_id,
      field_name: fields.name,
      field_hectares: fieldCrops.hectares,
      crop_id: workOrderFieldCrops.crop_id,
      crop_name: crops.name,
      crop_sequence_id: workOrderFieldCrops.crop_sequence_id,
      stage_id: workOrderFieldCrops.stage_id,
      stage_name: cropStages.name,
      hectares_to_apply: workOrderFieldCrops.hectares_to_apply,
    })
    .from(workOrderFieldCrops)
    .innerJoin(fields, eq(fields.field_id, workOrderFieldCrops.field_id))
    .innerJoin(fieldCrops, eq(fieldCrops.field_crop_id, workOrderFieldCrops.field_crop_id))
    .leftJoin(crops, eq(crops.crop_id, workOrderFieldCrops.crop_id))
    .leftJoin(cropStages, eq(cropStages.stage_id, workOrderFieldCrops.stage_id))
    .where(and(eq(workOrderFieldCrops.workspace_id, workspaceId), inArray(workOrderFieldCrops.work_order_id, ids)))
    .orderBy(asc(workOrderFieldCrops.work_order_field_crop_id));
}

async function suppliesOf(db: Executor, workspaceId: number, ids: number[]) {
  const supplyUnit = sql<string>`(select u.name from ${units} u where u.unit_id = ${supplies.unit_id})`;
  return db
    .select({
      work_order_id: workOrderSupplies.work_order_id,
      work_order_supply_id: workOrderSupplies.work_order_supply_id,
      supply_id: workOrderSupplies.supply_id,
      supply_name: supplies.name,
      generic_name: supplies.generic_name,
      supply_unit_id: supplies.unit_id,
      supply_unit_name: supplyUnit,
      supply_generic_id: workOrderSupplies.supply_generic_id,
      unit_id: workOrderSupplies.unit_id,
      unit_name: units.name,
      dose_to_apply: workOrderSupplies.dose_to_apply,
      price: workOrderSupplies.price,
      fill_order: workOrderSupplies.fill_order,
      stock_id: workOrderSupplies.stock_id,
      warehouse_id: warehouses.warehouse_id,
      warehouse_name: warehouses.name,
      stock_quantity: stocks.quantity,
    })
    .from(workOrderSupplies)
    .innerJoin(supplies, eq(supplies.supply_id, workOrderSupplies.supply_id))
    .innerJoin(units, eq(units.unit_id, workOrderSupplies.unit_id))
    .leftJoin(stocks, eq(stocks.stock_id, workOrderSupplies.stock_id))
    .leftJoin(warehouses, eq(warehouses.warehouse_id, stocks.warehouse_id))
    .where(and(eq(workOrderSupplies.workspace_id, workspaceId), inArray(workOrderSupplies.work_order_id, ids)))
    .orderBy(asc(workOrderSupplies.work_order_id), asc(workOrderSupplies.position), asc(workOrderSupplies.work_order_supply_id));
}

async function childrenOf(db: Executor, workspaceId: number, ids: number[]) {
  const [lots, sups, advs, labor, supply, used] = await Promise.all([
    lotsOf(db, workspaceId, ids),
    suppliesOf(db, workspaceId, ids),
    db
      .select({ work_order_id: workOrderAdversities.work_order_id, adversity_id: adversities.adversity_id, name: adversities.name, adversity_type: adversities.adversity_type })
      .from(workOrderAdversities)
      .innerJoin(adversities, eq(adversities.adversity_id, workOrderAdversities.adversity_id))
      .where(and(eq(workOrderAdversities.workspace_id, workspaceId), inArray(workOrderAdversities.work_order_id, ids)))
      .orderBy(asc(adversities.name)),
    db
      .select()
      .from(workOrderLaborContributions)
      .where(and(eq(workOrderLaborContributions.workspace_id, workspaceId), inArray(workOrderLaborContributions.work_order_id, ids)))
      .orderBy(asc(workOrderLaborContributions.labor_contribution_id)),
    db
      .select()
      .from(workOrderSupplyContributions)
      .where(and(eq(workOrderSupplyContributions.workspace_id, workspaceId), inArray(workOrderSupplyContributions.work_order_id, ids)))
      .orderBy(asc(workOrderSupplyContributions.supply_contribution_id)),
    db
      .selectDistinct({ work_order_id: stockTransactions.work_order_id })
      .from(stockTransactions)
      .where(and(eq(stockTransactions.workspace_id, workspaceId), inArray(stockTransactions.work_order_id, ids), eq(stockTransactions.name, 'USAGE'))),
  ]);
  return {
    lots: groupBy(lots, (r) => r.work_order_id),
    supplies: groupBy(sups, (r) => r.work_order_id),
    adversities: groupBy(advs, (r) => r.work_order_id),
    labor: groupBy(labor, (r) => r.work_order_id),
    supply: groupBy(supply, (r) => r.work_order_id),
    used: new Set(used.map((u) => u.work_order_id)),
  };
}

/** Partners of each agreement, by agreement id: the per-list statement the order's `companyPartners` replaced. */
async function partnersOf(db: Executor, companyIds: number[]): Promise<Map<number, CompanyPartner[]>> {
  const out = new Map<number, CompanyPartner[]>();
  if (!companyIds.length) return out;
  const rows = await db
    .select({ company_id: agreementPartners.company_id, agreement_partner_id: agreementPartners.agreement_partner_id, partner_id: companies.company_id, partner_name: companies.name, contribution: agreementPartners.contribution })
    .from(agreementPartners)
    .innerJoin(companies, eq(companies.company_id, agreementPartners.partner_id))
    .where(inArray(agreementPartners.company_id, companyIds))
    .orderBy(asc(agreementPartners.agreement_partner_id));
  for (const r of rows) {
    const p: CompanyPartner = { agreement_partner_id: r.agreement_partner_id, partner: { company_id: r.partner_id, name: r.partner_name }, contribution: Number(r.contribution) };
    out.set(r.company_id, [...(out.get(r.company_id) ?? []), p]);
  }
  return out;
}

/** The contract's order shape for these base rows (in their order), with every derived total. */
export async function legacyShapeOrders(db: Executor, workspaceId: number, rows: BaseRow[]): Promise<WorkOrder[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.o.work_order_id);
  const [c, partners] = await Promise.all([childrenOf(db, workspaceId, ids), partnersOf(db, [...new Set(rows.map((r) => r.company.company_id))])]);
  return rows.map((r) => {
    const id = r.o.work_order_id;
    const field_crops = (c.lots.get(id) ?? []).map((l) => ({
      work_order_field_crop_id: l.work_order_field_crop_id,
      field_crop_id: l.field_crop_id,
      field_id: l.field_id,
      field: { field_id: l.field_id, name: l.field_name, hectares: Number(l.field_hectares).toFixed(2) },
      crop_id: l.crop_id,
      crop: l.crop_id !== null && l.crop_name !== null ? { crop_id: l.crop_id, name: l.crop_name } : null,
      crop_sequence_id: l.crop_sequence_id,
      stage_id: l.stage_id,
      stage: l.stage_id !== null && l.stage_name !== null ? { stage_id: l.stage_id, name: l.stage_name } : null,
      hectares_to_apply: l.hectares_to_apply,
    }));
    const laborContributions = (c.labor.get(id) ?? []).map((x) => ({ labor_contribution_id: x.labor_contribution_id, partner_id: x.partner_id, contribution: x.contribution, exchange_rate: x.exchange_rate, work_order_id: id }));
    const supplyContributions = (c.supply.get(id) ?? []).map((x) => ({ supply_contribution_id: x.supply_contribution_id, partner_id: x.partner_id, supply_id: x.supply_id, contribution: x.contribution, exchange_rate: x.exchange_rate, work_order_id: id }));
    const sups = c.supplies.get(id) ?? [];
    const totals = workOrderTotals({ price: r.o.price, exchange_rate: r.o.exchange_rate, field_crops, supplies: sups, labor_contributions: laborContributions, supply_contributions: supplyContributions });
    return {
      work_order_id: id,
      workspace_id: r.o.workspace_id,
      season_plan_id: r.o.season_plan_id,
      season: r.season,
      company: {
        company_id: r.company.company_id,
        name: r.company.name,
        is_an_agreement: r.company.company_type_id === AGREEMENT_TYPE_ID,
        partners: (partners.get(r.company.company_id) ?? []).map((p) => ({ agreement_partner_id: p.agreement_partner_id, partner: p.partner })),
      },
      farm: r.farm,
      contractor_id: r.o.contractor_id,
      contractor: r.o.contractor_id !== null && r.contractor_name !== null ? { contractor_id: r.o.contractor_id, name: r.contractor_name } : null,
      labor_id: r.o.labor_id,
      labor: r.labor,
      price: r.o.price,
      exchange_rate: r.o.exchange_rate,
      labor_start_date: r.o.labor_start_date,
      labor_end_date: r.o.labor_end_date,
      labor_date: r.o.labor_date,
      notes: r.o.notes,
      observations: r.o.observations,
      status_id: r.o.status_id as WorkOrderStatusId,
      status: r.status,
      deleted_at: iso(r.o.deleted_at),
      created_at: r.o.created_at.toISOString(),
      updated_at: r.o.updated_at.toISOString(),
      field_crops,
      supplies: sups.map((s) => ({
        work_order_supply_id: s.work_order_supply_id,
        supply_id: s.supply_id,
        supply: { supply_id: s.supply_id, name: s.supply_name, generic: s.generic_name ? { name: s.generic_name } : null, unit: { unit_id: s.supply_unit_id, name: s.supply_unit_name } },
        supply_generic_id: s.supply_generic_id,
        unit_id: s.unit_id,
        unit: { unit_id: s.unit_id, name: s.unit_name },
        dose_to_apply: s.dose_to_apply,
        price: s.price,
        fill_order: s.fill_order,
        stock_id: s.stock_id,
        stock:
          s.stock_id !== null && s.warehouse_id !== null && s.warehouse_name !== null
            ? { stock_id: s.stock_id, warehouse: { warehouse_id: s.warehouse_id, name: s.warehouse_name }, quantity: s.stock_quantity ?? '0' }
            : null,
        total_quantity: doseTotal(s.dose_to_apply, totals.ha_total),
      })),
      adversities: (c.adversities.get(id) ?? []).map((a) => ({ adversity_id: a.adversity_id, name: a.name, adversity_type: a.adversity_type })),
      labor_contributions: laborContributions,
      supply_contributions: supplyContributions,
      ...totals,
      stock_used: c.used.has(id),
    };
  });
}

/** One order of the workspace as the old loader shaped it. */
export async function legacyLoadWorkOrder(db: Executor, workspaceId: number, workOrderId: number): Promise<WorkOrder | undefined> {
  const rows = await baseSelect(db).where(and(eq(workOrders.workspace_id, workspaceId), eq(workOrders.work_order_id, workOrderId)));
  const [order] = await legacyShapeOrders(db, workspaceId, rows);
  return order;
}
