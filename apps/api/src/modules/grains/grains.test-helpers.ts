import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { GrainMovementBodyInput } from '@fm/domain';
import { agreementPartners, carriers, companies, destinations, farms, fieldCrops, fields, grainStocks, grainStockTransactions, seasonPlans, seasons, transports } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { call, json, type TestUser } from '../../test/app';

export const CROP_SOJA = 1;
export const CROP_MAIZ = 2;

export type GrainFixture = {
  plan: number;
  season: number;
  company: number;
  farm: number;
  partner: number | null;
  plots: number[];
  acopio: number;
  silo: number;
  silobolsa: number;
  transport: number;
  carrier: number;
  otherCarrier: number;
};

let n = 0;

/**
 * What movements need in a user's workspace, written straight to the database: a season plan (company — an agreement
 * with one partner when `agreement` — and farm) with two plots (soja, maíz), an Acopio, a Silo and a Silobolsa, a
 * transport with a carrier (plates AB123CD / AAA123) and a carrier of another transport.
 */
export async function grainFixture(app: FastifyInstance, user: TestUser, opts: { agreement?: boolean } = {}): Promise<GrainFixture> {
  n += 1;
  const db = app.db;
  const ws = user.workspace_id;
  const [company] = await db.insert(companies).values({ user_id: user.user_id, name: `Granos ${n} SA`, tax_identifier: '30715432109', company_type_id: opts.agreement ? 2 : 1 }).returning();
  let partner: number | null = null;
  if (opts.agreement) {
    const [p] = await db.insert(companies).values({ user_id: user.user_id, name: `Socio ${n}`, tax_identifier: '20301234567' }).returning();
    await db.insert(agreementPartners).values({ company_id: company.company_id, partner_id: p.company_id, contribution: 50 });
    await share(db, 'companies', p.company_id, [ws]);
    partner = p.company_id;
  }
  const [farm] = await db.insert(farms).values({ user_id: user.user_id, name: `La Granja ${n}` }).returning();
  await share(db, 'companies', company.company_id, [ws]);
  await share(db, 'farms', farm.farm_id, [ws]);
  const [season] = await db.insert(seasons).values({ workspace_id: ws, name: '2025/26' }).onConflictDoNothing().returning();
  const seasonId = season?.season_id ?? (await db.select().from(seasons).where(eq(seasons.workspace_id, ws)))[0].season_id;
  const [plan] = await db.insert(seasonPlans).values({ workspace_id: ws, season_id: seasonId, company_id: company.company_id, farm_id: farm.farm_id }).returning();
  const plotRows = await db.insert(fields).values([{ farm_id: farm.farm_id, name: 'El Bajo', hectares: 50 }, { farm_id: farm.farm_id, name: 'La Loma', hectares: 30 }]).returning();
  const plots = await db
    .insert(fieldCrops)
    .values(plotRows.map((f, i) => ({ season_plan_id: plan.season_plan_id, field_id: f.field_id, crop_id: i === 0 ? CROP_SOJA : CROP_MAIZ, crop_sequence_id: 2, hectares: Number(f.hectares) })))
    .returning();
  const dest = async (name: string, destination_type: string) => {
    const [d] = await db.insert(destinations).values({ user_id: user.user_id, name: `${name} ${n}`, destination_type, farm_id: destination_type === 'Acopio' ? null : farm.farm_id }).returning();
    await share(db, 'destinations', d.destination_id, [ws]);
    return d.destination_id;
  };
  const [transport] = await db.insert(transports).values({ user_id: user.user_id, name: `Transportes ${n}` }).returning();
  const [otherTransport] = await db.insert(transports).values({ user_id: user.user_id, name: `Fletes ${n}` }).returning();
  await share(db, 'transports', transport.transport_id, [ws]);
  await share(db, 'transports', otherTransport.transport_id, [ws]);
  const [carrier] = await db.insert(carriers).values({ user_id: user.user_id, transport_id: transport.transport_id, name: 'Juan Pérez', chassis_patent: 'AB123CD', trailer_patent: 'AAA123' }).returning();
  const [other] = await db.insert(carriers).values({ user_id: user.user_id, transport_id: otherTransport.transport_id, name: 'Pedro Gómez' }).returning();
  return {
    plan: plan.season_plan_id,
    season: seasonId,
    company: company.company_id,
    farm: farm.farm_id,
    partner,
    plots: plots.map((p) => p.field_crop_id),
    acopio: await dest('Acopio', 'Acopio'),
    silo: await dest('Silo', 'Silo'),
    silobolsa: await dest('Silobolsa', 'Silobolsa'),
    transport: transport.transport_id,
    carrier: carrier.carrier_id,
    otherCarrier: other.carrier_id,
  };
}

/** A valid movement from the soja plot to the Acopio. */
export function movementBody(f: GrainFixture, over: Partial<GrainMovementBodyInput> = {}): GrainMovementBodyInput {
  return {
    season_plan_id: f.plan,
    field_crop_id: f.plots[0],
    destination_id: f.acopio,
    transport_id: f.transport,
    carrier_id: f.carrier,
    partner_id: f.partner,
    load_date: '2026-04-15',
    origin_tons: '30.5',
    origin_humidity: '14',
    freight_price: '12.5',
    freight_exchange_rate: '1050',
    waybill: 'CP-0001',
    grain_traceability_code: '10100020003',
    ...over,
  };
}

export const q = (user: TestUser, rest = '') => `workspace_id=${user.workspace_id}&workspace=true${rest ? `&${rest}` : ''}`;
export const filters = (field: string, condition: string, value: unknown) => encodeURIComponent(JSON.stringify({ AND: [{ field, condition, value }] }));

/** Creates movements through the API; their ids. */
export async function createMovements(app: FastifyInstance, user: TestUser, bodies: GrainMovementBodyInput[]): Promise<number[]> {
  const res = await call(app, 'POST', `grains/movements?${q(user)}`, { token: user.token, body: { movements: bodies } });
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return json<{ movement_id: number }[]>(res).data.map((m) => m.movement_id);
}

/** Receives movements through the API. */
export async function receive(app: FastifyInstance, user: TestUser, rows: { movement_id: number; destination_tons: string | number; destination_humidity: string | number }[]) {
  return call(app, 'POST', `grains/movements/receptions?${q(user)}`, { token: user.token, body: { receptions: rows } });
}

export async function stockTons(app: FastifyInstance, stockId: number): Promise<string> {
  const [s] = await app.db.select({ tons: grainStocks.tons }).from(grainStocks).where(eq(grainStocks.stock_id, stockId));
  return s?.tons ?? 'gone';
}

/** The stock's tons equal the sum of its ledger. */
export async function ledgerSum(app: FastifyInstance, stockId: number): Promise<number> {
  const rows = await app.db.select({ tons: grainStockTransactions.tons }).from(grainStockTransactions).where(eq(grainStockTransactions.stock_id, stockId));
  return Number(rows.reduce((s, r) => s + Number(r.tons), 0).toFixed(3));
}
