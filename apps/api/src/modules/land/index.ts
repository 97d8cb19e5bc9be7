import type { FastifyInstance } from 'fastify';
import { boundaryRoutes } from './boundary.routes';
import { companiesRoutes } from './companies.routes';
import { farmsRoutes } from './farms.routes';
import './usage';

/** What other modules may call: creating land inside their transaction, agreement partners, the toggle answer. */
export { createCompany } from './companies.service';
export { partnersJson } from './companies.repo';
export { farmVisible, fieldVisible } from './farms.repo';
export { createFarm } from './farms.service';
export { seedLandDemo } from './land.demo';
export { toggleMessage } from './toggle-message';

/** Companies, farms and plots: account resources shared into workspaces (module 'resources'). */
export async function landModule(app: FastifyInstance) {
  await app.register(companiesRoutes);
  await app.register(farmsRoutes);
  await app.register(boundaryRoutes);
}
