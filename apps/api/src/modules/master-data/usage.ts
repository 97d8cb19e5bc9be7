import { count, eq } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { carriers, destinations } from '../../db/schema/index';
import { countOf, registerUsageCheck } from '../../http/usage-checks';

async function countWhere(db: Executor, table: PgTable, column: Column, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(eq(column, id));
  return Number(row?.n ?? 0);
}

/** Uses inside master data: carriers of a transport, destinations of a buyer or on a farm. */
registerUsageCheck('transports', async (db, id) => {
  const n = await countWhere(db, carriers, carriers.transport_id, id);
  return n ? `tiene ${countOf(n, 'chofer', 'choferes')}` : null;
});

registerUsageCheck('buyers', async (db, id) => {
  const n = await countWhere(db, destinations, destinations.buyer_id, id);
  return n ? `lo ${n === 1 ? 'usa' : 'usan'} ${countOf(n, 'destino', 'destinos')}` : null;
});

registerUsageCheck('farms', async (db, id) => {
  const n = await countWhere(db, destinations, destinations.farm_id, id);
  return n ? `tiene ${countOf(n, 'destino', 'destinos')} (silos o silobolsas)` : null;
});

