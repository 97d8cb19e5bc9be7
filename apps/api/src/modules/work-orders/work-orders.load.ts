import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AGREEMENT_TYPE_ID, type WorkOrder } from '@fm/domain';
import type { Executor } from '../../db/client';
import { isoInstant, jsonIdName } from '../../db/json-sql';
import { oncePerDb } from '../../db/once-per-db';
import { companies, contractors, farms, labors, seasons, statuses, workOrders } from '../../db/schema/index';
import { companyPartners, laborContributions, lotsWithHectares, orderAdversities, stockUsed, suppliesFor, supplyContributions } from './work-orders.children';
import { laborTotal, suppliesTotal, totalsText } from './work-orders.totals';

/**
 * Orders in the contract's full shape ("Order shape") built by the database as JSON text, totals included, in ONE
 * statement: the order with its names, and its lots, supplies, adversities, contributions, company partners and stock
 * use (work-orders.children.ts), the totals in exact numerics (work-orders.totals.ts). A page is sent as those texts,
 * never parsed nor serialised again in JavaScript (decision 0031); one order is parsed for the PDF, contributions and
 * recipes. One statement per child list made a page 8 statements (issue 8, decision 0026).
 */

/** An order's own column, qualified by hand: the expressions below sit inside subqueries on "work_orders". */
const own = (column: AnyPgColumn) => sql.raw(`"work_orders"."${column.name}"`);
const isoTime = (column: AnyPgColumn) => isoInstant(own(column));

/**
 * A column of a small lookup table by id, as a scalar subquery: joining the five lookups made the statement a
 * 7-relation join whose planning cost more than running it.
 */
const lookup = (column: AnyPgColumn, key: AnyPgColumn, id: AnyPgColumn) =>
  sql`(select x.${sql.identifier(column.name)} from ${column.table} x where x.${sql.identifier(key.name)} = ${own(id)})`;
const named = (idKey: string, id: AnyPgColumn, name: SQL) => jsonIdName(idKey, own(id), name);

/**
 * The order as JSON text; `withContributions` (a boolean SQL value) keeps the contribution lists, which the list
 * answers empty unless asked (`contributions=true`); the totals count them either way.
 */
export function orderJson(withContributions: SQL): SQL<string> {
  const totals = totalsText({ ha: sql`l.ha`, labor: sql`t.labor`, supplies: sql`t.supplies`, rate: own(workOrders.exchange_rate), contributions: sql`(lc.total + sc.total)` });
  const contractor = lookup(contractors.name, contractors.contractor_id, workOrders.contractor_id);
  return sql<string>`(select json_build_object(
      'work_order_id', ${own(workOrders.work_order_id)}, 'workspace_id', ${own(workOrders.workspace_id)}, 'season_plan_id', ${own(workOrders.season_plan_id)},
      'season', ${named('season_id', workOrders.season_id, lookup(seasons.name, seasons.season_id, workOrders.season_id))},
      'company', json_build_object('company_id', ${own(workOrders.company_id)}, 'name', ${lookup(companies.name, companies.company_id, workOrders.company_id)},
        'is_an_agreement', ${lookup(companies.company_type_id, companies.company_id, workOrders.company_id)} = ${AGREEMENT_TYPE_ID}, 'partners', ${companyPartners}),
      'farm', ${named('farm_id', workOrders.farm_id, lookup(farms.name, farms.farm_id, workOrders.farm_id))},
      'contractor_id', ${own(workOrders.contractor_id)},
      'contractor', (select ${named('contractor_id', workOrders.contractor_id, sql`c.name`)} from (select ${contractor} as name) c where c.name is not null),
      'labor_id', ${own(workOrders.labor_id)}, 'labor', ${named('labor_id', workOrders.labor_id, lookup(labors.name, labors.labor_id, workOrders.labor_id))},
      'price', ${own(workOrders.price)}::text, 'exchange_rate', ${own(workOrders.exchange_rate)}::text,
      'labor_start_date', ${own(workOrders.labor_start_date)}, 'labor_end_date', ${own(workOrders.labor_end_date)}, 'labor_date', ${own(workOrders.labor_date)},
      'notes', ${own(workOrders.notes)}, 'observations', ${own(workOrders.observations)},
      'status_id', ${own(workOrders.status_id)}, 'status', ${named('status_id', workOrders.status_id, lookup(statuses.name, statuses.status_id, workOrders.status_id))},
      'deleted_at', ${isoTime(workOrders.deleted_at)}, 'created_at', ${isoTime(workOrders.created_at)}, 'updated_at', ${isoTime(workOrders.updated_at)},
      'field_crops', l.items, 'supplies', s.items, 'adversities', ${orderAdversities},
      'labor_contributions', case when ${withContributions} then lc.items else '[]'::json end,
      'supply_contributions', case when ${withContributions} then sc.items else '[]'::json end,
      'ha_total', ${totals.ha_total}, 'labor_total', ${totals.labor_total}, 'supplies_total', ${totals.supplies_total},
      'total_cost', ${totals.total_cost}, 'total_cost_usd', ${totals.total_cost_usd},
      'total_contributions', ${totals.total_contributions}, 'percentage_contributions', ${totals.percentage_contributions},
      'stock_used', ${stockUsed})
    from ${lotsWithHectares} l
    cross join lateral ${suppliesFor(sql`l.ha`)} s
    cross join ${laborContributions} lc
    cross join ${supplyContributions} sc
    cross join lateral (select ${laborTotal(own(workOrders.price), sql`l.ha`)} as labor, ${suppliesTotal(sql`s.cost`)} as supplies) t)::text`;
}

/** One order of the workspace as JSON text (deleted ones included), or undefined. */
export async function loadWorkOrderJson(db: Executor, workspaceId: number, workOrderId: number): Promise<string | undefined> {
  const [row] = await oneOrder(db).execute({ workspace: workspaceId, id: workOrderId });
  return row?.json;
}

/** One order of the workspace in the contract's full shape (deleted ones included), or undefined: the loader the PDF, contributions and recipes use. */
export async function loadWorkOrder(db: Executor, workspaceId: number, workOrderId: number): Promise<WorkOrder | undefined> {
  const text = await loadWorkOrderJson(db, workspaceId, workOrderId);
  return text === undefined ? undefined : (JSON.parse(text) as WorkOrder);
}

/** Built once per database: drizzle's text of the order is long to build (decision 0029). */
const oneOrder = oncePerDb((db) =>
  db
    .select({ json: orderJson(sql`true`) })
    .from(workOrders)
    .where(and(eq(workOrders.workspace_id, sql.placeholder('workspace')), eq(workOrders.work_order_id, sql.placeholder('id'))))
    .prepare(''),
);
