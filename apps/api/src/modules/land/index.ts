import type { FastifyInstance } from 'fastify';
import { ADDON_ID } from '@fm/domain';
import { registerUsageCounter } from '../plans/plans.service';
import { boundaryRoutes } from './boundary.routes';
import { companiesRoutes } from './companies.routes';
import { countAccountCompanies } from './companies.repo';
import { farmsRoutes } from './farms.routes';
import './usage';

registerUsageCounter(ADDON_ID.COMPANIES, countAccountCompanies);

/** Companies, farms and plots: account resources shared into workspaces (module 'resources'). */
export async function landModule(app: FastifyInstance) {
  await app.register(companiesRoutes);
  await app.register(farmsRoutes);
  await app.register(boundaryRoutes);
}
