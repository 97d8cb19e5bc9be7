import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { GrainMovementRow } from '@fm/domain';
import { alias } from 'drizzle-orm/pg-core';
import { carriers, companies, crops, destinations, farms, fieldCrops, fields, grainMovements, grainStocks, seasons, transports } from '../../db/schema/index';
import { planList } from '../../http/list-query';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { createMovements, grainFixture, movementBody, q, receive, type GrainFixture } from './grains.test-helpers';
import { listMovements, movementList, movementsByIds } from './movements.repo';

/**
 * The movement rows the database writes as JSON (decision 0042) against the rows as JavaScript shaped them before:
 * the columns read by a plain select with the optional names as LEFT JOINs, "Origen" and the company derived, and
 * numerics and instants as JSON numbers and ISO texts.
 */
let app: TestApp;
let owner: TestUser;
let f: GrainFixture;
let stockId: number;

const partner = alias(companies, 'partner');
const originStock = alias(grainStocks, 'origin_stock');
const originDestination = alias(destinations, 'origin_destination');
const num = (v: string | null) => (v === null ? null : Number(v));

async function oracleRows(workspaceId: number) {
  const rows = await app.db
    .select({
      m: grainMovements,
      season_name: seasons.name,
      own_company_name: companies.name,
      partner_name: partner.name,
      farm_name: farms.name,
      field_name: fields.name,
      season_plan_id: fieldCrops.season_plan_id,
      crop_name: crops.name,
      destination_name: destinations.name,
      destination_type: destinations.destination_type,
      transport_name: transports.name,
      carrier_name: carriers.name,
      origin_destination_name: originDestination.name,
    })
    .from(grainMovements)
    .innerJoin(seasons, eq(seasons.season_id, grainMovements.season_id))
    .innerJoin(companies, eq(companies.company_id, grainMovements.company_id))
    .innerJoin(crops, eq(crops.crop_id, grainMovements.crop_id))
    .innerJoin(destinations, eq(destinations.destination_id, grainMovements.destination_id))
    .innerJoin(transports, eq(transports.transport_id, grainMovements.transport_id))
    .leftJoin(partner, eq(partner.company_id, grainMovements.partner_id))
    .leftJoin(farms, eq(farms.farm_id, grainMovements.farm_id))
    .leftJoin(fields, eq(fields.field_id, grainMovements.field_id))
    .leftJoin(fieldCrops, eq(fieldCrops.field_crop_id, grainMovements.field_crop_id))
    .leftJoin(carriers, eq(carriers.carrier_id, grainMovements.carrier_id))
    .leftJoin(originStock, eq(originStock.stock_id, grainMovements.origin_stock_id))
    .leftJoin(originDestination, eq(originDestination.destination_id, originStock.destination_id))
    .where(and(eq(grainMovements.workspace_id, workspaceId), isNull(grainMovements.deleted_at)))
    .orderBy(desc(grainMovements.movement_id));
  return rows.map(({ m, own_company_name, origin_destination_name, ...names }) => ({
    movement_id: m.movement_id,
    origin: origin_destination_name ?? [names.field_name, names.farm_name].filter((name) => name !== null).join(' | '),
    origin_stock_id: m.origin_stock_id,
    season_plan_id: names.season_plan_id,
    season_id: m.season_id,
    season_name: names.season_name,
    company_id: m.company_id,
    company_name: names.partner_name ?? own_company_name,
    partner_id: m.partner_id,
    partner_name: names.partner_name,
    farm_id: m.farm_id,
    farm_name: names.farm_name,
    field_id: m.field_id,
    field_name: names.field_name,
    field_crop_id: m.field_crop_id,
    crop_id: m.crop_id,
    crop_name: names.crop_name,
    crop_sequence_id: m.crop_sequence_id,
    destination_id: m.destination_id,
    destination_name: names.destination_name,
    destination_type: names.destination_type,
    transport_id: m.transport_id,
    transport_name: names.transport_name,
    carrier_id: m.carrier_id,
    carrier_name: names.carrier_name,
    load_date: m.load_date,
    origin_tons: Number(m.origin_tons),
    origin_humidity: Number(m.origin_humidity),
    destination_tons: num(m.destination_tons),
    destination_humidity: num(m.destination_humidity),
    waybill: m.waybill,
    grain_traceability_code: m.grain_traceability_code,
    chassis_patent: m.chassis_patent,
    trailer_patent: m.trailer_patent,
    freight_price: Number(m.freight_price),
    freight_exchange_rate: num(m.freight_exchange_rate),
    status: m.status,
    received_at: m.received_at?.toISOString() ?? null,
    stock_id: m.stock_id,
    created_at: m.created_at.toISOString(),
  }));
}

beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await grainFixture(app, owner, { agreement: true });
  const [received] = await createMovements(app, owner, [movementBody(f, { destination_id: f.silo, origin_tons: '30.500', freight_exchange_rate: '1050.25' })]);
  const res = await receive(app, owner, [{ movement_id: received, destination_tons: '29.875', destination_humidity: '13.5' }]);
  stockId = Number(json<{ movements: { stock_id: number }[] }[]>(res).data[0].movements[0].stock_id);
  await createMovements(app, owner, [movementBody(f, { partner_id: f.partner, carrier_id: null, waybill: null, grain_traceability_code: null, freight_price: '7', freight_exchange_rate: null })]);
  const base = { workspace_id: owner.workspace_id, season_id: f.season, company_id: f.company, crop_id: 1, destination_id: f.acopio, transport_id: f.transport, load_date: '2026-03-01', created_by: owner.user_id };
  await app.db.insert(grainMovements).values([
    // out of a stock (no plot): "Origen" is the stock's destination; the largest numerics the columns hold
    { ...base, origin_stock_id: stockId, origin_tons: '99999999999.999', origin_humidity: '0.01', freight_price: '999999999999.99', freight_exchange_rate: '0.01' },
    // a farm without a plot, an instant with microseconds, a status and received instant of its own
    { ...base, farm_id: f.farm, origin_tons: '0.001', origin_humidity: '100', status: 'En destino', destination_tons: '0.000', destination_humidity: '0', received_at: new Date('2026-04-16T10:20:30.123Z'), created_at: new Date('2026-04-16T10:20:30.999Z') },
    // neither plot, farm nor stock: "Origen" is empty; texts that need escaping in JSON
    { ...base, origin_tons: '1', origin_humidity: '12.5', waybill: 'CP "01" \\ 2\n3', chassis_patent: 'AB123CD', trailer_patent: 'AAA123', crop_sequence_id: 2 },
  ]);
});
afterAll(() => app.cleanup());

describe('movement rows written by the database (decision 0042)', () => {
  it('every row of the list, the parsed list and rows by id equal the rows as JavaScript shaped them', async () => {
    const expected = await oracleRows(owner.workspace_id);
    expect(expected).toHaveLength(5);

    const res = await call(app, 'GET', `grains/movements?${q(owner, 'pagination=true&page=1&per_page=50')}`, { token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<Record<string, unknown>[]>(res);
    expect(body.data).toStrictEqual(expected);
    expect(body).toMatchObject({ success: true, status: 200, total: 5, page: 1, per_page: 50 });

    const parsed = await listMovements(app.db, owner.workspace_id, planList({ pagination: 'true', page: 1, per_page: 50 }, movementList));
    expect(parsed.data).toStrictEqual(expected);
    const byIds = await movementsByIds(app.db, owner.workspace_id, expected.map((m) => m.movement_id));
    expect(byIds).toStrictEqual([...expected].reverse());
  });

  it('derives "Origen" and the company as the screen shows them', async () => {
    const res = await call(app, 'GET', `grains/movements?${q(owner, 'pagination=true&page=1&per_page=50')}`, { token: owner.token });
    const rows = json<GrainMovementRow[]>(res).data;
    const [silo] = await app.db.select({ name: destinations.name }).from(destinations).where(eq(destinations.destination_id, f.silo));
    const [farm] = await app.db.select({ name: farms.name }).from(farms).where(eq(farms.farm_id, f.farm));
    const [partnerRow] = await app.db.select({ name: companies.name }).from(companies).where(eq(companies.company_id, f.partner ?? 0));
    expect(rows.map((m) => m.origin)).toEqual(['', farm.name, silo.name, `El Bajo | ${farm.name}`, `El Bajo | ${farm.name}`]);
    expect(rows.map((m) => m.company_name)).toEqual([expect.any(String), expect.any(String), expect.any(String), partnerRow.name, partnerRow.name]);
    expect(rows[2]).toMatchObject({ origin_tons: 99999999999.999, origin_humidity: 0.01, freight_price: 999999999999.99, freight_exchange_rate: 0.01 });
    expect(rows[1]).toMatchObject({ origin_tons: 0.001, destination_tons: 0, received_at: '2026-04-16T10:20:30.123Z', created_at: '2026-04-16T10:20:30.999Z' });
    expect(rows[0].waybill).toBe('CP "01" \\ 2\n3');
  });
});
