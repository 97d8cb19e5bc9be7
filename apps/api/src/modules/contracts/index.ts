import type { FastifyInstance } from 'fastify';
import { contractsRoutes } from './contracts.routes';

/** Grain contracts and deliveries (module commercialization_stock, features contracts and deliveries). */
export async function contractsModule(app: FastifyInstance) {
  await app.register(contractsRoutes);
}

export { seedContractsDemo } from './contracts.demo';
