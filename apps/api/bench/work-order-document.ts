/**
 * Measures the stored work-order document of decision 0031 ("Later", stop 28) before it is built: on a kept
 * PostgreSQL bench database it stores, in a scratch table, the newest orders' JSON text cut where each stock quantity
 * goes (`pieces`, the stocks they stand for in `stock_ids`, the text without its last key `stock_used`), checks that
 * pages read back with the live quantities and `stock_used` spliced in equal the rows statement's, and times both
 * (pages of 40, newest first, from one pg client). The scratch table is dropped at the end unless KEEP=1.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/fm_bench_<hex> [ORDERS=100000] npx tsx apps/api/bench/work-order-document.ts
 */
import pg from 'pg';
import { inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../src/db/schema/index';
import { PLANNER_OPTIONS } from '../src/db/client';
import { orderJson } from '../src/modules/work-orders/work-orders.load';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !/\/fm_bench_[0-9a-f]{8}$/.test(url)) throw new Error('BENCH_DATABASE_URL must name a kept bench database (…/fm_bench_<hex>)');
const orders = Number(process.env.ORDERS ?? 100_000);
const pool = new pg.Pool({ connectionString: url, max: 1, options: PLANNER_OPTIONS });
const client = await pool.connect();
const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await client.query<R>(text, values)).rows;

// the app's order builder for ids $1 (its only other parameter, the agreement type, written in as a literal)
const built = drizzle(pool, { schema })
  .select({ id: schema.workOrders.work_order_id, json: orderJson(sql`true`) })
  .from(schema.workOrders)
  .where(inArray(schema.workOrders.work_order_id, [0]))
  .toSQL();
const [agreementType] = built.params;
const ordersById = built.sql.replace(/\$1\b/g, String(agreementType)).replace('"work_orders"."work_order_id" in ($2)', '"work_orders"."work_order_id" = any($1::int[])');
if (ordersById === built.sql || built.params.length !== 2) throw new Error('the order builder changed: adapt this script');

const [{ ws }] = await query<{ ws: number }>('select workspace_id as ws from work_orders group by 1 order by count(*) desc limit 1');
const ids = (await query<{ id: number }>('select work_order_id as id from work_orders where workspace_id = $1 order by work_order_id desc limit $2', [ws, orders])).map((r) => r.id);

await query('drop table if exists scratch_work_order_documents');
await query('create table scratch_work_order_documents (work_order_id int primary key, pieces text[] not null, stock_ids int[] not null)');
const started = Date.now();
for (let i = 0; i < ids.length; i += 2000) {
  await query(
    `insert into scratch_work_order_documents
     select id, regexp_split_to_array(regexp_replace(json, ', "stock_used" : (true|false)}$', ''), '"quantity" : "[^"]*"'),
       coalesce((select array_agg(m[1]::int) from regexp_matches(json, '"stock" : \\{"stock_id" : (\\d+)', 'g') m), '{}')
     from (${ordersById}) d(id, json)`,
    [ids.slice(i, i + 2000)],
  );
}
await query('vacuum analyze scratch_work_order_documents');
const [{ size }] = await query<{ size: string }>("select pg_size_pretty(pg_total_relation_size('scratch_work_order_documents')) as size");
console.log(`${ids.length} documents stored in ${((Date.now() - started) / 1000).toFixed(1)} s, ${size}`);

const today = `${ordersById.replace('= any($1::int[])', '= any($1::int[]) and "work_orders"."workspace_id" = $2')} order by array_position($1::int[], "work_orders"."work_order_id")`;
const spliced = `select w.work_order_id, (select string_agg(p.piece || case when p.stock_id is not null then '"quantity" : "' || coalesce(st.quantity::text, '0') || '"' else '' end, '' order by p.ord)
      from unnest(d.pieces, d.stock_ids) with ordinality p(piece, stock_id, ord) left join stocks st on st.stock_id = p.stock_id)
    || ', "stock_used" : ' || (exists (select 1 from stock_transactions t where t.workspace_id = w.workspace_id and t.work_order_id = w.work_order_id and t.name = 'USAGE'))::text || '}'
  from work_orders w join scratch_work_order_documents d on d.work_order_id = w.work_order_id
  where w.work_order_id = any($1::int[]) and w.workspace_id = $2 order by array_position($1::int[], w.work_order_id)`;

// 20 pages of 40 spread over the stored orders
const pages = Array.from({ length: 20 }, (_, p) => ids.slice(Math.floor((p * ids.length) / 20), Math.floor((p * ids.length) / 20) + 40));
const page = async (name: string, text: string, of: number[]) =>
  (await client.query<[number, string]>({ name, text, values: [of, ws], rowMode: 'array' })).rows.map((r) => JSON.parse(r[1]) as unknown);
for (const of of pages.slice(0, 5)) {
  if (JSON.stringify(await page('today', today, of)) !== JSON.stringify(await page('spliced', spliced, of))) throw new Error(`page of ${of[0]}: the spliced orders differ from the rows statement's`);
}
console.log('5 pages: spliced = rows statement');

async function time(name: string, text: string): Promise<string> {
  const ms: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const of of pages) {
      const start = process.hrtime.bigint();
      await client.query({ name, text, values: [of, ws] });
      ms.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  ms.sort((a, b) => a - b);
  return `${name.padEnd(8)} median ${ms[ms.length >> 1].toFixed(2)} ms, p90 ${ms[Math.floor(ms.length * 0.9)].toFixed(2)} ms (n = ${ms.length})`;
}
for (let i = 0; i < 2; i++) console.log(`${await time('today', today)}\n${await time('spliced', spliced)}`);

if (!process.env.KEEP) await query('drop table scratch_work_order_documents');
client.release();
await pool.end();
