import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Values as JavaScript writes them in JSON, for answers the database builds as JSON text (decisions 0031, 0042).
 */

/** An instant as Date#toISOString writes it (UTC, milliseconds truncated). */
export const isoInstant = (value: SQLWrapper): SQL => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A numeric as the JSON number Number() would write (30.500 → 30.5); exact while it has at most 15 digits. */
export const jsonNumber = (value: SQLWrapper): SQL => sql`trim_scale(${value})`;
