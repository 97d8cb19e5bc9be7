import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AGREEMENT_TYPE_ID, doseTotal, workOrderTotals, type WorkOrder, type WorkOrderStatusId } from '@fm/domain';
import type { Executor } from '../../db/client';
import { oncePerDb } from '../../db/once-per-db';
import { companies, contractors, farms, labors, seasons, statuses, workOrders } from '../../db/schema/index';
import { orderChildren } from './work-orders.children';

/**
 * Reads orders in the contract's full shape ("Order shape") in ONE statement: the order with its names, and its
 * lots, supplies, adversities, contributions, company partners and stock use as JSON built by correlated
 * subqueries (work-orders.children.ts). One statement per child list made a page 8 statements, which queued on the
 * pool of 10 at 10 concurrent pages (issue 8, decision 0026). The derived totals stay in JavaScript (workOrderTotals).
 */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

/**
 * A column of a small lookup table by id, as a scalar subquery: joining the five lookups made the statement a
 * 7-relation join whose planning cost more than running it (and it is planned on every execution: with `limit $n`
 * PostgreSQL never prefers the generic plan).
 */
const lookup = <T>(column: AnyPgColumn, key: AnyPgColumn, id: AnyPgColumn) =>
  // qualified by hand: drizzle leaves the columns of a one-table select unqualified, and these sit inside a subquery
  sql<T>`(select x.${sql.identifier(column.name)} from ${column.table} x where x.${sql.identifier(key.name)} = "work_orders".${sql.identifier(id.name)})`;

/** Orders with their names and children; the rows' conditions and order are the caller's. */
export function orderSelect(db: Executor) {
  return db
    .select({
      o: workOrders,
      season: { season_id: workOrders.season_id, name: lookup<string>(seasons.name, seasons.season_id, workOrders.season_id) },
      company: {
        company_id: workOrders.company_id,
        name: lookup<string>(companies.name, companies.company_id, workOrders.company_id),
        company_type_id: lookup<number>(companies.company_type_id, companies.company_id, workOrders.company_id),
      },
      farm: { farm_id: workOrders.farm_id, name: lookup<string>(farms.name, farms.farm_id, workOrders.farm_id) },
      contractor_name: lookup<string | null>(contractors.name, contractors.contractor_id, workOrders.contractor_id),
      labor: { labor_id: workOrders.labor_id, name: lookup<string>(labors.name, labors.labor_id, workOrders.labor_id) },
      status: { status_id: workOrders.status_id, name: lookup<string>(statuses.name, statuses.status_id, workOrders.status_id) },
      children: orderChildren,
    })
    .from(workOrders);
}
type OrderRow = Awaited<ReturnType<ReturnType<typeof orderSelect>['execute']>>[number];

/** The contract's order shape for these rows (in their order), with every derived total. */
export function shapeOrders(rows: OrderRow[]): WorkOrder[] {
  return rows.map((r) => {
    const id = r.o.work_order_id;
    const c = r.children;
    const field_crops = c.lots.map((l) => ({
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
    const laborContributions = c.labor.map((x) => ({ labor_contribution_id: x.labor_contribution_id, partner_id: x.partner_id, contribution: x.contribution, exchange_rate: x.exchange_rate, work_order_id: id }));
    const supplyContributions = c.supply.map((x) => ({ supply_contribution_id: x.supply_contribution_id, partner_id: x.partner_id, supply_id: x.supply_id, contribution: x.contribution, exchange_rate: x.exchange_rate, work_order_id: id }));
    const sups = c.supplies;
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
        partners: c.partners.map((p) => ({ agreement_partner_id: p.agreement_partner_id, partner: p.partner })),
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
      adversities: c.adversities.map((a) => ({ adversity_id: a.adversity_id, name: a.name, adversity_type: a.adversity_type })),
      labor_contributions: laborContributions,
      supply_contributions: supplyContributions,
      ...totals,
      stock_used: c.stock_used,
    };
  });
}

/**
 * One order of the workspace in the contract's full shape (deleted ones included), or undefined: the loader the
 * PDF, contributions and recipes use.
 */
export async function loadWorkOrder(db: Executor, workspaceId: number, workOrderId: number): Promise<WorkOrder | undefined> {
  return shapeOrders(await oneOrder(db).execute({ workspace: workspaceId, id: workOrderId }))[0];
}

/** Built once per database: drizzle's text of the order with its children is long to build (decision 0029). */
const oneOrder = oncePerDb((db) =>
  orderSelect(db)
    .where(and(eq(workOrders.workspace_id, sql.placeholder('workspace')), eq(workOrders.work_order_id, sql.placeholder('id'))))
    .prepare(''),
);
