import type { FastifyInstance } from 'fastify';
import { rainsRoutes } from './rains.routes';

export { seedRainsDemo } from './rains.demo';

/** Lluvias (issue 12 §4): rain records and the campaign's monthly totals. */
export async function rainsModule(app: FastifyInstance) {
  await app.register(rainsRoutes);
}
