/**
 * Planning against running time of every statement the last PostgreSQL bench captured (bench/results/latest.json):
 * `explain (analyze, summary)` with the captured parameters, best of 5, on the database the run used (keep it with
 * BENCH_KEEP_DB=1 or BENCH_REUSE_DB). List statements are planned on every execution (decision 0026), so a page whose
 * planning outweighs its run is a candidate for "ids first, rows by a text planned once" (decision 0031, later).
 * Named texts outside the lists (rows by ids) are planned once by the app: their planning figure here is not paid.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx apps/api/bench/plan-times.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PLANNER_OPTIONS } from '../src/db/client';

type Endpoint = { name: string; sql?: string[]; params?: unknown[][] };
const results = JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'latest.json'), 'utf8')) as { database: string; endpoints: Endpoint[] };
const name = /database (fm_bench_[0-9a-f]{8})/.exec(results.database)?.[1];
if (!name) throw new Error(`latest.json was not a PostgreSQL run on a bench database (${results.database})`);
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
url.pathname = `/${name}`;
const client = new pg.Client({ connectionString: url.toString(), options: PLANNER_OPTIONS });
await client.connect();

type Plan = { 'Planning Time': number; 'Execution Time': number };
async function timing(text: string, params: unknown[]): Promise<string> {
  if (!/^\s*(select|with)\b/i.test(text)) return 'write';
  const plans: Plan[] = [];
  for (let i = 0; i < 5; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': Plan[] }>({ text: `explain (analyze, summary, format json) ${text}`, values: params });
    plans.push(rows[0]['QUERY PLAN'][0]);
  }
  const best = plans.reduce((a, b) => (b['Planning Time'] < a['Planning Time'] ? b : a));
  return `plan ${best['Planning Time'].toFixed(2)} / run ${best['Execution Time'].toFixed(2)}`;
}

console.log(`ms per statement, best of 5 (${name})`);
for (const e of results.endpoints) {
  if (!e.sql?.length || !e.params) continue;
  const cells: string[] = [];
  for (const [i, text] of e.sql.entries()) cells.push(await timing(text, e.params[i] ?? []).catch((err: Error) => `error: ${err.message.slice(0, 40)}`));
  console.log(`${e.name.padEnd(52)} ${cells.join(' | ')}`);
}
await client.end();
