import { sql } from 'drizzle-orm';
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

/** An order's lots, supplies, adversities, contributions, company partners and stock use, as the database builds them. */
export type OrderChildren = {
  lots: {
    work_order_field_crop_id: number;
    field_crop_id: number;
    field_id: number;
    field_name: string;
    field_hectares: string;
    crop_id: number | null;
    crop_name: string | null;
    crop_sequence_id: number | null;
    stage_id: number | null;
    stage_name: string | null;
    hectares_to_apply: string;
  }[];
  supplies: {
    work_order_supply_id: number;
    supply_id: number;
    supply_name: string;
    generic_name: string | null;
    supply_unit_id: number;
    supply_unit_name: string;
    supply_generic_id: number | null;
    unit_id: number;
    unit_name: string;
    dose_to_apply: string;
    price: string;
    fill_order: number | null;
    stock_id: number | null;
    warehouse_id: number | null;
    warehouse_name: string | null;
    stock_quantity: string | null;
  }[];
  adversities: { adversity_id: number; name: string; adversity_type: string }[];
  labor: { labor_contribution_id: number; partner_id: number; contribution: string; exchange_rate: string }[];
  supply: { supply_contribution_id: number; partner_id: number; supply_id: number; contribution: string; exchange_rate: string }[];
  partners: { agreement_partner_id: number; partner: { company_id: number; name: string } }[];
  stock_used: boolean;
};

// Numerics go out as text (`::text`, the same digits node-postgres hands over): json_build_object would write them as
// JSON numbers. Every child is read by the order's own workspace, as the per-list statements did. The order's columns
// are named "work_orders"."…" by hand: drizzle leaves a one-table select's columns unqualified.
const sameOrder = (alias: string) => sql.raw(`${alias}.workspace_id = "work_orders"."workspace_id" and ${alias}.work_order_id = "work_orders"."work_order_id"`);

const lots = sql`(select coalesce(json_agg(json_build_object(
    'work_order_field_crop_id', w.work_order_field_crop_id, 'field_crop_id', w.field_crop_id, 'field_id', w.field_id,
    'field_name', f.name, 'field_hectares', fc.hectares::text, 'crop_id', w.crop_id, 'crop_name', c.name,
    'crop_sequence_id', w.crop_sequence_id, 'stage_id', w.stage_id, 'stage_name', cs.name, 'hectares_to_apply', w.hectares_to_apply::text)
    order by w.work_order_field_crop_id), '[]'::json)
  from ${workOrderFieldCrops} w
  join ${fields} f on f.field_id = w.field_id
  join ${fieldCrops} fc on fc.field_crop_id = w.field_crop_id
  left join ${crops} c on c.crop_id = w.crop_id
  left join ${cropStages} cs on cs.stage_id = w.stage_id
  where ${sameOrder('w')})`;

const orderSupplies = sql`(select coalesce(json_agg(json_build_object(
    'work_order_supply_id', s.work_order_supply_id, 'supply_id', s.supply_id, 'supply_name', sp.name, 'generic_name', sp.generic_name,
    'supply_unit_id', sp.unit_id, 'supply_unit_name', su.name, 'supply_generic_id', s.supply_generic_id, 'unit_id', s.unit_id,
    'unit_name', u.name, 'dose_to_apply', s.dose_to_apply::text, 'price', s.price::text, 'fill_order', s.fill_order,
    'stock_id', s.stock_id, 'warehouse_id', wh.warehouse_id, 'warehouse_name', wh.name, 'stock_quantity', st.quantity::text)
    order by s.position, s.work_order_supply_id), '[]'::json)
  from ${workOrderSupplies} s
  join ${supplies} sp on sp.supply_id = s.supply_id
  join ${units} su on su.unit_id = sp.unit_id
  join ${units} u on u.unit_id = s.unit_id
  left join ${stocks} st on st.stock_id = s.stock_id
  left join ${warehouses} wh on wh.warehouse_id = st.warehouse_id
  where ${sameOrder('s')})`;

const orderAdversities = sql`(select coalesce(json_agg(json_build_object('adversity_id', a.adversity_id, 'name', a.name, 'adversity_type', a.adversity_type)
    order by a.name, a.adversity_id), '[]'::json)
  from ${workOrderAdversities} wa join ${adversities} a on a.adversity_id = wa.adversity_id
  where ${sameOrder('wa')})`;

const laborContributions = sql`(select coalesce(json_agg(json_build_object(
    'labor_contribution_id', lc.labor_contribution_id, 'partner_id', lc.partner_id, 'contribution', lc.contribution::text, 'exchange_rate', lc.exchange_rate::text)
    order by lc.labor_contribution_id), '[]'::json)
  from ${workOrderLaborContributions} lc where ${sameOrder('lc')})`;

const supplyContributions = sql`(select coalesce(json_agg(json_build_object(
    'supply_contribution_id', sc.supply_contribution_id, 'partner_id', sc.partner_id, 'supply_id', sc.supply_id,
    'contribution', sc.contribution::text, 'exchange_rate', sc.exchange_rate::text)
    order by sc.supply_contribution_id), '[]'::json)
  from ${workOrderSupplyContributions} sc where ${sameOrder('sc')})`;

const partners = sql`(select coalesce(json_agg(json_build_object(
    'agreement_partner_id', ap.agreement_partner_id, 'partner', json_build_object('company_id', pc.company_id, 'name', pc.name))
    order by ap.agreement_partner_id), '[]'::json)
  from ${agreementPartners} ap join ${companies} pc on pc.company_id = ap.partner_id where ap.company_id = "work_orders"."company_id")`;

const stockUsed = sql`exists (select 1 from ${stockTransactions} t where ${sameOrder('t')} and t.name = 'USAGE')`;

/**
 * The order's children as one JSON text per row: correlated subqueries on "work_orders", so the select they go in
 * must read work_orders under its own name. Parsed once in JavaScript (the same on both drivers, which would
 * otherwise each decode json their own way).
 */
export const orderChildren = sql<OrderChildren>`json_build_object('lots', ${lots}, 'supplies', ${orderSupplies}, 'adversities', ${orderAdversities},
  'labor', ${laborContributions}, 'supply', ${supplyContributions}, 'partners', ${partners}, 'stock_used', ${stockUsed})::text`.mapWith(
  (text: string) => JSON.parse(text) as OrderChildren,
);
