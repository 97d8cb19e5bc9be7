import { sql, type SQL } from 'drizzle-orm';
import {
  adversities,
  agreementPartners,
  companies,
  cropStages,
  crops,
  fieldCrops,
  fields,
  stocks,
  stockTransactions,
  supplies,
  units,
  warehouses,
  workOrderAdversities,
  workOrderFieldCrops,
  workOrderLaborContributions,
  workOrderSupplies,
  workOrderSupplyContributions,
} from '../../db/schema/index';

/**
 * An order's child lists in the contract's shape ("Order shape"), as correlated subqueries on "work_orders" (the
 * select they go in must read work_orders under its own name; drizzle leaves a one-table select's columns
 * unqualified, so the order's columns are named by hand). Numerics go out as text (`::text`, the digits the API
 * always sent): json_build_object would write them as JSON numbers. Every child is read by the order's workspace.
 */
const sameOrder = (alias: string) => sql.raw(`${alias}.workspace_id = "work_orders"."workspace_id" and ${alias}.work_order_id = "work_orders"."work_order_id"`);

/** The lots (field_crops) and their hectares to apply, summed: `items` and `ha` (2 decimals, 0.00 without lots). */
export const lotsWithHectares = sql`(select
    coalesce(json_agg(json_build_object(
      'work_order_field_crop_id', w.work_order_field_crop_id, 'field_crop_id', w.field_crop_id, 'field_id', w.field_id,
      'field', json_build_object('field_id', w.field_id, 'name', f.name, 'hectares', fc.hectares::text),
      'crop_id', w.crop_id, 'crop', case when c.name is not null then json_build_object('crop_id', w.crop_id, 'name', c.name) end,
      'crop_sequence_id', w.crop_sequence_id,
      'stage_id', w.stage_id, 'stage', case when cs.name is not null then json_build_object('stage_id', w.stage_id, 'name', cs.name) end,
      'hectares_to_apply', w.hectares_to_apply::text)
      order by w.work_order_field_crop_id), '[]'::json) as items,
    round(coalesce(sum(w.hectares_to_apply), 0), 2) as ha
  from ${workOrderFieldCrops} w
  join ${fields} f on f.field_id = w.field_id
  join ${fieldCrops} fc on fc.field_crop_id = w.field_crop_id
  left join ${crops} c on c.crop_id = w.crop_id
  left join ${cropStages} cs on cs.stage_id = w.stage_id
  where ${sameOrder('w')})`;

/**
 * The supplies for `ha` total hectares: `items` (each with total_quantity = dose × ha, 3 decimals) and `cost`, the
 * unrounded Σ dose × ha × price.
 */
export const suppliesFor = (ha: SQL) => sql`(select
    coalesce(json_agg(json_build_object(
      'work_order_supply_id', s.work_order_supply_id, 'supply_id', s.supply_id,
      'supply', json_build_object('supply_id', s.supply_id, 'name', sp.name,
        'generic', case when sp.generic_name <> '' then json_build_object('name', sp.generic_name) end,
        'unit', json_build_object('unit_id', sp.unit_id, 'name', su.name)),
      'supply_generic_id', s.supply_generic_id, 'unit_id', s.unit_id, 'unit', json_build_object('unit_id', s.unit_id, 'name', u.name),
      'dose_to_apply', s.dose_to_apply::text, 'price', s.price::text, 'fill_order', s.fill_order, 'stock_id', s.stock_id,
      'stock', case when wh.name is not null then json_build_object('stock_id', s.stock_id,
        'warehouse', json_build_object('warehouse_id', wh.warehouse_id, 'name', wh.name), 'quantity', coalesce(st.quantity::text, '0')) end,
      'total_quantity', round(s.dose_to_apply * ${ha}, 3)::text)
      order by s.position, s.work_order_supply_id), '[]'::json) as items,
    coalesce(sum(s.dose_to_apply * ${ha} * s.price), 0) as cost
  from ${workOrderSupplies} s
  join ${supplies} sp on sp.supply_id = s.supply_id
  join ${units} su on su.unit_id = sp.unit_id
  join ${units} u on u.unit_id = s.unit_id
  left join ${stocks} st on st.stock_id = s.stock_id
  left join ${warehouses} wh on wh.warehouse_id = st.warehouse_id
  where ${sameOrder('s')})`;

export const orderAdversities = sql`(select coalesce(json_agg(json_build_object('adversity_id', a.adversity_id, 'name', a.name, 'adversity_type', a.adversity_type)
    order by a.name, a.adversity_id), '[]'::json)
  from ${workOrderAdversities} wa join ${adversities} a on a.adversity_id = wa.adversity_id
  where ${sameOrder('wa')})`;

/** Partner contributions to the labor: `items` and their `total`. */
export const laborContributions = sql`(select
    coalesce(json_agg(json_build_object(
      'labor_contribution_id', lc.labor_contribution_id, 'partner_id', lc.partner_id, 'contribution', lc.contribution::text,
      'exchange_rate', lc.exchange_rate::text, 'work_order_id', lc.work_order_id)
      order by lc.labor_contribution_id), '[]'::json) as items,
    coalesce(sum(lc.contribution), 0) as total
  from ${workOrderLaborContributions} lc where ${sameOrder('lc')})`;

/** Partner contributions to the supplies: `items` and their `total`. */
export const supplyContributions = sql`(select
    coalesce(json_agg(json_build_object(
      'supply_contribution_id', sc.supply_contribution_id, 'partner_id', sc.partner_id, 'supply_id', sc.supply_id,
      'contribution', sc.contribution::text, 'exchange_rate', sc.exchange_rate::text, 'work_order_id', sc.work_order_id)
      order by sc.supply_contribution_id), '[]'::json) as items,
    coalesce(sum(sc.contribution), 0) as total
  from ${workOrderSupplyContributions} sc where ${sameOrder('sc')})`;

export const companyPartners = sql`(select coalesce(json_agg(json_build_object(
    'agreement_partner_id', ap.agreement_partner_id, 'partner', json_build_object('company_id', pc.company_id, 'name', pc.name))
    order by ap.agreement_partner_id), '[]'::json)
  from ${agreementPartners} ap join ${companies} pc on pc.company_id = ap.partner_id where ap.company_id = "work_orders"."company_id")`;

export const stockUsed = sql`exists (select 1 from ${stockTransactions} t where ${sameOrder('t')} and t.name = 'USAGE')`;
