import type { FastifyInstance } from 'fastify';
import { resourceRoutes } from './crud.routes';
import { RESOURCE_DEFS } from './resources';
import './usage';

export { seedMasterDataDemo } from './master-data.demo';

/** Commercial master data (spec doc 3 §7 "Master data"): one declaration per resource, one generic route set. */
export async function masterDataModule(app: FastifyInstance) {
  for (const def of RESOURCE_DEFS) await app.register(resourceRoutes(def));
}
