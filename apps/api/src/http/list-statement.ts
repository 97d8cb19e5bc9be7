import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgSelectBuilder, SelectedFields } from 'drizzle-orm/pg-core';
import { planPerExecution, type Executor } from '../db/client';
import { oncePerDb } from '../db/once-per-db';
import { cachedUntilWrite, type Counter, type ListPlan } from './list-query';
import { sortsMatches } from './list-search';

/**
 * What a list statement is built from: the plan's filters (with placeholders) and order, the page as placeholders,
 * and `param(name)` for the caller's own values (the workspace, a scope).
 */
export type StatementShape = { where: SQL | undefined; orderBy: SQL[]; limit: Placeholder; offset: Placeholder; param(name: string): Placeholder };

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R>; getQuery(): { sql: string } };
type Preparable<R> = { prepare(name: string): Prepared<R> };
type Values = Record<string, unknown>;

/** Shapes kept per statement and database (filters × order × variant); past it the oldest is built again when asked. */
const MAX_SHAPES = 200;
/** A shape with more filter values than this (a long `in` list) is built for its request and not kept. */
const MAX_KEPT_VALUES = 100;

function shapeCache<R>() {
  const byDb = new WeakMap<object, Map<string, Prepared<R>>>();
  return (db: Executor, key: string, build: () => Preparable<R>, values: number): Prepared<R> => {
    if (values > MAX_KEPT_VALUES) return build().prepare('');
    let shapes = byDb.get(db);
    if (!shapes) byDb.set(db, (shapes = new Map()));
    let prepared = shapes.get(key);
    if (!prepared) {
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
      prepared = build().prepare('');
      // planned for each execution's values on PostgreSQL: a generic plan does not know the workspace (decision 0026)
      planPerExecution(prepared.getQuery().sql);
      shapes.set(key, prepared);
    }
    return prepared;
  };
}

const filterValues = (plan: ListPlan) => Object.keys(plan.shape.params).length;
/** A variant is a string or a plain object of the optional parts (built the same way by its caller every time). */
const variantKey = (variant: unknown) => (typeof variant === 'string' ? variant : JSON.stringify(variant));
const shapeKey = (plan: ListPlan, variant: unknown) => `${variantKey(variant)}\u0004${sortsMatches(plan) ? 'sorted' : ''}\u0004${plan.shape.key}`;

function statementShape(plan: ListPlan): StatementShape {
  return { where: plan.shape.where, orderBy: plan.orderBy, limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), param: (name) => sql.placeholder(name) };
}

/**
 * A list's page statement whose SQL text drizzle builds once per filter shape and database instead of on every
 * request: building the text of a joined select cost more CPU than the rest of a light list request (decision
 * 0029). `build` writes the query with the shape's placeholders; a call runs it with the plan's values, the page and
 * `values` (the caller's own placeholders). `variant` names the optional parts `build` adds or leaves out.
 */
export function listStatement<R, V = string>(build: (db: Executor, s: StatementShape, variant: V) => Preparable<R>) {
  const cache = shapeCache<R>();
  return (db: Executor, plan: ListPlan, values: Values, variant: V = '' as V): Promise<R> =>
    cache(db, shapeKey(plan, variant), () => build(db, statementShape(plan), variant), filterValues(plan)).execute({ ...plan.shape.params, ...values, limit: plan.limit, offset: plan.offset });
}

let statements = 0;
/** Cache key of a statement's result for these filter values, caller's values and variant (not the page). */
const resultKey = (id: number, plan: ListPlan, values: Values, variant: unknown) => `list\u0000${id}\u0000${shapeKey(plan, variant)}\u0000${JSON.stringify({ ...plan.shape.params, ...values })}`;

/**
 * A listStatement that reads every row the filters select rather than a page (a list's totals): its result is cached
 * per filter values until the next write, as a list's count.
 */
export function filterTotalsStatement<R, V = string>(build: (db: Executor, s: StatementShape, variant: V) => Preparable<R>) {
  const id = statements++;
  const run = listStatement(build);
  return (db: Executor, plan: ListPlan, values: Values, variant: V = '' as V): Promise<R> => cachedUntilWrite(db, resultKey(id, plan, values, variant), () => run(db, plan, values, variant));
}

/**
 * The Counter of a list (listPage's `matching`): `build` writes its matching ids with the shape's placeholders; the
 * count statement is prepared once per shape and its figure cached per filter values until the next write.
 */
