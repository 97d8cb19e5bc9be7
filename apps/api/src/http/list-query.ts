import { and, asc, Column, desc, gt, ilike, inArray, is, isNull, lt, eq, or, sql, type SQL } from 'drizzle-orm';
import { Filters, invalidFilterValue, type FilterCond, type ListQuery } from '@fm/domain';
import { badRequest } from './errors';

export type FieldType = 'string' | 'number' | 'boolean' | 'date';
export type FieldSpec = { column: Column | SQL; type: FieldType; sortable?: boolean };
/** Whitelist of filterable/sortable fields of one list, by the name clients use. */
export type FieldMap = Record<string, FieldSpec>;

export type ListSpec = {
  /** The list's own resource name: `movement.status` and `status` both reach field `status`. */
  resource: string;
  fields: FieldMap;
  defaultOrder: SQL[];
  /** Maximum rows when the client does not ask for pagination. */
  unpagedLimit?: number;
};

export type ListPlan = {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  paginated: boolean;
  page: number;
  per_page: number;
};

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

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Calendar days are Argentina's (ARCHITECTURE §3: times stored UTC, shown in Argentina time). */
const AR_ZONE = 'America/Argentina/Buenos_Aires';
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
function dateCondition(column: Column | SQL, op: 'is' | 'gt' | 'lt', v: DateValue): SQL {
  const dayColumn = is(column, Column) && column.getSQLType() === 'date';
  const cmp = sql.raw(op === 'is' ? '=' : op === 'gt' ? '>' : '<');
  if (dayColumn) {
    const day = 'day' in v ? sql`${v.day}::date` : sql`(${v.instant}::timestamptz at time zone ${AR_ZONE})::date`;
    return sql`${column} ${cmp} ${day}`;
  }
  if ('instant' in v) return sql`${column} ${cmp} ${v.instant}::timestamptz`;
  const start = sql`(${v.day}::date)::timestamp at time zone ${AR_ZONE}`;
  const end = sql`(${v.day}::date + 1)::timestamp at time zone ${AR_ZONE}`;
  if (op === 'gt') return sql`${column} >= ${end}`;
  if (op === 'lt') return sql`${column} < ${start}`;
  return sql`(${column} >= ${start} and ${column} < ${end})`;
}

/** is / gt / lt against one coerced value. */
function compare(field: FieldSpec, name: string, op: 'is' | 'gt' | 'lt', value: string | number | boolean): SQL {
  if (field.type === 'date') {
    const v = dateValue(value);
    if (!v) throw invalidValue(name);
    return dateCondition(field.column, op, v);
  }
  // SQL expressions behave like columns in these operators; drizzle's overloads just do not say so
  const col = field.column as Column;
  return op === 'is' ? eq(col, value) : op === 'gt' ? gt(col, value) : lt(col, value);
}

function condition(spec: ListSpec, cond: FilterCond): SQL | undefined {
  const field = fieldOf(spec, cond.field);
  const col = field.column as Column;
  if (cond.condition === 'in') {
    if (!Array.isArray(cond.value)) throw badRequest(`La condición 'in' requiere una lista en '${cond.field}'`);
    if (cond.value.length === 0) return sql`false`;
    const values = cond.value.map((v) => coerce(field, cond.field, v)) as (string | number)[];
    return field.type === 'date' ? or(...values.map((v) => compare(field, cond.field, 'is', v))) : inArray(col, values);
  }
  if (Array.isArray(cond.value)) throw invalidValue(cond.field);
  const value = coerce(field, cond.field, cond.value);
  if (value === '' && cond.condition !== 'is') return undefined; // only non-empty values apply
  switch (cond.condition) {
    case 'contains':
      return ilike(field.type === 'string' ? col : sql`(${col})::text`, `%${escapeLike(String(value))}%`);
    case 'is':
      return value === null ? isNull(col) : compare(field, cond.field, 'is', value);
    case 'gt':
    case 'lt':
      if (value === null) throw invalidValue(cond.field);
      return compare(field, cond.field, cond.condition, value);
    case 'similar_to':
      if (typeof value !== 'string' || value.length > 200) throw invalidValue(cond.field);
      return sql`(${col})::text SIMILAR TO ${value}`;
  }
}

export function parseFilters(raw: string | undefined, spec: ListSpec): SQL | undefined {
  if (!raw) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw badRequest('El parámetro filters no es un JSON válido');
  }
  const parsed = Filters.safeParse(json);
  if (!parsed.success) throw badRequest('El parámetro filters no tiene el formato {"AND":[...],"OR":[...]}');
  const ands = (parsed.data.AND ?? []).map((c) => condition(spec, c)).filter((c): c is SQL => c !== undefined);
  const ors = (parsed.data.OR ?? []).map((c) => condition(spec, c)).filter((c): c is SQL => c !== undefined);
  const parts = [...ands];
  if (ors.length) parts.push(or(...ors) as SQL);
  return parts.length ? and(...parts) : undefined;
}

/** Turns the generic list query into a plan: filters (whitelisted), order, page. Anything unknown is a 400. */
export function planList(query: ListQuery, spec: ListSpec): ListPlan {
  const where = parseFilters(query.filters, spec);
  let orderBy = spec.defaultOrder;
  if (query.order_by) {
    const field = fieldOf(spec, query.order_by);
    if (field.sortable === false) throw badRequest(`No se puede ordenar por '${query.order_by}'`);
    orderBy = [(query.order ?? 'ASC').toUpperCase() === 'DESC' ? desc(field.column as Column) : asc(field.column as Column)];
  }
  const paginated = query.pagination === 'true';
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 10;
  return {
    where,
    orderBy,
    paginated,
    page,
    per_page: perPage,
    limit: paginated ? perPage : (spec.unpagedLimit ?? MAX_UNPAGED),
    offset: paginated ? (page - 1) * perPage : 0,
  };
}

/** Window count selected beside the rows, so one query returns the page and the total. */
export const totalCount = sql<number>`cast(count(*) over() as integer)`;

/** Strips `_total` from rows and builds the envelope extras of a paged answer. */
export function pageOf<T extends { _total: number }>(rows: T[], plan: ListPlan) {
  const total = rows.length ? rows[0]._total : 0;
  const data = rows.map(({ _total, ...rest }) => rest);
  const extra = plan.paginated ? { total, page: plan.page, per_page: plan.per_page } : {};
  return { data, extra, total };
}
