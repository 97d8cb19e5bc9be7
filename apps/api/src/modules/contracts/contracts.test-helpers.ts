import Big from 'big.js';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { agreementPartners, buyers, companies, destinations, grainContracts, grainMovements, grainStocks, grainStockTransactions, seasons, transports } from '../../db/schema/index';
import { share } from '../../http/sharing';
import { call, json, type TestUser } from '../../test/app';

export const CROP_SOJA = 1;
export const CROP_MAIZ = 2;

export type ContractFixture = {
  company: number;
  agreement: number;
  buyer: number;
  season: number;
  destination: number;
  transport: number;
};

let n = 0;

/**
 * What a contract needs in a user's workspace, written straight to the database: a company, an agreement company
 * (type 2) with that company as partner, a buyer, a season, an Acopio destination and a transport.
 */
export async function contractFixture(app: FastifyInstance, user: TestUser): Promise<ContractFixture> {
  n += 1;
  const db = app.db;
  const ws = user.workspace_id;
  const [company] = await db.insert(companies).values({ user_id: user.user_id, name: `Granos ${n} SA`, tax_identifier: '30715432109' }).returning();
  const [agreement] = await db.insert(companies).values({ user_id: user.user_id, name: `Convenio ${n}`, tax_identifier: '30715432109', company_type_id: 2 }).returning();
  await db.insert(agreementPartners).values({ company_id: agreement.company_id, partner_id: company.company_id, contribution: 50 });
  const [buyer] = await db.insert(buyers).values({ user_id: user.user_id, name: `Cargill ${n}` }).returning();
  const [destination] = await db.insert(destinations).values({ user_id: user.user_id, name: `Acopio ${n}`, destination_type: 'Acopio', buyer_id: buyer.buyer_id }).returning();
  const [transport] = await db.insert(transports).values({ user_id: user.user_id, name: `Transporte ${n}` }).returning();
  await share(db, 'companies', company.company_id, [ws]);
  await share(db, 'companies', agreement.company_id, [ws]);
  await share(db, 'buyers', buyer.buyer_id, [ws]);
  await share(db, 'destinations', destination.destination_id, [ws]);
  await share(db, 'transports', transport.transport_id, [ws]);
  const [season] = await db.insert(seasons).values({ workspace_id: ws, name: '2025/26' }).onConflictDoNothing().returning();
  const seasonId = season?.season_id ?? (await db.select().from(seasons).where(and(eq(seasons.workspace_id, ws), eq(seasons.name, '2025/26'))))[0].season_id;
  return { company: company.company_id, agreement: agreement.company_id, buyer: buyer.buyer_id, season: seasonId, destination: destination.destination_id, transport: transport.transport_id };
}

export function contractBody(f: ContractFixture, over: Record<string, unknown> = {}) {
  return { company_id: f.company, crop_id: CROP_SOJA, buyer_id: f.buyer, season_id: f.season, tons: '100', price: '300', exchange_rate: '1000', ...over };
}

export async function createContract(app: FastifyInstance, user: TestUser, body: Record<string, unknown>): Promise<number> {
  const res = await call(app, 'POST', `grains/contracts?workspace_id=${user.workspace_id}&workspace=true`, { token: user.token, body });
  if (res.statusCode !== 201) throw new Error(`contract not created: ${res.statusCode} ${res.body}`);
  return json<{ contract_id: number }[]>(res).data[0].contract_id;
}

/**
 * A movement already received into the fixture's Acopio stock (as the grains module's reception leaves it: status
 * En destino, destination tons, the stock it went into and a 'recepcion' transaction adding them).
 */
export async function receivedMovement(app: FastifyInstance, user: TestUser, f: ContractFixture, tons: string, cropId = CROP_SOJA): Promise<{ movement_id: number; stock_id: number }> {
  const db = app.db;
  const ws = user.workspace_id;
  const key = { workspace_id: ws, company_id: f.company, season_id: f.season, crop_id: cropId, destination_id: f.destination };
  await db.insert(grainStocks).values(key).onConflictDoNothing();
  const [stock] = await db
    .select()
    .from(grainStocks)
    .where(and(eq(grainStocks.workspace_id, ws), eq(grainStocks.company_id, f.company), eq(grainStocks.season_id, f.season), eq(grainStocks.crop_id, cropId), eq(grainStocks.destination_id, f.destination)));
  const [m] = await db
    .insert(grainMovements)
    .values({
      workspace_id: ws,
      season_id: f.season,
      company_id: f.company,
      crop_id: cropId,
      destination_id: f.destination,
      transport_id: f.transport,
      load_date: '2026-04-10',
      origin_tons: tons,
      origin_humidity: '13.5',
      destination_tons: tons,
      destination_humidity: '13.5',
      waybill: `CP-${n}-${tons}`,
      status: 'En destino',
      received_at: new Date(),
      stock_id: stock.stock_id,
    })
    .returning();
  await db.insert(grainStockTransactions).values({ workspace_id: ws, stock_id: stock.stock_id, movement_id: m.movement_id, kind: 'recepcion', tons });
  await db.update(grainStocks).set({ tons: sql`${grainStocks.tons} + ${tons}` }).where(eq(grainStocks.stock_id, stock.stock_id));
  return { movement_id: m.movement_id, stock_id: stock.stock_id };
}

export async function stockTons(app: FastifyInstance, stockId: number): Promise<string> {
  const [s] = await app.db.select({ tons: grainStocks.tons }).from(grainStocks).where(eq(grainStocks.stock_id, stockId));
  return s.tons;
}

/** The sum of the stock's transactions (must equal its tons). */
export async function stockLedgerSum(app: FastifyInstance, stockId: number): Promise<string> {
  const rows = await app.db.select({ tons: grainStockTransactions.tons }).from(grainStockTransactions).where(eq(grainStockTransactions.stock_id, stockId));
  return rows.reduce((s, r) => s.plus(r.tons), new Big(0)).toFixed(3);
}

export async function contractRow(app: FastifyInstance, contractId: number) {
  const [c] = await app.db.select().from(grainContracts).where(eq(grainContracts.contract_id, contractId));
  return c;
}

export const q = (user: TestUser, extra = '') => `workspace_id=${user.workspace_id}&workspace=true${extra ? `&${extra}` : ''}`;

export function deliver(app: FastifyInstance, user: TestUser, contractId: number, movements: { movement_id: number; tons: string; delivery_date?: string }[]) {
  return call(app, 'POST', `grains/contracts/movements?${q(user, `contract_id=${contractId}`)}`, {
    token: user.token,
    body: { movements: movements.map((m) => ({ delivery_date: '2026-05-02', ...m })) },
  });
}
