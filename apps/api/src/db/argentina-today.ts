import { sql } from 'drizzle-orm';

/** Argentina's time zone: the product's calendar days (ARCHITECTURE §3), whatever zone the server runs in. */
export const AR_ZONE = 'America/Argentina/Buenos_Aires';

/** Today's date in Argentina, in SQL: lots expire, news publish and games start by it. */
export const AR_TODAY = sql`(now() at time zone ${sql.raw(`'${AR_ZONE}'`)})::date`;
