import type { FastifyInstance } from 'fastify';
import { seasonsRoutes } from './seasons.routes';
import './usage';

/** Seasons (module 'seasons'), season plans and field crops (module 'seasons_plans'). */
export async function seasonsModule(app: FastifyInstance) {
  await app.register(seasonsRoutes);
}
