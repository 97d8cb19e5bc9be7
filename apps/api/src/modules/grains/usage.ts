import { count, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fieldCrops, grainContracts, grainMovements, grainStocks } from '../../db/schema/index';
import { countOf, registerUsageCheck } from '../../http/usage-checks';

/**
 * Deleting a record grain movements, grain stocks or grain contracts name is refused with 409 naming them (team rule;
 * without it the foreign key would answer). Deleted movements still hold their references, so they count too.
 */
async function countRows(db: Executor, table: typeof grainMovements | typeof grainStocks | typeof grainContracts, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

const movementsText = (n: number) => (n ? `tiene ${countOf(n, 'movimiento de granos', 'movimientos de granos')}` : null);
const stocksText = (n: number) => (n ? `tiene ${countOf(n, 'stock de granos', 'stocks de granos')}` : null);
const contractsText = (n: number) => (n ? `tiene ${countOf(n, 'contrato de granos', 'contratos de granos')}` : null);

registerUsageCheck('destinations', async (db, id) => movementsText(await countRows(db, grainMovements, eq(grainMovements.destination_id, id))));
registerUsageCheck('destinations', async (db, id) => stocksText(await countRows(db, grainStocks, eq(grainStocks.destination_id, id))));
registerUsageCheck('transports', async (db, id) => movementsText(await countRows(db, grainMovements, eq(grainMovements.transport_id, id))));
registerUsageCheck('carriers', async (db, id) => movementsText(await countRows(db, grainMovements, eq(grainMovements.carrier_id, id))));
registerUsageCheck('contractors', async (db, id) => stocksText(await countRows(db, grainStocks, eq(grainStocks.contractor_id, id))));
registerUsageCheck('farms', async (db, id) => movementsText(await countRows(db, grainMovements, eq(grainMovements.farm_id, id))));
registerUsageCheck('fields', async (db, id) => movementsText(await countRows(db, grainMovements, eq(grainMovements.field_id, id))));
registerUsageCheck('companies', async (db, id) => movementsText(await countRows(db, grainMovements, or(eq(grainMovements.company_id, id), eq(grainMovements.partner_id, id)))));
registerUsageCheck('companies', async (db, id) => stocksText(await countRows(db, grainStocks, eq(grainStocks.company_id, id))));
registerUsageCheck('companies', async (db, id) => contractsText(await countRows(db, grainContracts, or(eq(grainContracts.company_id, id), eq(grainContracts.agreement_id, id)))));
registerUsageCheck('buyers', async (db, id) => contractsText(await countRows(db, grainContracts, eq(grainContracts.buyer_id, id))));
registerUsageCheck('seasons', async (db, id) => movementsText(await countRows(db, grainMovements, eq(grainMovements.season_id, id))));
registerUsageCheck('seasons', async (db, id) => stocksText(await countRows(db, grainStocks, eq(grainStocks.season_id, id))));
registerUsageCheck('seasons', async (db, id) => contractsText(await countRows(db, grainContracts, eq(grainContracts.season_id, id))));
// a plan's plots (even removed ones) that movements left from
registerUsageCheck('season_plans', async (db, id) => {
  const plots = db.select({ id: fieldCrops.field_crop_id }).from(fieldCrops).where(eq(fieldCrops.season_plan_id, id));
  return movementsText(await countRows(db, grainMovements, inArray(grainMovements.field_crop_id, plots)));
});

