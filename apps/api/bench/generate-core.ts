import { performance } from 'node:perf_hooks';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client';
import { workspaceEntities } from '../src/db/schema/index';
import type { EntityType } from '../src/http/sharing';
import type { Rng } from './fake';

/**
 * Volume of the one benchmark workspace. The defaults give ~4,000 plots, ~5,000 season plans
 * and ~110,000 field crops (the largest table); BENCH_SCALE multiplies the account resources.
 */
export type BenchScale = {
  members: number;
  companies: number;
  /** Of `companies`: agreements (convenios) with 2-3 partners each. */
  agreements: number;
  farms: number;
  plotsPerFarm: readonly [number, number];
  seasonsFrom: number;
  seasonsTo: number;
  /** Share of farms planned in the oldest season; it grows linearly to 1 in the newest. */
  oldestSeasonFarmShare: number;
  /** Share of plots that carry a second crop (or a cover crop) after the first. */
  secondCropShare: number;
};

export const DEFAULT_SCALE: BenchScale = {
  members: 40,
  companies: 150,
  agreements: 12,
  farms: 220,
  plotsPerFarm: [8, 28],
  seasonsFrom: 2000,
  seasonsTo: 2025,
  oldestSeasonFarmShare: 0.55,
  secondCropShare: 0.35,
};

export function scaleBy(factor: number, base: BenchScale = DEFAULT_SCALE): BenchScale {
  const n = (v: number) => Math.max(1, Math.round(v * factor));
  return { ...base, members: n(base.members), companies: n(base.companies), agreements: n(base.agreements), farms: n(base.farms) };
}

export type TableReport = { table: string; rows: number; ms: number };

export type Farm = { farm_id: number; lat: number; lon: number };
export type Plot = { field_id: number; hectares: number };

/** What earlier generators produced, for the later ones (ids of parents). Extend it when adding tables. */
export type GenContext = {
  db: Db;
  rng: Rng;
  scale: BenchScale;
  ownerId: number;
  workspaceId: number;
  memberIds: number[];
  companyIds: number[];
  farms: Farm[];
  plotsByFarm: Map<number, Plot[]>;
  seasons: { season_id: number; index: number }[];
  plans: { season_plan_id: number; farm_id: number }[];
  report: TableReport[];
};

/** Parameters per statement stay well below PostgreSQL's 65,535; rows per transaction stay moderate. */
const MAX_PARAMS = 60_000;
const MAX_ROWS_PER_STATEMENT = 5_000;
const ROWS_PER_TRANSACTION = 20_000;

function chunkRows<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function statementSize(row: object): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(MAX_PARAMS / Math.max(1, Object.keys(row).length))));
}

/**
 * Multi-row INSERTs of up to 5,000 rows, grouped in transactions of ~20,000 rows.
 * With `returning` the inserted rows come back in order (PostgreSQL returns VALUES order for a plain INSERT).
 */
export async function insertRows<T extends PgTable, R = never>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  returning?: (row: T['$inferSelect']) => R,
): Promise<R[]> {
  const out: R[] = [];
  if (!rows.length) return out;
  const size = statementSize(rows[0]);
  for (const group of chunkRows(rows, ROWS_PER_TRANSACTION)) {
    await db.transaction(async (tx) => {
      for (const chunk of chunkRows(group, size)) {
        if (!returning) {
          await tx.execute(unnestInsert(table, chunk));
          continue;
        }
        // drizzle's insert builder cannot infer its value type from a generic table; the rows are typed by the caller
        const inserted = (await tx.insert(table).values(chunk as never).returning()) as T['$inferSelect'][];
        for (const r of inserted) out.push(returning(r));
      }
    });
  }
  return out;
}

/**
 * COPY-like bulk insert: one array parameter per column, `INSERT ... SELECT * FROM unnest($1::int[], ...)`.
 * Far cheaper than a VALUES list of 30,000 parameters for both drivers; columns no row sets keep their defaults,
 * but a row that omits a column another row sets gets NULL there (give every row the same keys).
 */
export function unnestInsert<T extends PgTable>(table: T, rows: T['$inferInsert'][]): SQL {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((r) => (r as Record<string, unknown>)[key] !== undefined));
  const names = columns.map(([, col]) => sql.identifier(col.name));
  const arrays = columns.map(([key, col]) => {
    const values = rows.map((r) => {
      const v = (r as Record<string, unknown>)[key];
      return v === undefined || v === null ? null : col.mapToDriverValue(v);
    });
    return sql`${sql.param(values)}::${sql.raw(`${col.getSQLType()}[]`)}`;
  });
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

export async function step(ctx: GenContext, table: string, run: () => Promise<number>): Promise<void> {
  const t0 = performance.now();
  const rows = await run();
  ctx.report.push({ table, rows, ms: Math.round(performance.now() - t0) });
}

export async function shareAll(ctx: GenContext, type: EntityType, ids: number[]): Promise<number> {
  await insertRows(
    ctx.db,
    workspaceEntities,
    ids.map((entity_id) => ({ workspace_id: ctx.workspaceId, entity_type: type, entity_id })),
  );
  return ids.length;
}
