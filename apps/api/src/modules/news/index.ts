import type { FastifyInstance } from 'fastify';
import { newsRoutes } from './news.routes';

export { seedNewsDemo } from './news.demo';
export { ContentLoadError, loadContent } from './content-load';

/** Novedades, Agro en un minuto, juegos y campañas (issue 12 §7, decision 0024): operator-loaded content. */
export async function newsModule(app: FastifyInstance) {
  await app.register(newsRoutes);
}
