import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Values as JavaScript writes them in JSON, for answers the database builds as JSON text (decisions 0031, 0042).
 */

/** An instant as Date#toISOString writes it (UTC, milliseconds truncated). */
export const isoInstant = (value: SQLWrapper): SQL => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `{"<idKey>": id, "name": name}`, the shape every answer gives a referenced record. */
export const jsonIdName = (idKey: string, id: SQLWrapper, name: SQLWrapper): SQL => sql`json_build_object(${sql.raw(`'${idKey}'`)}, ${id}, 'name', ${name})`;

/** A numeric as the JSON number Number() would write (30.500 → 30.5); exact while it has at most 15 digits. */
export const jsonNumber = (value: SQLWrapper): SQL => sql`trim_scale(${value})`;

const E20 = sql.raw('100000000000000000000');
const E18 = sql.raw('1000000000000000000');

/**
 * a ÷ b (b > 0) rounded half away from zero at 20 decimals, then at 2: exact-decimal's toFixedString(div(a, b), 2)
 * and big.js's, written with `div` (PostgreSQL's exact integer quotient) so that no intermediate numeric scale rounds
 * in between (decision 0031; property-tested in work-orders.totals.test.ts and inventory/stock-json.test.ts).
 */
export function quotient2(a: SQL, b: SQL): SQL {
  const q20 = sql`div(abs(${a}) * ${E20} * 2 + ${b}, 2 * ${b})`;
  return sql`(sign(${a}) * div(${q20} + ${E18} / 2, ${E18}) * 0.01)`;
}
