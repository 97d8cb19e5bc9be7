import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { cachedUntilWrite, sortsMatches, type Counter, type ListPlan } from './list-query';

/**
 * What a list statement is built from: the plan's filters (with placeholders) and order, the page as placeholders,
 * and `param(name)` for the caller's own values (the workspace, a scope).
 */
export type StatementShape = { where: SQL | undefined; orderBy: SQL[]; limit: Placeholder; offset: Placeholder; param(name: string): Placeholder };

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };
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
      // no name: db/client.ts names it by its text, as every other statement
      shapes.set(key, (prepared = build().prepare('')));
    }
    return prepared;
  };
}

const filterValues = (plan: ListPlan) => Object.keys(plan.shape.params).length;
const shapeKey = (plan: ListPlan, variant: string) => `${variant}\u0004${sortsMatches(plan) ? 'sorted' : ''}\u0004${plan.shape.key}`;

function statementShape(plan: ListPlan): StatementShape {
  return { where: plan.shape.where, orderBy: plan.orderBy, limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), param: (name) => sql.placeholder(name) };
}

/**
 * A list's page statement whose SQL text drizzle builds once per filter shape and database instead of on every
 * request: building the text of a joined select cost more CPU than the rest of a light list request (decision
 * 0029). `build` writes the query with the shape's placeholders; a call runs it with the plan's values, the page and
 * `values` (the caller's own placeholders). `variant` names the optional parts `build` adds or leaves out.
 */
export function listStatement<R>(build: (db: Executor, s: StatementShape, variant: string) => Preparable<R>) {
  const cache = shapeCache<R>();
  return (db: Executor, plan: ListPlan, values: Values, variant = ''): Promise<R> =>
    cache(db, shapeKey(plan, variant), () => build(db, statementShape(plan), variant), filterValues(plan)).execute({ ...plan.shape.params, ...values, limit: plan.limit, offset: plan.offset });
}

let counters = 0;

/**
 * The Counter of a list (listPage's `matching`): `build` writes its matching ids with the shape's placeholders; the
 * count statement is prepared once per shape and its figure cached per filter values until the next write.
 */
export function countStatement(build: (db: Executor, s: StatementShape, variant: string) => PgSelect) {
  const id = counters++;
  const cache = shapeCache<{ n: number }[]>();
  return (db: Executor, plan: ListPlan, values: Values, variant = ''): Counter => ({
    count(cap) {
      const key = shapeKey(plan, variant);
      const all = { ...plan.shape.params, ...values, cap: cap + 1 };
      return cachedUntilWrite(db, `counter\u0000${id}\u0000${key}\u0000${JSON.stringify(all)}`, async () => {
        const counted = cache(
          db,
          key,
          () => db.select({ n: sql<number>`cast(count(*) as integer)` }).from(build(db, statementShape(plan), variant).limit(sql.placeholder('cap')).as('matching')),
          filterValues(plan),
        );
        const [row] = await counted.execute(all);
        return Number(row?.n ?? 0);
      });
    },
  });
}
