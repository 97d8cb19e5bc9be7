import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { GRAIN_MOVEMENT_STATUS } from '@fm/domain';
import { rowsOf } from '../../db/client';
import { grainMovements, workspaces } from '../../db/schema/index';
import { planList } from '../../http/list-query';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { countStatements, textsBuilt } from '../../test/statements';
import { listMovements, movementList } from './movements.repo';
import { listTransactions, transactionList } from './stocks.repo';
import { createMovements, filters, grainFixture, movementBody, q, receive, type GrainFixture } from './grains.test-helpers';

/** Decision 0029: the grain lists run statements built once per filter shape, with the same answers. */
let app: TestApp;
let owner: TestUser;
let f: GrainFixture;
let ids: number[];
let stockId: number;
beforeAll(async () => {
  app = await createTestApp();
  owner = await buildUser(app);
  f = await grainFixture(app, owner);
  ids = await createMovements(app, owner, [1, 2, 3, 4, 5].map((i) => movementBody(f, { waybill: `CP-${i}` })));
  const res = await receive(app, owner, [ids[0], ids[2], ids[4]].map((movement_id) => ({ movement_id, destination_tons: 20, destination_humidity: 13 })));
  expect(res.statusCode, res.body).toBe(200);
  stockId = json<{ movements: { stock_id: number }[] }[]>(res).data[0].movements[0].stock_id;
});
afterAll(() => app.cleanup());

const statusPlan = (status: string, page = 1) =>
  planList({ pagination: 'true', page, per_page: 2, filters: JSON.stringify({ AND: [{ field: 'movement.status', condition: 'is', value: status }] }) }, movementList);

