import type { FastifyInstance } from 'fastify';
import { seasonsRoutes } from './seasons.routes';
import './usage';

/** What other modules may call: seasons, season plans and field crops written inside their transaction. */
export { createFieldCrops, createSeason, createSeasonPlan } from './seasons.service';
export { findSeasonByName } from './seasons.repo';

/** Seasons (module 'seasons'), season plans and field crops (module 'seasons_plans'). */
export async function seasonsModule(app: FastifyInstance) {
  await app.register(seasonsRoutes);
}
