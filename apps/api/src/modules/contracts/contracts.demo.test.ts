import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { buildUser, call, createTestApp, json, type TestApp } from '../../test/app';
import { DEMO_EMAIL, seedDemo } from '../demo-seeders';
import { seedContractsDemo } from './contracts.demo';
import { contractFixture, receivedMovement, stockLedgerSum, stockTons } from './contracts.test-helpers';

let app: TestApp;
let token: string;
let workspaceId: number;
beforeAll(async () => {
  app = await createTestApp();
  await seedDemo(app.db);
  const [demo] = await app.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
  workspaceId = demo.last_workspace_id ?? 0;
  token = (await app.tokens.sign(demo.user_id, workspaceId)).token;
});
afterAll(() => app.cleanup());

type Row = { contract_id: number; status: string; tons: string; tons_delivered: string };
type WithDeliveries = Row & { movements: { tons: string; movement_id: number }[] };

describe('demo contracts', () => {
  it('seeds contracts; those with deliveries are Entrega parcial / Cumplido with tons matching their deliveries', async () => {
    const rows = json<Row[]>(await call(app, 'GET', `grains/contracts?workspace_id=${workspaceId}&workspace=true`, { token })).data;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.some((r) => r.status === 'Sin entregar')).toBe(true);
    // with the grains demo's received movements, one contract per status
    const { grainMovements } = await import('../../db/schema/index');
    const received = await app.db.select({ id: grainMovements.movement_id }).from(grainMovements).where(eq(grainMovements.status, 'En destino'));
    if (received.length >= 2) expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Sin entregar', 'Entrega parcial', 'Cumplido']));
    for (const r of rows.filter((x) => x.status !== 'Sin entregar')) {
      const d = json<WithDeliveries[]>(await call(app, 'GET', `grains/contracts/movements?workspace_id=${workspaceId}&workspace=true&contract_id=${r.contract_id}`, { token })).data[0];
      const sum = d.movements.reduce((s, m) => s + Number(m.tons), 0);
      expect(sum.toFixed(3)).toBe(Number(r.tons_delivered).toFixed(3));
    }
  });

  it('grain stocks still equal the sum of their transactions', async () => {
    const { grainStocks } = await import('../../db/schema/index');
    const stocks = await app.db.select({ id: grainStocks.stock_id }).from(grainStocks).where(eq(grainStocks.workspace_id, workspaceId));
    for (const s of stocks) expect(await stockLedgerSum(app, s.id)).toBe(await stockTons(app, s.id));
  });
});

describe('demo contracts over received movements', () => {
  it('gives one contract per status, deliveries taken from the movements through the ledger', async () => {
    const user = await buildUser(app);
    const f = await contractFixture(app, user);
    const a = await receivedMovement(app, user, f, '30');
    await receivedMovement(app, user, f, '28');
    await app.db.transaction((tx) => seedContractsDemo(tx, { userId: user.user_id, workspaceId: user.workspace_id }));
    const rows = json<Row[]>(await call(app, 'GET', `grains/contracts?workspace_id=${user.workspace_id}&workspace=true`, { token: user.token })).data;
    expect(rows.map((r) => r.status).sort()).toEqual(['Cumplido', 'Entrega parcial', 'Sin entregar']);
    expect(rows.find((r) => r.status === 'Cumplido')?.tons_delivered).toBe('30.000');
    expect(rows.find((r) => r.status === 'Entrega parcial')?.tons_delivered).toBe('14.000');
    expect(await stockTons(app, a.stock_id)).toBe('14.000');
    expect(await stockLedgerSum(app, a.stock_id)).toBe('14.000');
  });
});
