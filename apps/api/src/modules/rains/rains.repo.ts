import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { RainRow } from '@fm/domain';
import type { PgSelectBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { farms, fields, rains } from '../../db/schema/index';
import { containsPattern, listPage, matchesFolded, type ListPlan, type ListSpec } from '../../http/list-query';
import { narrowed, narrowingsOf, type Narrowings } from '../../http/list-narrowing';
import { listStatements, type StatementShape } from '../../http/list-statement';

const searchText = sql`concat_ws(' ', ${farms.name}, ${fields.name}, ${rains.observations})`;

/**
 * Lluvias list: filters farm_id, field_id, date (is/gt/lt), millimeters, the names and `search` (farm, plot or
 * observations contain the text); newest day first.
 */
export const rainList: ListSpec = {
  resource: 'rain',
  fields: {
    rain_id: { column: rains.rain_id, type: 'number' },
    date: { column: rains.date, type: 'date' },
    farm_id: { column: rains.farm_id, type: 'number' },
    field_id: { column: rains.field_id, type: 'number' },
    millimeters: { column: rains.millimeters, type: 'number' },
    observations: { column: rains.observations, type: 'string' },
    farm: { column: farms.name, type: 'string' },
    field: { column: fields.name, type: 'string' },
    search: { column: searchText, type: 'string', sortable: false },
  },
  defaultOrder: [desc(rains.date), desc(rains.rain_id)],
};

const rowSelect = {
  rain_id: rains.rain_id,
  farm_id: rains.farm_id,
  farm_name: farms.name,
  field_id: rains.field_id,
  field_name: fields.name,
  date: rains.date,
  millimeters: rains.millimeters,
  observations: rains.observations,
  created_at: rains.created_at,
  updated_at: rains.updated_at,
};

/** Rains with their farm and plot: the list's FROM and joins for its page and count. */
const withPlaces = (select: PgSelectBuilder<typeof rowSelect>) => select.from(rains).innerJoin(farms, eq(farms.farm_id, rains.farm_id)).leftJoin(fields, eq(fields.field_id, rains.field_id));
const joined = (db: Executor) => withPlaces(db.select(rowSelect));

type Row = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

export const shapeRain = (r: Row): RainRow => ({ ...r, created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() });

/** The query string's narrowings: one rain, farm, plot, days from/to, and `like` (the search's pattern). */
const narrowings: Narrowings = {
  rain_id: (v) => eq(rains.rain_id, v),
  farm_id: (v) => eq(rains.farm_id, v),
  field_id: (v) => eq(rains.field_id, v),
  date_from: (v) => gte(rains.date, v),
  date_to: (v) => lte(rains.date, v),
  like: (v) => matchesFolded(searchText, v),
};
export type RainNarrowing = { rain_id?: number; farm_id?: number; field_id?: number; date_from?: string; date_to?: string; search?: string };

const listWhere = (s: StatementShape, variant: string[]) => and(eq(rains.workspace_id, s.param('workspace')), s.where, ...narrowed(narrowings, s, variant));
const rainsList = listStatements({ columns: rowSelect, id: rains.rain_id, from: (select, s, variant: string[]) => withPlaces(select).where(listWhere(s, variant)) });

/** One page of the workspace's rains (`rain_id`: that one only), prepared per filter shape (decision 0029). */
export async function listRains(db: Executor, workspaceId: number, plan: ListPlan, by: RainNarrowing = {}) {
  const { values, variant } = narrowingsOf(narrowings, { ...by, like: containsPattern(by.search) });
  const all = { ...values, workspace: workspaceId };
  const page = await listPage(db, plan, () => rainsList.page(db, plan, all, variant), rainsList.matching(db, plan, all, variant));
  return { ...page, data: page.data.map(shapeRain) };
}

/** The rain of the workspace, or undefined (another workspace's id reads as missing). */
export async function findRain(db: Executor, workspaceId: number, rainId: number, lock = false) {
  const q = db.select().from(rains).where(and(eq(rains.rain_id, rainId), eq(rains.workspace_id, workspaceId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** One shaped rain of the workspace, or undefined. */
export async function findShapedRain(db: Executor, workspaceId: number, rainId: number): Promise<RainRow | undefined> {
  const [row] = await joined(db).where(and(eq(rains.rain_id, rainId), eq(rains.workspace_id, workspaceId)));
  return row ? shapeRain(row) : undefined;
}
