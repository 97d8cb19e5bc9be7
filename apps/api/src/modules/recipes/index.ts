import type { FastifyInstance } from 'fastify';
import { recipesRoutes } from './recipes.routes';

/** Agronomic prescriptions (module agro_recipes): requests from work orders, the list, PDFs, cancel, the service account. */
export async function recipesModule(app: FastifyInstance) {
  await app.register(recipesRoutes);
}
