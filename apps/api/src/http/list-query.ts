import { and, asc, Column, desc, gt, ilike, inArray, is, isNull, lt, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { Filters, foldAccents, invalidFilterValue, type FilterCond, type ListQuery } from '@fm/domain';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { AR_ZONE } from '../db/argentina-today';
import type { Executor } from '../db/client';
import { heavyWork } from '../db/heavy-work';
import { folded } from '../db/schema/common';
import type { EnvelopeExtra } from './envelope';
import { badRequest } from './errors';
import { orderForSearch, SEARCH_SORT_LIMIT } from './list-search';

export type FieldType = 'string' | 'number' | 'boolean' | 'date';
export type FieldSpec = {
  column: Column | SQL;
  type: FieldType;
  sortable?: boolean;
  /**
   * `contains` compares the column as it is, not with its accents folded (decision 0039): codes, whose own indexes
   * are on the stored text, and a column the module already folds (supplies).
   */
  verbatim?: true;
};
/** Whitelist of filterable/sortable fields of one list, by the name clients use. */
export type FieldMap = Record<string, FieldSpec>;

export type ListSpec = {
  /** The list's own resource name: `movement.status` and `status` both reach field `status`. */
  resource: string;
  fields: FieldMap;
  defaultOrder: SQL[];
  /** Maximum rows when the client does not ask for pagination. */
  unpagedLimit?: number;
  /**
   * Every search of the list is a `contains` / `similar_to` of its filters (no statement variant adds one of its
   * own): a dense search may then walk the order's index (searchPage), its worst case bounded by the list's size.
   */
  searchesOnlyInFilters?: boolean;
};

export type ListPlan = {
  /** The filters with their values inline, for the few statements not built per shape; built when first read. */
  readonly where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  paginated: boolean;
  page: number;
  per_page: number;
  /** The request's filters, parsed (checked for shape; the fields and values are checked by `where`). */
  filters: Filters | undefined;
  /** The same filters with placeholders: what a prepared list statement is built from (list-statement.ts). */
  shape: ListShape;
  /** A `contains` / `similar_to` filter applies: listPage may sort the matches instead of walking the order's index. */
  searches: boolean;
  /** The columns the filters and the order name: a module joins a table only when they need it. */
  columns: ReadonlySet<FieldSpec['column']>;
  /** The same list without its searches (a superset of its rows), for a spec with `searchesOnlyInFilters`. */
  readonly unsearched?: ListPlan;
};

/**
 * `where` with named placeholders (`f0`, `f1`, …) in place of the values, the values by name, and a key that is equal
 * for two plans exactly when their statements' texts are (filter fields, conditions, value kinds and the order).
 */
export type ListShape = { where: SQL | undefined; params: Record<string, unknown>; key: string };

function placeholders(): Binder & { params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  let n = 0;
  return {
    params,
    shape: [],
    bind(value) {
      const name = `f${n++}`;
      params[name] = value;
      return sql.placeholder(name);
    },
  };
}

const MAX_UNPAGED = 5000;
// Defence in depth: values are always bound parameters, but an injection attempt is refused outright.
const SQL_INJECTION = /(--|\/\*|\*\/|;\s*\w|['"`]\s*(or|and|union|select|;)\b|\b(union\s+select|drop\s+table|insert\s+into|delete\s+from|update\s+\w+\s+set|pg_sleep|information_schema)\b)/i;

function fieldOf(spec: ListSpec, name: string): FieldSpec {
  const own = `${spec.resource}.`;
  const field = spec.fields[name] ?? (name.startsWith(own) ? spec.fields[name.slice(own.length)] : undefined);
  if (!field) throw badRequest(`El campo de filtro '${name}' no está permitido`);
  return field;
}

const invalidValue = (name: string) => badRequest(invalidFilterValue(name));

function coerce(field: FieldSpec, name: string, value: unknown): string | number | boolean | null {
  if (value === null) return null;
  switch (field.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw invalidValue(name);
      return n;
    }
    case 'boolean':
      if (value === true || value === 'true') return true;
      if (value === false || value === 'false') return false;
      throw invalidValue(name);
    case 'date':
      // contains and similar_to read a date as text; is, gt, lt and in check it in compare
      if (typeof value !== 'string') throw invalidValue(name);
      return value;
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw invalidValue(name);
      if (SQL_INJECTION.test(String(value))) throw badRequest(`Valor de filtro no permitido para '${name}'`);
      return String(value);
  }
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The LIKE pattern of a `contains` (`%text%`, its LIKE characters literal, its accents folded): for `folded(column)`. */
export const foldedPattern = (text: string): string => `%${escapeLike(foldAccents(text))}%`;

/** `folded(text) ILIKE pattern`: how a foldedPattern or containsPattern is compared (decision 0039). */
export const matchesFolded = (text: SQLWrapper, pattern: string | SQLWrapper): SQL => ilike(folded(text), pattern);

/** The pattern of a search box's text, trimmed (foldedPattern); undefined when blank. */
export function containsPattern(text: string | undefined): string | undefined {
  const term = text?.trim();
  return term ? foldedPattern(term) : undefined;
}

/**
 * How a filter value enters the SQL: itself (a bound parameter), or a named placeholder whose value the binder
 * keeps, so one statement text serves every request of that filter shape (list-statement.ts). `shape` collects what
 * makes the text differ between two filters of the same fields: value kinds, list lengths, skipped conditions.
 */
export type Binder = { bind(value: unknown): unknown; shape: string[] };
const inline = (): Binder => ({ bind: (value) => value, shape: [] });

/** Calendar days are Argentina's (ARCHITECTURE §3: times stored UTC, shown in Argentina time). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A date filter value: a calendar day (`2025-07-01`) or an instant (ISO; without an offset it is Argentina time). */
type DateValue = { day: string } | { instant: string };

function isCalendarDay(s: string): boolean {
  const m = DAY.exec(s);
  if (!m || Number(m[1]) < 1) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

function dateValue(value: unknown): DateValue | undefined {
  if (typeof value !== 'string') return undefined;
  if (DAY.test(value)) return isCalendarDay(value) ? { day: value } : undefined;
  const m = INSTANT.exec(value);
  if (!m || !isCalendarDay(m[1])) return undefined;
  const instant = m[2] ? value : `${value}-03:00`;
  return Number.isNaN(Date.parse(instant)) ? undefined : { instant };
}

/**
 * is / gt / lt on a `date` or `timestamptz` column. The value is bound as text and cast in SQL: drizzle's
 * timestamp columns would otherwise call `toISOString()` on it (a 500). A day against a timestamp means that
 * Argentine day (from its 00:00 to the next), written as a range so an index on the column still serves.
 */
function dateCondition(column: Column | SQL, op: 'is' | 'gt' | 'lt', v: DateValue, b: Binder): SQL {
  const dayColumn = is(column, Column) && column.getSQLType() === 'date';
  const cmp = sql.raw(op === 'is' ? '=' : op === 'gt' ? '>' : '<');
  b.shape.push('day' in v ? 'day' : 'instant');
  if (dayColumn) {
    const day = 'day' in v ? sql`${b.bind(v.day)}::date` : sql`(${b.bind(v.instant)}::timestamptz at time zone ${AR_ZONE})::date`;
    return sql`${column} ${cmp} ${day}`;
  }
  if ('instant' in v) return sql`${column} ${cmp} ${b.bind(v.instant)}::timestamptz`;
  const start = sql`(${b.bind(v.day)}::date)::timestamp at time zone ${AR_ZONE}`;
  const end = sql`(${b.bind(v.day)}::date + 1)::timestamp at time zone ${AR_ZONE}`;
  if (op === 'gt') return sql`${column} >= ${end}`;
  if (op === 'lt') return sql`${column} < ${start}`;
  return sql`(${column} >= ${start} and ${column} < ${end})`;
}

/** is / gt / lt against one coerced value. */
function compare(field: FieldSpec, name: string, op: 'is' | 'gt' | 'lt', value: string | number | boolean, b: Binder): SQL {
  if (field.type === 'date') {
    const v = dateValue(value);
    if (!v) throw invalidValue(name);
    return dateCondition(field.column, op, v, b);
  }
  // SQL expressions behave like columns in these operators; drizzle's overloads just do not say so
  const col = field.column as Column;
  const bound = b.bind(value) as string | number | boolean;
  return op === 'is' ? eq(col, bound) : op === 'gt' ? gt(col, bound) : lt(col, bound);
}

function condition(spec: ListSpec, cond: FilterCond, b: Binder): SQL | undefined {
  const field = fieldOf(spec, cond.field);
  const col = field.column as Column;
  b.shape.push(`${cond.field}\u0001${cond.condition}`);
  if (cond.condition === 'in') {
    if (!Array.isArray(cond.value)) throw badRequest(`La condición 'in' requiere una lista en '${cond.field}'`);
    b.shape.push(String(cond.value.length));
    if (cond.value.length === 0) return sql`false`;
    const values = cond.value.map((v) => coerce(field, cond.field, v)) as (string | number)[];
    return field.type === 'date' ? or(...values.map((v) => compare(field, cond.field, 'is', v, b))) : inArray(col, values.map((v) => b.bind(v) as string | number));
  }
  if (Array.isArray(cond.value)) throw invalidValue(cond.field);
  const value = coerce(field, cond.field, cond.value);
  if (value === '' && cond.condition !== 'is') {
    b.shape.push('skipped');
    return undefined; // only non-empty values apply
  }
  switch (cond.condition) {
    case 'contains':
      if (field.type === 'string' && !field.verbatim) return matchesFolded(col, b.bind(foldedPattern(String(value))) as string);
      return ilike(field.type === 'string' ? col : sql`(${col})::text`, b.bind(`%${escapeLike(String(value))}%`) as string);
    case 'is':
      if (value === null) b.shape.push('null');
      return value === null ? isNull(col) : compare(field, cond.field, 'is', value, b);
    case 'gt':
    case 'lt':
      if (value === null) throw invalidValue(cond.field);
      return compare(field, cond.field, cond.condition, value, b);
    case 'similar_to':
      if (typeof value !== 'string' || value.length > 200) throw invalidValue(cond.field);
      return sql`(${col})::text SIMILAR TO ${b.bind(value)}`;
  }
}

/** The `filters` parameter parsed and checked for shape (400 when it is not JSON or not {"AND":[...],"OR":[...]}). */
function parsedFilters(raw: string | undefined): Filters | undefined {
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('El parámetro filters no es un JSON válido');
  }
  const parsed = Filters.safeParse(json);
  if (!parsed.success) throw badRequest('El parámetro filters no tiene el formato {"AND":[...],"OR":[...]}');
  return parsed.data;
}

function whereOf(filters: Filters | undefined, spec: ListSpec, b: Binder = inline()): SQL | undefined {
  if (!filters) return undefined;
  const ands = (filters.AND ?? []).map((c) => condition(spec, c, b)).filter((c): c is SQL => c !== undefined);
  b.shape.push('OR');
  const ors = (filters.OR ?? []).map((c) => condition(spec, c, b)).filter((c): c is SQL => c !== undefined);
  const parts = [...ands];
  if (ors.length) parts.push(or(...ors) as SQL);
  return parts.length ? and(...parts) : undefined;
}

export function parseFilters(raw: string | undefined, spec: ListSpec): SQL | undefined {
  return whereOf(parsedFilters(raw), spec);
}

const isSearch = (c: FilterCond) => c.condition === 'contains' || c.condition === 'similar_to';

/** The filters less their searches: the AND group's, and an OR group holding any (dropping one member would narrow it). */
function withoutSearches(filters: Filters | undefined): string | undefined {
  const and = (filters?.AND ?? []).filter((c) => !isSearch(c));
  const or = (filters?.OR ?? []).some(isSearch) ? [] : (filters?.OR ?? []);
  return and.length || or.length ? JSON.stringify({ AND: and, OR: or }) : undefined;
}

/** Turns the generic list query into a plan: filters (whitelisted), order, page. Anything unknown is a 400. */
export function planList(query: ListQuery, spec: ListSpec): ListPlan {
  const filters = parsedFilters(query.filters);
  const binder = placeholders();
  // checks every field and value (a 400 here); the inline form is built only for a caller that reads it
  const shapeWhere = whereOf(filters, spec, binder);
  let where: { sql: SQL | undefined } | undefined;
  let orderBy = spec.defaultOrder;
  let orderKey = '';
  const conds = [...(filters?.AND ?? []), ...(filters?.OR ?? [])];
  const columns = new Set(conds.map((c) => fieldOf(spec, c.field).column));
  if (query.order_by) {
    const field = fieldOf(spec, query.order_by);
    columns.add(field.column);
    if (field.sortable === false) throw badRequest(`No se puede ordenar por '${query.order_by}'`);
    const descending = (query.order ?? 'ASC').toUpperCase() === 'DESC';
    orderBy = [descending ? desc(field.column as Column) : asc(field.column as Column)];
    orderKey = `${query.order_by}\u0001${descending ? 'desc' : 'asc'}`;
  }
  const paginated = query.pagination === 'true';
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 10;
  const searches = shapeWhere !== undefined && conds.some(isSearch);
  let unsearched: { plan: ListPlan | undefined } | undefined;
  return {
    get where() {
      return (where ??= { sql: whereOf(filters, spec) }).sql;
    },
    get unsearched() {
      return (unsearched ??= { plan: searches && spec.searchesOnlyInFilters ? planList({ ...query, filters: withoutSearches(filters) }, spec) : undefined }).plan;
    },
    filters,
    shape: { where: shapeWhere, params: binder.params, key: `${binder.shape.join('\u0002')}\u0003${orderKey}` },
    orderBy,
    searches,
    columns,
    paginated,
    page,
    per_page: perPage,
    limit: paginated ? perPage : (spec.unpagedLimit ?? MAX_UNPAGED),
    offset: paginated ? (page - 1) * perPage : 0,
  };
}

/** Exact totals stop here: past it a page answers `total` = the cap and `total_capped: true` (decision 0011). */
export const COUNT_CAP = 10_000;
/** A cached total lives this long at most (other instances' writes, jobs); any write through this app drops it at once. */
const COUNT_TTL_MS = 30_000;
const COUNT_CACHE_MAX = 5_000;

type CachedFigure = { value: unknown; generation: number; at: number };
/** By database (each test app has its own): the same statement on another database is another figure. */
const figuresByDb = new WeakMap<object, Map<string, CachedFigure>>();
let generation = 0;

/**
 * Makes every cached figure stale. app.ts calls it when a write request starts and when it answers, so a list
 * read after a write (or counted while it ran) never reuses a figure computed before it.
 */
export function invalidateListCounts(): void {
  generation += 1;
}

export type Page<T> = { data: T[]; extra: EnvelopeExtra; total: number };

/** A page of rows the database wrote as JSON (decision 0042) as its texts alone, to splice into the answer. */
export const pageTexts = (page: Page<{ json: string }>): Page<string> => ({ ...page, data: page.data.map((row) => row.json) });

/**
 * A per-filter figure (a list's total, the plot names a search matches) computed once and reused until the next
 * write or COUNT_TTL_MS; the key must hold everything the figure depends on (database aside).
 */
export async function cachedUntilWrite<T>(db: Executor, key: string, compute: () => Promise<T>): Promise<T> {
  let figures = figuresByDb.get(db);
  if (!figures) figuresByDb.set(db, (figures = new Map()));
  const hit = figures.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < COUNT_TTL_MS) return hit.value as T;
  if (hit) figures.delete(key);
  const computedIn = generation;
  const value = await compute();
  // a write ran meanwhile: the figure may already be old
  if (computedIn === generation) {
    if (figures.size >= COUNT_CACHE_MAX) figures.delete(figures.keys().next().value as string);
    figures.set(key, { value, generation: computedIn, at: Date.now() });
  }
  return value;
}

/**
 * How many rows match, counted at most up to `cap` + 1 and once per filter: the figure is cached by the matching
 * statement (SQL text and parameters, so workspace, filters and scope are part of the key) until the next write.
 */
export async function countMatching(db: Executor, matching: PgSelect, cap = COUNT_CAP): Promise<number> {
  const { sql: text, params } = matching.toSQL();
  return cachedUntilWrite(db, `count\u0000${cap}\u0000${text}\u0000${JSON.stringify(params)}`, async () => {
    const [row] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(matching.limit(cap + 1).as('matching'));
    return Number(row?.n ?? 0);
  });
}

/** Rows read by id (`= any(ids)`, no order) put back in the page's order of `ids`; ids without a row are left out. */
export function inIdOrder<T>(ids: readonly number[], rows: readonly T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is T => r !== undefined);
}

/**
 * Counts a list's matches up to a cap (list-statement.ts `countStatement`: a prepared count, cached per filter);
 * `forPlan` counts the same list under another plan (searchPage: its size without the searches).
 */
export type Counter = { count(cap: number): Promise<number>; forPlan?(plan: ListPlan): Counter };
/** What a list counts: a select of its matching ids (counted by countMatching), or a Counter. */
export type Matching = (() => PgSelect) | Counter;

const countOf = (db: Executor, matching: Matching, cap = COUNT_CAP): Promise<number> =>
  typeof matching === 'function' ? countMatching(db, matching(), cap) : matching.count(cap);

/**
 * One list answer: the page's rows and, when paged, its total. The total comes from the page itself when it is
 * the last one (fewer rows than per_page), else from countMatching over `matching` (the same FROM and WHERE as
 * the rows, selecting only an id: no joins the filters do not need, no window count over the full join).
 * `matching` is built only when needed; unpaged lists never count.
 */
export async function listPage<T>(db: Executor, plan: ListPlan, rows: () => Promise<T[]>, matching: Matching): Promise<Page<T>> {
  if (plan.paginated && plan.searches) return searchPage(db, plan, rows, matching);
  if (!plan.paginated) {
    const data = await heavyWork(db, rows);
    return { data, extra: {}, total: data.length };
  }
  const data = await rows();
  const lastPage = data.length < plan.per_page && (data.length > 0 || plan.offset === 0);
  return pageOf(plan, data, lastPage ? plan.offset + data.length : await countOf(db, matching));
}

export function pageOf<T>(plan: ListPlan, data: T[], counted: number): Page<T> {
  const lastPage = data.length < plan.per_page && (data.length > 0 || plan.offset === 0);
  let total = lastPage ? plan.offset + data.length : counted;
  const capped = !lastPage && total > COUNT_CAP;
  if (capped) total = Math.max(COUNT_CAP, plan.offset + data.length);
  return { data, extra: { total, page: plan.page, per_page: plan.per_page, ...(capped ? { total_capped: true } : {}) }, total };
}

/**
 * A paged list with a name search: its matches are counted first (cached per filter like every total) and
 * list-search.ts chooses between walking the order's index and sorting the matches (decision 0011, 0033).
 * `rows()` reads `plan.orderBy` when it runs, so the changed order reaches the module's query.
 */
async function searchPage<T>(db: Executor, plan: ListPlan, rows: () => Promise<T[]>, matching: Matching): Promise<Page<T>> {
  const matches = await countOf(db, matching, SEARCH_SORT_LIMIT);
  const unsearched = plan.unsearched;
  const counter = typeof matching === 'function' ? undefined : matching.forPlan;
  const size = unsearched && counter ? (cap: number) => counter(unsearched).count(cap) : undefined;
  await orderForSearch(plan, matches, size);
  return pageOf(plan, await rows(), Math.min(matches, COUNT_CAP + 1));
}