describe('grain lists prepared per filter shape', () => {
  it('movements: a second status of the same shape builds no SQL and sends the same texts', async () => {
    const received = [ids[4], ids[2], ids[0]];
    const inTransit = [ids[3], ids[1]];
    const first = await countStatements(app, () => listMovements(app.db, owner.workspace_id, statusPlan(GRAIN_MOVEMENT_STATUS.AT_DESTINATION)));
    expect(first.result.data.map((m) => m.movement_id)).toEqual(received.slice(0, 2));
    expect(first.result.total).toBe(3);
    const second = await textsBuilt(() => countStatements(app, () => listMovements(app.db, owner.workspace_id, statusPlan(GRAIN_MOVEMENT_STATUS.IN_TRANSIT))));
    expect(second.built).toBe(0);
    expect(second.result.result.data.map((m) => m.movement_id)).toEqual(inTransit);
    expect(second.result.result.data[0]).toMatchObject({ status: 'En tránsito', waybill: 'CP-4', origin_tons: 30.5, crop_name: 'Soja' });
    // the last page of the other status: no count, the same page and rows texts
    const last = await countStatements(app, () => listMovements(app.db, owner.workspace_id, statusPlan(GRAIN_MOVEMENT_STATUS.AT_DESTINATION, 2)));
    expect(last.result.data.map((m) => m.movement_id)).toEqual([ids[0]]);
    expect(last.result.total).toBe(3);
    expect(last.sql).toEqual(second.result.sql.filter((text) => !text.includes('count(*)')));
  });

  it('movements of a stock and the stock ledger page through the API as before', async () => {
    const page = async (n: number) => json<{ movement_id: number; remaining_tons: number }[]>(await call(app, 'GET', `grains/movements/stocks?${q(owner, `stock_id=${stockId}&pagination=true&per_page=2&page=${n}`)}`, { token: owner.token }));
    const [one, two] = [await page(1), await page(2)];
    expect([...one.data, ...two.data].map((m) => m.movement_id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(one).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(one.data[0].remaining_tons).toBe(20);
    const filtered = await call(app, 'GET', `grains/movements/stocks?${q(owner, `stock_id=${stockId}&filters=${filters('movement_id', 'is', ids[2])}`)}`, { token: owner.token });
    expect(json<{ movement_id: number }[]>(filtered).data.map((m) => m.movement_id)).toEqual([ids[2]]);
    const ledger = (n: number) => listTransactions(app.db, owner.workspace_id, stockId, planList({ pagination: 'true', page: n, per_page: 2 }, transactionList));
    const first = await ledger(1);
    expect(first.total).toBe(3);
    expect(first.data.map((t) => [t.kind, t.destination_tons])).toEqual([['recepcion', 20], ['recepcion', 20]]);
    const again = await textsBuilt(() => ledger(2));
    expect(again.built).toBe(0);
    expect(again.result.data.map((t) => t.movement_id)).toEqual([ids[0]]);
  });

  it('serves the default page and the status filter from the movement indexes (a prepared text, thousands of movements)', async () => {
    // the owner's 5 movements × 40, and × 100 in each of 20 other workspaces, interleaved in id order
    await rowsOf(app.db, sql`insert into ${workspaces} (name, user_id) select 'Otro ' || g, ${owner.user_id} from generate_series(1, 20) g`);
    const columns = Object.values(getTableColumns(grainMovements))
      .map((c) => c.name)
      .filter((c) => c !== 'movement_id');
    const copied = sql.raw(columns.map((c) => (c === 'workspace_id' ? 'w.workspace_id' : `m.${c}`)).join(', '));
    await app.database.setup((db) =>
      rowsOf(
        db,
        sql`insert into ${grainMovements} (${sql.raw(columns.join(', '))})
            select ${copied} from ${grainMovements} m
            cross join (select workspace_id, case when workspace_id = ${owner.workspace_id} then 40 else 100 end as n from ${workspaces} where user_id = ${owner.user_id}) w
            cross join lateral generate_series(1, w.n)
            where m.workspace_id = ${owner.workspace_id}
            order by random()`,
      ),
    );
    await rowsOf(app.db, sql`analyze ${grainMovements}`);
    // as the app runs it: a prepared text, executed past the five runs after which PostgreSQL may keep a generic plan
    const explain = (mode: 'auto' | 'force_generic_plan', status?: string) =>
      app.db.transaction(async (tx) => {
        const where = and(eq(grainMovements.workspace_id, owner.workspace_id), isNull(grainMovements.deleted_at), status ? eq(grainMovements.status, status) : undefined);
        const { sql: text, params } = tx.select({ id: grainMovements.movement_id }).from(grainMovements).where(where).orderBy(...movementList.defaultOrder).limit(10).offset(20).toSQL();
        await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
        await tx.execute(sql.raw(`prepare movement_page as ${text}`));
        const run = `execute movement_page(${params.map((p) => (typeof p === 'number' ? String(p) : `'${String(p)}'`)).join(', ')})`;
        for (let i = 0; i < 6; i++) await tx.execute(sql.raw(run));
        const rows = await rowsOf<Record<string, string>>(tx, sql.raw(`explain (analyze, costs off) ${run}`));
        await tx.execute(sql`deallocate movement_page`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const all = await explain('auto');
    const received = await explain('auto', GRAIN_MOVEMENT_STATUS.AT_DESTINATION);
    if (process.env.SHOW_PLANS) console.log([all, received, await explain('force_generic_plan'), await explain('force_generic_plan', GRAIN_MOVEMENT_STATUS.AT_DESTINATION)].join('\n\n'));
    // an index walk in movement_id order within the workspace (which index depends on the workspace's share of rows)
    for (const plan of [all, received]) {
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using grain_movements_(list_idx|status_idx|pkey)/);
      expect(plan).not.toMatch(/Sort|Seq Scan/);
    }
  }, 60_000);
});

describe('the movements search box (Carta de porte or CTG contains, migration 0013 indexes it)', () => {
  it('finds by a fragment of either code, under the status, and reads LIKE characters literally', async () => {
    const [a, b] = await createMovements(app, owner, [movementBody(f, { waybill: 'CPE-77001', grain_traceability_code: '10155500001' }), movementBody(f, { waybill: 'CPE_77%02', grain_traceability_code: '10166600002' })]);
    const search = async (text: string) => {
      const query = { AND: [{ field: 'movement.status', condition: 'contains', value: 'tránsito' }], OR: ['waybill', 'grain_traceability_code'].map((field) => ({ field, condition: 'contains', value: text })) };
      const res = await call(app, 'GET', `grains/movements?${q(owner, `pagination=true&per_page=5&filters=${encodeURIComponent(JSON.stringify(query))}`)}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      return json<{ movement_id: number }[]>(res).data.map((m) => m.movement_id);
    };
    expect(await search('5550')).toEqual([a]);
    expect(await search('10166600002')).toEqual([b]);
    expect(await search('cpe-77')).toEqual([a]);
    expect(await search('_77%')).toEqual([b]);
    expect(await search('77%0')).toEqual([b]);
    expect(await search('%')).toEqual([b]);
    expect(await search('99999')).toEqual([]);
  });
});
