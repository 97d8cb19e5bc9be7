import type { Db, Tx } from '../db/client';
import type { FileStore } from '../files/index';
import { createDemoAccount, demoAccountExists, demoPasswordHash } from './users/index';
import { seedLandDemo } from './land/index';
import { seedMasterDataDemo } from './master-data/index';
import { seedPlansDemo } from './plans/index';
import { seedWorkspacesDemo } from './workspaces/index';
import { seedInventoryDemo } from './inventory/index';
import { seedWorkOrdersDemo } from './work-orders/index';
import { seedContractsDemo } from './contracts/index';
import { seedGrainsDemo } from './grains/index';
import { seedNotesDemo } from './notes/index';
import { seedRainsDemo } from './rains/index';
import { seedMonitoringsDemo } from './monitorings/index';
import { seedStoreDemo } from './store/index';
import { seedFieldMappingDemo } from './field-mapping/index';
import { seedNewsDemo } from './news/index';

export { DEMO_EMAIL, DEMO_PASSWORD } from './users/index';

/** The demo account and its workspace, where every module puts its demo data. */
export type DemoContext = { userId: number; workspaceId: number; fileStore?: FileStore };
/** One module's demo data, written on the seeding transaction. */
export type DemoSeeder = (tx: Tx, ctx: DemoContext) => Promise<void>;

/** Each module's demo data (in its own `<module>.demo.ts`), in dependency order: master data puts silos on a demo farm,
 * inventory takes its stock into the demo company from the demo providers, work orders use that stock. */
const DEMO_SEEDERS: DemoSeeder[] = [seedLandDemo, seedMasterDataDemo, seedPlansDemo, seedWorkspacesDemo, seedInventoryDemo, seedWorkOrdersDemo, seedGrainsDemo, seedContractsDemo, seedMonitoringsDemo, seedRainsDemo, seedNotesDemo, seedStoreDemo, seedFieldMappingDemo, seedNewsDemo];

/** Creates the demo account with its data once, in one transaction; false when it already exists. */
export async function seedDemo(db: Db, fileStore?: FileStore): Promise<boolean> {
  if (await demoAccountExists(db)) return false;
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    const ctx = { ...(await createDemoAccount(tx, passwordHash)), fileStore };
    for (const seed of DEMO_SEEDERS) await seed(tx, ctx);
  });
  return true;
}
