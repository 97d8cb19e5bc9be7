import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { WorkOrderBodyInput } from '@fm/domain';
import { companies, contractors, farms, fieldCrops, fields, seasonPlans, seasons, stocks, supplies, warehouses } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { call, json, type TestUser } from '../../test/app';
import { receive } from '../inventory/index';

export const UNIT_LT = 9;
export const LABOR_PULVERIZACION = 2;
export const CROP_SOJA = 1;

export type WoFixture = {
  seasonPlan: number;
  plots: { field_crop_id: number; name: string; hectares: number }[];
  contractor: number;
  company: number;
  warehouse: number;
  supplies: number[];
  stocks: number[];
};

let n = 0;

/**
 * What a work order needs in a user's workspace, written straight to the database: a season plan (season, company,
 * farm) with three sown plots of 50, 30 and 20 ha, a contractor, a warehouse and two supplies with stock (`quantities`).
 */
export async function woFixture(app: FastifyInstance, user: TestUser, opts: { agreement?: boolean; quantities?: [string, string] } = {}): Promise<WoFixture> {
  n += 1;
  const db = app.db;
  const ws = user.workspace_id;
  const [company] = await db.insert(companies).values({ user_id: user.user_id, name: `Agro ${n} SA`, tax_identifier: '30715432109', company_type_id: opts.agreement ? 2 : 1 }).returning();
  const [farm] = await db.insert(farms).values({ user_id: user.user_id, name: `La Esperanza ${n}` }).returning();
  const [contractor] = await db.insert(contractors).values({ user_id: user.user_id, name: `Aplicaciones ${n}` }).returning();
  const [warehouse] = await db.insert(warehouses).values({ user_id: user.user_id, name: `Depósito ${n}` }).returning();
  await share(db, 'companies', company.company_id, [ws]);
  await share(db, 'farms', farm.farm_id, [ws]);
  await share(db, 'contractors', contractor.contractor_id, [ws]);
  await share(db, 'warehouses', warehouse.warehouse_id, [ws]);
  const [season] = await db.insert(seasons).values({ workspace_id: ws, name: '2025/26' }).onConflictDoNothing().returning();
  const seasonId = season?.season_id ?? (await db.select().from(seasons).where(eq(seasons.workspace_id, ws)))[0].season_id;
  const [plan] = await db.insert(seasonPlans).values({ workspace_id: ws, season_id: seasonId, company_id: company.company_id, farm_id: farm.farm_id }).returning();
  const plotRows = await db
    .insert(fields)
    .values([50, 30, 20].map((hectares, i) => ({ farm_id: farm.farm_id, name: ['El Bajo', 'La Loma', 'El Monte'][i], hectares })))
    .returning();
  const crops = await db
    .insert(fieldCrops)
    .values(plotRows.map((f) => ({ season_plan_id: plan.season_plan_id, field_id: f.field_id, crop_id: CROP_SOJA, crop_sequence_id: 2, hectares: Number(f.hectares) })))
    .returning();
  const supplyRows = await db
    .insert(supplies)
    .values([
      { workspace_id: ws, name: `Glifosato ${n}`, generic_name: 'Glifosato', supply_type_id: 1, unit_id: UNIT_LT },
      { workspace_id: ws, name: `2,4-D ${n}`, generic_name: '2,4-D', supply_type_id: 1, unit_id: UNIT_LT },
    ])
    .returning();
  const q = opts.quantities ?? ['1000', '1000'];
  const { stockIds } = await receive(db, {
    workspaceId: ws,
    userId: user.user_id,
    companyId: company.company_id,
    warehouseId: warehouse.warehouse_id,
    rows: supplyRows.map((s, i) => ({ supplyId: s.supply_id, unitId: UNIT_LT, quantity: q[i], price: '5000', exchangeRate: '1000' })),
  });
  return {
    seasonPlan: plan.season_plan_id,
    plots: crops.map((c, i) => ({ field_crop_id: c.field_crop_id, name: plotRows[i].name, hectares: Number(plotRows[i].hectares) })),
    contractor: contractor.contractor_id,
    company: company.company_id,
    warehouse: warehouse.warehouse_id,
    supplies: supplyRows.map((s) => s.supply_id),
    stocks: stockIds,
  };
}

/** A valid body: two lots (50 + 30 ha) and the two supplies from their stocks (2 and 0.5 lt/ha). */
export function orderBody(f: WoFixture, over: Partial<WorkOrderBodyInput> = {}): WorkOrderBodyInput {
  return {
    season_plan_id: f.seasonPlan,
    contractor_id: f.contractor,
    labor_id: LABOR_PULVERIZACION,
    price: '38',
    exchange_rate: '1000',
    labor_start_date: '2026-11-26',
    labor_end_date: '2026-11-29',
    observations: ['Repasar caminos'],
    field_crops: [
      { field_crop_id: f.plots[0].field_crop_id, hectares_to_apply: '50' },
      { field_crop_id: f.plots[1].field_crop_id, hectares_to_apply: '30' },
    ],
    supplies: [
      { supply_id: f.supplies[0], unit_id: UNIT_LT, dose_to_apply: '2', price: '5000', stock_id: f.stocks[0], fill_order: 1 },
      { supply_id: f.supplies[1], unit_id: UNIT_LT, dose_to_apply: '0.5', price: '7000', stock_id: f.stocks[1], fill_order: 2 },
    ],
    adversities: [{ adversity_id: 1 }],
    ...over,
  };
}

export const q = (user: TestUser, rest = '') => `workspace_id=${user.workspace_id}&workspace=true${rest ? `&${rest}` : ''}`;

/** Creates an order through the API and returns its id. */
export async function createOrder(app: FastifyInstance, user: TestUser, body: WorkOrderBodyInput): Promise<number> {
  const res = await call(app, 'POST', `work-orders?${q(user)}`, { token: user.token, body });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return json<{ work_order_id: number }[]>(res).data[0].work_order_id;
}

export async function stockQuantity(app: FastifyInstance, stockId: number): Promise<string> {
  const [s] = await app.db.select({ quantity: stocks.quantity }).from(stocks).where(eq(stocks.stock_id, stockId));
  return s.quantity;
}

export const setStatus = (app: FastifyInstance, user: TestUser, id: number, status: number, body: Record<string, unknown> = {}) =>
  call(app, 'PUT', `work-orders/${id}/status/${status}?${q(user)}`, { token: user.token, body });
