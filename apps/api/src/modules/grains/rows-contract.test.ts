import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { GrainMovementRow, GrainStockMovementRow, GrainStockRow, GrainStockTransactionRow } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { createMovements, grainFixture, movementBody, q, receive } from './grains.test-helpers';
import type { listTransactions, movementsOfStock } from './stocks.repo';

/**
 * The rows the grain lists answer are the ones @fm/domain declares for their clients (the web reads those types):
 * the type checker compares the API's row types with them, and each list's real answer has exactly their keys.
 */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
/** The database gives a status or a destination type as text: the domain's literal unions, widened. */
type Widened<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends string | null ? string | null : T[K] extends object ? Widened<T[K]> : T[K] };
type Row<F extends (...args: never[]) => Promise<{ data: unknown[] }>> = Awaited<ReturnType<F>>['data'][number];
/** Every key of T, checked by the compiler to be exactly T's (none missing, none extra). */
const keysOf = <T>(keys: Record<keyof T, true>) => Object.keys(keys).sort();

const MOVEMENT_KEYS = keysOf<GrainMovementRow>({
  movement_id: true, origin: true, origin_stock_id: true, season_plan_id: true, season_id: true, season_name: true, company_id: true,
  company_name: true, partner_id: true, partner_name: true, farm_id: true, farm_name: true, field_id: true, field_name: true,
  field_crop_id: true, crop_id: true, crop_name: true, crop_sequence_id: true, destination_id: true, destination_name: true,
  destination_type: true, transport_id: true, transport_name: true, carrier_id: true, carrier_name: true, load_date: true,
  origin_tons: true, origin_humidity: true, destination_tons: true, destination_humidity: true, waybill: true,
  grain_traceability_code: true, chassis_patent: true, trailer_patent: true, freight_price: true, freight_exchange_rate: true,
  status: true, received_at: true, stock_id: true, created_at: true,
});
const STOCK_KEYS = keysOf<GrainStockRow>({
  stock_id: true, season_id: true, season_name: true, company_id: true, company_name: true, destination_id: true, destination_name: true,
  destination_type: true, crop_id: true, crop_name: true, tons: true, contractor_id: true, contractor_name: true, labor_price: true,
  labor_exchange_rate: true, observations: true, created_at: true, season: true, company: true, destination: true, product: true,
});
const TRANSACTION_KEYS = keysOf<GrainStockTransactionRow>({
  stock_transaction_id: true, stock_id: true, movement_id: true, contract_movement_id: true, kind: true, kind_label: true, created_at: true,
  waybill: true, origin: true, destination: true, destination_tons: true, destination_humidity: true,
});

let app: TestApp;
let owner: TestUser;
let stockId: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  const f = await grainFixture(app, owner);
  const [id] = await createMovements(app, owner, [movementBody(f)]);
  const res = await receive(app, owner, [{ movement_id: id, destination_tons: '30', destination_humidity: '13' }]);
  stockId = Number(json<{ movements: { stock_id: number }[] }[]>(res).data[0].movements[0].stock_id);
});
afterAll(() => app.cleanup());

const rowsOf = async (path: string) => {
  const res = await call(app, 'GET', `${path}${path.includes('?') ? '&' : '?'}${q(owner)}`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return json<Record<string, unknown>[]>(res).data;
};

describe('grain rows', () => {
  // the movements and stocks are written as JSON by the database and typed as the domain's rows themselves: only
  // the keys they answer (below) can differ from @fm/domain, so only the rows shaped in JavaScript are checked by type
  it('have the types @fm/domain declares', () => {
    expectTypeOf<Widened<Json<Row<typeof movementsOfStock>>>>().toEqualTypeOf<Widened<GrainStockMovementRow>>();
    expectTypeOf<Widened<Json<Row<typeof listTransactions>>>>().toEqualTypeOf<Widened<GrainStockTransactionRow>>();
  });

  it('answer exactly the keys @fm/domain declares', async () => {
    const [movement] = await rowsOf('grains/movements');
    expect(Object.keys(movement).sort()).toEqual(MOVEMENT_KEYS);
    const [received] = await rowsOf(`grains/movements/stocks?stock_id=${stockId}`);
    expect(Object.keys(received).sort()).toEqual([...MOVEMENT_KEYS, 'applied_tons', 'remaining_tons'].sort());
    const [stock] = await rowsOf('grains/stocks');
    expect(Object.keys(stock).sort()).toEqual(STOCK_KEYS);
    const [entry] = await rowsOf(`grains/stocks/transactions?stock_id=${stockId}`);
    expect(Object.keys(entry).sort()).toEqual(TRANSACTION_KEYS);
    expect(typeof movement.origin_tons).toBe('number');
    expect(typeof stock.tons).toBe('number');
  });
});
