import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics.routes';

export async function analyticsModule(app: FastifyInstance) {
  await app.register(analyticsRoutes);
}