export function countStatement<V = string>(build: (db: Executor, s: StatementShape, variant: V) => PgSelect) {
  const id = statements++;
  const cache = shapeCache<{ n: number }[]>();
  const counter = (db: Executor, plan: ListPlan, values: Values, variant: V = '' as V): Counter => ({
    forPlan: (other) => counter(db, other, values, variant),
    count(cap) {
      const all = { ...plan.shape.params, ...values, cap: cap + 1 };
      return cachedUntilWrite(db, resultKey(id, plan, { ...values, cap: cap + 1 }, variant), async () => {
        const counted = cache(
          db,
          shapeKey(plan, variant),
          () => db.select({ n: sql<number>`cast(count(*) as integer)` }).from(build(db, statementShape(plan), variant).limit(sql.placeholder('cap')).as('matching')),
          filterValues(plan),
        );
        const [row] = await counted.execute(all);
        return Number(row?.n ?? 0);
      });
    },
  });
  return counter;
}

type Filtered = { $dynamic(): PgSelect };
type RowsOf<Q> = Q extends { execute(...args: never[]): Promise<infer R> } ? R : never;

/**
 * A list's page and count statements from one FROM/JOIN/WHERE: `from` writes it on the selection it is given, the
 * page selects `columns` in the plan's order and page, the count (listPage's `matching`) selects `id`. Joins only
 * the page's columns read go in `columnJoins` (after `from`'s joins), left out of the count: each must neither
 * narrow nor multiply the rows (a left join on a key, an inner join on a required foreign key). Both are built
 * once per filter shape and the count cached until the next write, as listStatement and countStatement.
 */
export function listStatements<C extends SelectedFields, Q extends Filtered, P extends Filtered = Q, V = string>(spec: {
  columns: C;
  id: PgColumn;
  from: (select: PgSelectBuilder<C>, s: StatementShape, variant: V) => Q;
  columnJoins?: (filtered: Q) => P;
}) {
  const page = listStatement((db, s, variant: V) => {
    const filtered = spec.from(db.select(spec.columns), s, variant);
    const joined = spec.columnJoins ? spec.columnJoins(filtered) : filtered;
    return joined.$dynamic().orderBy(...s.orderBy).limit(s.limit).offset(s.offset) as unknown as Preparable<RowsOf<P>>;
  });
  // `from` only adds FROM, joins and WHERE, which do not depend on the selection: the id's builder stands in for the columns'
  const matching = countStatement((db, s, variant: V) => spec.from(db.select({ id: spec.id }) as unknown as PgSelectBuilder<C>, s, variant).$dynamic());
  return { page, matching };
}

type RowsSelect<R> = { where(condition: SQL | undefined): { orderBy(order: SQL): Preparable<R[]> } };

/**
 * A page in two statements: its ids by `matching` (FROM, joins the filters need and WHERE, selecting `{ id }`;
 * prepared per filter shape and planned per request, decision 0026), then `rows` of those ids, one text for every
 * page, which PostgreSQL plans once, in the ids' order. For pages whose joins cost more to plan than to run (decision
 * 0031, "Later"). `matching` also makes the list's count; `rows` is the select without WHERE, `id` its key column,
 * `rowsWhere` what else the rows must meet (with placeholders of its own, given to `page` as `rowValues`).
 */
export function idsThenRows<R, V = string>(spec: {
  matching: (db: Executor, s: StatementShape, variant: V) => PgSelect;
  id: PgColumn;
  rows: (db: Executor) => RowsSelect<R>;
  rowsWhere?: SQL;
  name: string;
}) {
  const pageIds = listStatement(
    (db, s, variant: V) => spec.matching(db, s, variant).orderBy(...s.orderBy).limit(s.limit).offset(s.offset) as unknown as Preparable<{ id: number }[]>,
  );
  const ids = sql`${sql.placeholder('ids')}::int[]`;
  const rowsById = oncePerDb((db) => spec.rows(db).where(and(sql`${spec.id} = any(${ids})`, spec.rowsWhere)).orderBy(sql`array_position(${ids}, ${spec.id})`).prepare(spec.name));
  return {
    page: async (db: Executor, plan: ListPlan, values: Values, variant: V = '' as V, rowValues: Values = {}): Promise<R[]> => {
      const page = (await pageIds(db, plan, values, variant)).map((r) => r.id);
      return page.length ? rowsById(db).execute({ ...rowValues, ids: page }) : [];
    },
    matching: countStatement(spec.matching),
  };
}
